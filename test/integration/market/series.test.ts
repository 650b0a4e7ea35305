import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundingColumns, TradeColumns } from '../../../shared/contract/market-schemas.ts';
import type { MdeApi } from '../../../shared/contract/types.ts';
import type { LatestFundingRow } from '../../../shared/rows/funding-row.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import { expectNonDecreasing } from '../conformance/support/paging.ts';
import { webSocketApi } from '../client/support/contract-transports.ts';
import { paidKey } from '../client/support/test-service.ts';
import { marketCaps } from '../../../electron/host/market/market-handlers.ts';
import { marketRig } from './support/market-rig.ts';
import { rawRows } from './support/raw-rows.ts';
import { fundingHour, startSeriesService, tradesHour, type SeriesService } from './support/series-service.ts';

// market.trades and market.funding over the local service on 127.0.0.1, serving a folder of
// fixture files (a DirectoryStore): the columns must equal the raw rows, field by field.

const hour = 3_600_000;
const btc = { source: 'hyperliquid', market: 'BTC' } as const;
const tradesRange = { ...btc, start: tradesHour, end: tradesHour + hour - 1 };
const fundingRange = { ...btc, start: fundingHour, end: fundingHour + hour - 1 };

let fixture: SeriesService;
beforeAll(async () => {
  fixture = await startSeriesService();
});
afterAll(async () => {
  await fixture.close();
});

/** The columns the raw trade rows must become: the side as 1 buy, -1 sell, 0 unknown; 1 only where the venue flagged a liquidation. */
function tradeColumnsOfRows(rows: readonly TradeRow[]): Omit<TradeColumns, 'cap' | 'truncated' | 'droppedUntil'> {
  return {
    time: rows.map((row) => row.collector_timestamp),
    price: rows.map((row) => row.price),
    quantity: rows.map((row) => row.quantity),
    side: rows.map((row) => (row.side === null ? 0 : row.side === 'buy' ? 1 : -1)),
    liquidation: rows.map((row) => (row.liquidation === true ? 1 : 0)),
  };
}

/** A published decimal as a number (zero without a sign); not published (null or absent) stays null. */
const published = (value: string | null | undefined): number | null => (value === null || value === undefined ? null : Math.abs(Number(value)) === 0 ? 0 : Number(value));

function fundingColumnsOfRows(rows: readonly LatestFundingRow[]): Omit<FundingColumns, 'cap' | 'truncated' | 'droppedUntil'> {
  return {
    time: rows.map((row) => row.collector_timestamp),
    fundingRate: rows.map((row) => published(row.funding_rate)),
    predictedFundingRate: rows.map((row) => published(row.predicted_funding_rate)),
    premium: rows.map((row) => published(row.premium)),
    markPrice: rows.map((row) => published(row.mark_price)),
    indexPrice: rows.map((row) => published(row.index_price)),
    openInterest: rows.map((row) => published(row.open_interest)),
    fundingTime: rows.map((row) => row.funding_timestamp),
  };
}

/** The last `count` entries of every column. */
function newest<Columns extends Record<string, unknown[]>>(columns: Columns, count: number): Columns {
  const out: Record<string, unknown[]> = {};
  for (const [field, values] of Object.entries(columns)) out[field] = values.slice(-count);
  return out as Columns;
}

/** Runs `check` over the Electron path and over browser mode's WebSocket (JSON: nulls and numbers must survive it). */
async function overBothTransports(rig: ReturnType<typeof marketRig>, check: (api: MdeApi, transport: string) => Promise<void>): Promise<void> {
  await check(rig.api, 'ipc');
  const ws = await webSocketApi(rig.handlers);
  try {
    await check(ws.api, 'websocket');
  } finally {
    await ws.close();
  }
}

describe('market.trades columns equal the raw /historical/trades rows', () => {
  it('field by field: a null side is 0 (never a buy), the liquidation flag, string prices read as numbers', async () => {
    const raw = await rawRows<TradeRow>(fixture.service.baseUrl, '/historical/trades', { ...tradesRange, limit: 2 }, paidKey);
    // The fixture as written: both no-side trades are served with side null, one liquidation is flagged with no side.
    expect(raw.map((row) => [row.side, row.liquidation])).toEqual([
      ['buy', true],
      ['sell', false],
      [null, null],
      [null, true],
      ['buy', null],
      ['sell', null],
    ]);
    const expected = tradeColumnsOfRows(raw);
    expect(expected.side).toEqual([1, -1, 0, 0, 1, -1]);
    expect(expected.liquidation).toEqual([1, 0, 0, 1, 0, 0]);
    expect(expected.price).toEqual([84210.5, 84209, 84208, 84207.25, 84300, 84301.5]);

    const rig = marketRig({ baseUrl: fixture.service.baseUrl, key: paidKey });
    await overBothTransports(rig, async (api, transport) => {
      expect(await api.market.trades({ ...tradesRange, requestId: `t-${transport}` }), transport).toEqual({ ...expected, cap: marketCaps.trades, truncated: false, droppedUntil: null });
    });
    // Read back from the range's end in windows: counts that never fall, ending at the rows read.
    expectNonDecreasing(rig.progressOf('t-ipc'), 'market.progress rows');
    expect(rig.progressOf('t-ipc').at(-1)).toBe(6);
  });

  it('keeps the newest cap rows and says up to when it left rows out; with the cap at the row count, all of them and not truncated', async () => {
    const expected = tradeColumnsOfRows(await rawRows<TradeRow>(fixture.service.baseUrl, '/historical/trades', { ...tradesRange, limit: 1000 }, paidKey));
    const lastFour = newest(expected, 4);
    const capped = await marketRig({ baseUrl: fixture.service.baseUrl, key: paidKey, caps: { trades: 4 } }).api.market.trades({ ...tradesRange, requestId: 't-cap' });
    expect(capped).toEqual({ ...lastFour, cap: 4, truncated: true, droppedUntil: capped.droppedUntil });
    expect(capped.droppedUntil).toBeGreaterThanOrEqual(expected.time[1] ?? Number.NaN);
    expect(capped.droppedUntil).toBeLessThanOrEqual(expected.time[2] ?? Number.NaN);
    const exact = await marketRig({ baseUrl: fixture.service.baseUrl, key: paidKey, caps: { trades: 6 } }).api.market.trades({ ...tradesRange, requestId: 't-exact' });
    expect(exact).toEqual({ ...expected, cap: 6, truncated: false, droppedUntil: null });
  });
});

describe('market.funding columns equal the raw /funding-rates rows', () => {
  it('field by field: decimal strings as numbers, and every field not published null, never 0', async () => {
    const raw = await rawRows<LatestFundingRow>(fixture.service.baseUrl, '/funding-rates', { ...fundingRange, limit: 2 }, paidKey);
    const expected = fundingColumnsOfRows(raw);
    // Worked out by hand from test/fixtures/rows/funding-exactness.jsonl: a full ticker, one with
    // nulls, one without an instrument, and a funding_rate point (the rate alone).
    expect(expected).toEqual({
      time: [fundingHour + 100, fundingHour + 200, fundingHour + 300, fundingHour + 350],
      fundingRate: [0.0001, 0.0000125, -0.0000031, -0.0000125],
      predictedFundingRate: [0, null, 0, null],
      premium: [1e-7, null, -0.00003, null],
      markPrice: [84210.5, null, null, null],
      indexPrice: [84200, null, null, null],
      openInterest: [1250, null, 0, null],
      fundingTime: [1772438400000, null, null, null],
    });

    const rig = marketRig({ baseUrl: fixture.service.baseUrl, key: paidKey });
    await overBothTransports(rig, async (api, transport) => {
      const columns = await api.market.funding({ ...fundingRange, requestId: `f-${transport}` });
      expect(columns, transport).toEqual({ ...expected, cap: marketCaps.funding, truncated: false, droppedUntil: null });
      // Zero is zero everywhere, whatever sign the venue wrote.
      expect(Object.is(columns.predictedFundingRate[0], 0), transport).toBe(true);
    });
    expectNonDecreasing(rig.progressOf('f-ipc'), 'market.progress rows');
    expect(rig.progressOf('f-ipc').at(-1)).toBe(4);
  });

  it('keeps the newest cap observations', async () => {
    const expected = fundingColumnsOfRows(await rawRows<LatestFundingRow>(fixture.service.baseUrl, '/funding-rates', { ...fundingRange, limit: 1000 }, paidKey));
    const capped = await marketRig({ baseUrl: fixture.service.baseUrl, key: paidKey, caps: { funding: 2 } }).api.market.funding({ ...fundingRange, requestId: 'f-cap' });
    expect(capped).toEqual({ ...newest(expected, 2), cap: 2, truncated: true, droppedUntil: capped.droppedUntil });
    expect(capped.droppedUntil).toBeGreaterThanOrEqual(expected.time[1] ?? Number.NaN);
    expect(capped.droppedUntil).toBeLessThanOrEqual(expected.time[2] ?? Number.NaN);
    const exact = await marketRig({ baseUrl: fixture.service.baseUrl, key: paidKey, caps: { funding: 4 } }).api.market.funding({ ...fundingRange, requestId: 'f-exact' });
    expect(exact).toEqual({ ...expected, cap: 4, truncated: false, droppedUntil: null });
  });
});
