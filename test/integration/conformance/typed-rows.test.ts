import { describe, expect, it } from 'vitest';
import { l2Slots, type L2Row } from '../../../shared/rows/l2-row.ts';
import type { CandleRow } from '../../../shared/rows/candle-row.ts';
import type { InstrumentsResponse } from '../../../shared/rows/catalog.ts';
import type { TypedRowBase } from '../../../shared/rows/common.ts';
import type { FundingRow, LatestFundingRow } from '../../../shared/rows/funding-row.ts';
import type { IntentRow } from '../../../shared/rows/intent-row.ts';
import { optionTickerDecimalFields, type OptionTickerRow } from '../../../shared/rows/option-ticker-row.ts';
import type { QuoteRow } from '../../../shared/rows/quote-row.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import type { Query } from './support/http.ts';
import { hourFileLines } from './support/oracle.ts';
import { expectArrivalOrder, expectMergedByTime, expectNonDecreasing, pageAll, type PageBody } from './support/paging.ts';
import { fixedNow, hourMs, hourStartOf, minuteMs, paidKey, serviceFixture } from './support/service-fixture.ts';
import { lineTime, type SnapshotLine } from './support/snapshot-file.ts';

const service = serviceFixture();
const spx = { source: 'hyperliquid', market: 'SPX' } as const;
const currentHour = hourStartOf(fixedNow);
const previousHour = currentHour - hourMs;

async function rows<Row>(path: string, query: Query, key?: string): Promise<Row[]> {
  return (await pageAll<Row>(service, path, { query: { limit: 1000, ...query }, ...(key === undefined ? {} : { key }) })).items;
}

function expectCommonFields(row: TypedRowBase, label: string): void {
  for (const field of ['event_id', 'source', 'market', 'source_capture_id'] as const) expect(typeof row[field], `${label} ${field}`).toBe('string');
  expect(Number.isSafeInteger(row.collector_timestamp), `${label} collector_timestamp`).toBe(true);
  expect(row, label).toHaveProperty('exchange_timestamp');
  expect(row.exchange_timestamp === null || Number.isSafeInteger(row.exchange_timestamp), `${label} exchange_timestamp`).toBe(true);
  expect(row.schema_version, `${label} schema_version`).toBe(2);
}

describe('4.7–4.11 typed rows', () => {
  it('4.11 every typed endpoint returns rows with the 2.1 fields, each stream in arrival order, streams merged by time', async () => {
    const endpoints: [string, Query, string | undefined][] = [
      ['/historical/trades', { market: 'BTC', start: fixedNow - 3 * minuteMs, end: fixedNow }, paidKey],
      ['/historical/orderbook-l2', spx, undefined],
      ['/historical/funding-rates', spx, undefined],
      ['/historical/options-ticker', { source: 'deribit', market: 'ETH' }, undefined],
      ['/l2-updates', { ...spx, start: fixedNow - 10 * minuteMs }, undefined],
      ['/funding-rates', spx, undefined],
      ['/perpetual-ticker', spx, undefined],
      ['/options-ticker', { source: 'deribit', market: 'ETH', start: fixedNow - 10 * minuteMs }, undefined],
      ['/intents', {}, undefined],
      ['/quotes', {}, undefined],
    ];
    for (const [path, query, key] of endpoints) {
      const items = await rows<TypedRowBase>(path, query, key);
      expect(items.length, path).toBeGreaterThan(0);
      items.forEach((row, index) => expectCommonFields(row, `${path}[${index}]`));
      expectArrivalOrder(items, path);
      expectMergedByTime(items.map((row) => row.collector_timestamp), path);
    }
  });

  it('4.13.2 a stream comes in arrival order even where the stored file steps backwards in time, and the range keeps every row collected in it', async () => {
    const kinds: Record<string, string> = { orderbook: 'l2_update', trade: 'trade', perpetual_ticker: 'funding_rate' };
    const served = (file: SnapshotLine[]): SnapshotLine[] =>
      file.filter((line) => typeof line.type === 'string' && line.type in kinds && (line.type !== 'perpetual_ticker' || 'funding_rate' in (line.data as object)));
    const lines = served(await hourFileLines(service, spx.source, spx.market, previousHour));
    let highest = Number.NEGATIVE_INFINITY;
    let stepsBack = 0;
    for (const line of lines) {
      if (lineTime(line) < highest) stepsBack++;
      highest = Math.max(highest, lineTime(line));
    }
    expect(stepsBack, 'the stored hour has lines out of collector-time order').toBeGreaterThan(0);
    // The oracle: the lines of the hour's file, then those of the next file stamped back into the hour, in file order.
    const next = served(await hourFileLines(service, spx.source, spx.market, currentHour));
    const expected = [...lines, ...next].map(lineTime).filter((time) => time >= previousHour && time < currentHour);
    const items = await rows<{ type: string; data: TypedRowBase }>('/events', { ...spx, types: 'trade,l2_update,funding_rate', start: previousHour, end: currentHour - 1 }, paidKey);
    expect(items.map((item) => item.data.collector_timestamp)).toEqual(expected);
    expectArrivalOrder(items.map((item) => item.data), '/events');
  });

  it('4.7 source, market and instrument are exact filters; market matches across sources', async () => {
    const range = { start: fixedNow - 3 * minuteMs, end: fixedNow };
    const btc = await rows<TradeRow>('/historical/trades', { market: 'BTC', ...range }, paidKey);
    expect(new Set(btc.map((row) => row.source))).toEqual(new Set(['hyperliquid', 'deribit']));
    expect(btc.every((row) => row.market === 'BTC')).toBe(true);
    const hyperliquid = await rows<TradeRow>('/historical/trades', { source: 'hyperliquid', market: 'BTC', ...range }, paidKey);
    expect(hyperliquid).toEqual(btc.filter((row) => row.source === 'hyperliquid'));
    const instrument = btc.find((row) => row.source === 'deribit')?.instrument;
    if (instrument === undefined || instrument === null) throw new Error('no deribit trade with an instrument');
    const one = await rows<TradeRow>('/historical/trades', { market: 'BTC', instrument, ...range }, paidKey);
    expect(one).toEqual(btc.filter((row) => row.instrument === instrument));
    expect(await rows<TradeRow>('/historical/trades', { market: 'BT', ...range }, paidKey)).toEqual([]);
    expect(await rows<TradeRow>('/historical/trades', { source: 'HYPERLIQUID', market: 'BTC', ...range }, paidKey)).toEqual([]);
  });

  it('2.2 trade rows carry a numeric price and quantity and a side of buy, sell or null', async () => {
    const trades = await rows<TradeRow>('/historical/trades', spx);
    expect(trades.length).toBeGreaterThan(0);
    for (const row of trades) {
      expect(typeof row.price).toBe('number');
      expect(row.price).toBeGreaterThan(0);
      expect(typeof row.quantity).toBe('number');
      expect([null, 'buy', 'sell']).toContain(row.side);
      for (const field of ['order_id', 'maker', 'taker', 'liquidation'] as const) expect(row).toHaveProperty(field);
    }
  });

  it('2.3 L2 rows carry all 25 slots per side (100 level fields, number or null) plus instrument and exchange_timestamp', async () => {
    const items = await rows<L2Row>('/l2-updates', { ...spx, start: fixedNow - 5 * minuteMs });
    expect(items.some((row) => row.source_event_is_snapshot)).toBe(true);
    expect(items.some((row) => !row.source_event_is_snapshot)).toBe(true);
    for (const row of items) {
      expect(row).toHaveProperty('instrument');
      expect(typeof row.source_event_is_snapshot).toBe('boolean');
      for (const slot of l2Slots) {
        for (const field of [slot.bidPx, slot.bidSz, slot.askPx, slot.askSz]) {
          expect(row).toHaveProperty(field);
          const value = row[field];
          expect(value === null || Number.isFinite(value), field).toBe(true);
        }
      }
    }
    // A source snapshot is a complete sorted book: bids descending, asks ascending, not crossed.
    for (const row of items.filter((item) => item.source_event_is_snapshot)) {
      const bids = l2Slots.map((slot) => row[slot.bidPx]).filter((value): value is number => value !== null);
      const asks = l2Slots.map((slot) => row[slot.askPx]).filter((value): value is number => value !== null);
      expect(bids.length).toBeGreaterThan(0);
      expect(bids).toEqual([...bids].sort((a, b) => b - a));
      expect(asks).toEqual([...asks].sort((a, b) => a - b));
      expect(bids[0]).toBeLessThan(asks[0] ?? Number.POSITIVE_INFINITY);
    }
  });

  it('4.8 /historical/orderbook-l2 serves the same source-event rows as /l2-updates for the same range', async () => {
    const range = { ...spx, start: fixedNow - 8 * minuteMs, end: fixedNow - 2 * minuteMs };
    expect(await rows<L2Row>('/historical/orderbook-l2', range, paidKey)).toEqual(await rows<L2Row>('/l2-updates', range, paidKey));
  });

  it('2.13 a legacy-format dataset (microsecond timestamps) is served with millisecond collector times', async () => {
    const items = await rows<L2Row>('/l2-updates', { source: 'lighter', market: 'BTC-USD', start: fixedNow - 5 * minuteMs });
    expect(items.length).toBeGreaterThan(0);
    for (const row of items) {
      expect(row.collector_timestamp).toBeGreaterThanOrEqual(fixedNow - 5 * minuteMs);
      expect(row.collector_timestamp).toBeLessThanOrEqual(fixedNow);
    }
  });

  it('4.11 /perpetual-ticker equals /funding-rates (same filters, pagination and rows)', async () => {
    const page = { ...spx, limit: 50 };
    const funding = await service.get<PageBody<LatestFundingRow>>('/funding-rates', { query: page });
    const ticker = await service.get<PageBody<LatestFundingRow>>('/perpetual-ticker', { query: page });
    expect(ticker.body.items).toEqual(funding.body.items);
    expect(ticker.body.has_more).toBe(funding.body.has_more);
    const keyed = { ...spx, start: fixedNow - 3 * hourMs, end: fixedNow - 2 * hourMs };
    expect(await rows<LatestFundingRow>('/perpetual-ticker', keyed, paidKey)).toEqual(await rows<LatestFundingRow>('/funding-rates', keyed, paidKey));
  });

  it('2.4 latest-hour funding rows add mark_price, index_price and open_interest only when the same observation published them; historical rows do not', async () => {
    const range = { ...spx, start: previousHour + 40 * minuteMs, end: currentHour - 1 };
    const latest = await rows<LatestFundingRow>('/funding-rates', range);
    const historical = await rows<FundingRow>('/historical/funding-rates', range, paidKey);
    expect(latest.length).toBeGreaterThan(100);
    expect(historical.map((row) => row.event_id)).toEqual(latest.map((row) => row.event_id));
    for (const row of historical) for (const field of ['mark_price', 'index_price', 'open_interest']) expect(row).not.toHaveProperty(field);
    const published = new Map<string, Record<string, unknown>>();
    for (const line of await hourFileLines(service, spx.source, spx.market, previousHour)) {
      const data = line.data as Record<string, unknown>;
      if (line.type === 'perpetual_ticker' && 'funding_rate' in data) published.set(`${lineTime(line)}:${String(data.funding_rate)}`, data);
    }
    let withMark = 0;
    for (const row of latest) {
      const data = published.get(`${row.collector_timestamp}:${String(row.funding_rate)}`);
      if (data === undefined) throw new Error(`funding row ${row.event_id} has no funding-bearing observation in the file`);
      for (const field of ['mark_price', 'index_price', 'open_interest'] as const) {
        if (field in data) expect(row[field], field).toBe(data[field]);
        else expect(row, field).not.toHaveProperty(field);
      }
      if ('mark_price' in data) withMark++;
    }
    expect(withMark).toBeGreaterThan(0);
    expect(withMark).toBeLessThan(latest.length);
  });

  it('2.4 funding rows keep decimal strings and nulls (a null is not zero)', async () => {
    const items = await rows<FundingRow>('/historical/funding-rates', spx);
    for (const row of items) {
      for (const field of ['funding_rate', 'predicted_funding_rate', 'premium'] as const) {
        const value = row[field];
        expect(value === null || (typeof value === 'string' && /^-?\d+(\.\d+)?(e-?\d+)?$/.test(value)), `${field} ${String(value)}`).toBe(true);
      }
    }
    expect(items.some((row) => row.predicted_funding_rate === null)).toBe(true);
  });

  it('4.10 /options-ticker: market is the underlying, no instrument gives the whole chain, instrument gives one contract', async () => {
    const underlying = { source: 'deribit', market: 'ETH', start: fixedNow - 5 * minuteMs };
    const chainRows = await rows<OptionTickerRow>('/options-ticker', underlying);
    const contracts = new Set(chainRows.map((row) => row.instrument));
    expect(contracts.size).toBeGreaterThan(5);
    const listed = await service.get<InstrumentsResponse>('/catalog/instruments', { query: { source: 'deribit', market: 'ETH' } });
    const known = new Set(listed.body.instruments.map((entry) => entry.instrument));
    for (const row of chainRows) {
      expect(row.market).toBe('ETH');
      expect(typeof row.instrument).toBe('string');
      expect(known.has(row.instrument), row.instrument).toBe(true);
      for (const field of [...optionTickerDecimalFields, 'expiry_timestamp', 'underlying', 'option_type', 'premium_currency', 'quantity_unit'] as const) expect(row).toHaveProperty(field);
    }
    const [instrument] = contracts;
    if (instrument === undefined) throw new Error('no contract');
    const single = await rows<OptionTickerRow>('/options-ticker', { ...underlying, instrument });
    expect(single).toEqual(chainRows.filter((row) => row.instrument === instrument));
    const historical = await rows<OptionTickerRow>('/historical/options-ticker', { ...underlying, instrument }, paidKey);
    expect(historical).toEqual(single);
  });

  it('4.11 /ohlcv orders by candle open time with stable tie-breakers', async () => {
    const first = await rows<CandleRow>('/ohlcv', { ...spx, start: fixedNow - 30 * minuteMs });
    expect(first.length).toBeGreaterThan(100);
    expectNonDecreasing(first.map((row) => row.open_timestamp), 'open_timestamp');
    const byCollector = first.map((row) => row.collector_timestamp);
    expect(byCollector.some((time, index) => index > 0 && time < (byCollector[index - 1] ?? time)), 'not simply collector order').toBe(true);
    first.forEach((row, index) => {
      const previous = first[index - 1];
      if (previous?.open_timestamp === row.open_timestamp) expect(row.collector_timestamp).toBeGreaterThanOrEqual(previous.collector_timestamp);
    });
    expect(await rows<CandleRow>('/ohlcv', { ...spx, start: fixedNow - 30 * minuteMs })).toEqual(first);
  });

  it('4.11 /ohlcv start and end are inclusive candle open times', async () => {
    const start = previousHour + 10 * minuteMs;
    const end = previousHour + 20 * minuteMs;
    const items = await rows<CandleRow>('/ohlcv', { ...spx, interval: '1m', start, end }, paidKey);
    expect(new Set(items.map((row) => row.open_timestamp))).toEqual(new Set(Array.from({ length: 11 }, (_, i) => start + i * minuteMs)));
    // The candle that opens at `end` is included although its rows were published after `end`.
    expect(items.filter((row) => row.open_timestamp === end).every((row) => row.collector_timestamp > end)).toBe(true);
  });

  it('4.11 /ohlcv interval is an exact canonical interval; anything else → 400', async () => {
    const oneMinute = await rows<CandleRow>('/ohlcv', { ...spx, interval: '1m', start: fixedNow - 10 * minuteMs });
    expect(oneMinute.length).toBeGreaterThan(0);
    expect(oneMinute.every((row) => row.interval === '1m')).toBe(true);
    const all = await rows<CandleRow>('/ohlcv', { ...spx, start: fixedNow - 10 * minuteMs });
    expect(new Set(all.map((row) => row.interval)).size).toBeGreaterThan(1);
    for (const interval of ['2m', '1M', '60s', ' 1m']) expect((await service.get('/ohlcv', { query: { ...spx, interval } })).status, interval).toBe(400);
  });

  it('2.6 candle revision rows: several rows per open_timestamp, is_closed false then true', async () => {
    const items = await rows<CandleRow>('/ohlcv', { ...spx, interval: '1m', start: fixedNow - 40 * minuteMs });
    const groups = new Map<number, CandleRow[]>();
    for (const row of items) groups.set(row.open_timestamp, [...(groups.get(row.open_timestamp) ?? []), row]);
    expect([...groups.values()].some((group) => group.length > 2)).toBe(true);
    for (const [open, group] of groups) {
      const closed = open + minuteMs <= fixedNow;
      const flags = group.map((row) => row.is_closed);
      expect(flags.slice(0, -1).every((flag) => flag === false), `candle ${open}: revisions are open`).toBe(true);
      expect(flags[flags.length - 1], `candle ${open} ${closed ? 'closed' : 'still open'} at now`).toBe(closed);
      for (let i = 1; i < group.length; i++) {
        const before = group[i - 1];
        const after = group[i];
        if (before === undefined || after === undefined) continue;
        expect(after.high).toBeGreaterThanOrEqual(before.high);
        expect(after.low).toBeLessThanOrEqual(before.low);
        expect(after.open).toBe(before.open);
      }
    }
  });

  it('2.6 every candle that ended in a complete hour has its closed row, including the last candles of the hour', async () => {
    const items = await rows<CandleRow>('/ohlcv', { ...spx, start: previousHour, end: currentHour - 1 }, paidKey);
    const candles = new Map<string, CandleRow[]>();
    for (const row of items) candles.set(`${row.interval}@${row.open_timestamp}`, [...(candles.get(`${row.interval}@${row.open_timestamp}`) ?? []), row]);
    expect(candles.has(`1h@${previousHour}`)).toBe(true);
    const open = [...candles].filter(([, group]) => group[group.length - 1]?.is_closed !== true).map(([id]) => id);
    expect(open).toEqual([]);
  });

  it('4.11 closed /ohlcv candles agree with the trades of their interval', async () => {
    const start = previousHour + 5 * minuteMs;
    const candles = (await rows<CandleRow>('/ohlcv', { ...spx, interval: '1m', start, end: start + 5 * minuteMs }, paidKey)).filter((row) => row.is_closed === true);
    const trades = await rows<TradeRow>('/historical/trades', { ...spx, start, end: start + 6 * minuteMs - 1 }, paidKey);
    expect(candles.length).toBeGreaterThan(0);
    for (const candle of candles) {
      const inside = trades.filter((trade) => trade.collector_timestamp >= candle.open_timestamp && trade.collector_timestamp < candle.open_timestamp + minuteMs);
      const prices = inside.map((trade) => trade.price);
      expect(candle.trade_count).toBe(inside.length);
      expect(candle.open).toBe(prices[0]);
      expect(candle.close).toBe(prices[prices.length - 1]);
      expect(candle.high).toBe(Math.max(...prices));
      expect(candle.low).toBe(Math.min(...prices));
      expect(candle.base_volume).toBeCloseTo(inside.reduce((sum, trade) => sum + trade.quantity, 0), 9);
    }
  });

  it('4.11 /intents: intent_id returns every observation with that ID and nothing else', async () => {
    const all = await rows<IntentRow>('/intents', {});
    expect(all.length).toBeGreaterThan(0);
    for (const field of ['rfq_id', 'intent_id', 'status', 'amount_kind', 'input_amount', 'output_amount', 'expires_at', 'settled_at', 'quote_id'] as const) expect(all[0]).toHaveProperty(field);
    const ids = [...new Set(all.map((row) => row.intent_id).filter((id): id is string => id !== null))];
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids.slice(0, 10)) {
      const filtered = await rows<IntentRow>('/intents', { intent_id: id });
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered).toEqual(all.filter((row) => row.intent_id === id));
    }
    expect((await service.get('/intents', { query: { intent_id: '' } })).status).toBe(400);
  });

  it('2.7 rfq_id and intent_id correlate the rows of one lifecycle: rfq, then submitted, then a terminal status', async () => {
    const all = await rows<IntentRow>('/intents', {});
    const terminal = new Set(['settled', 'expired', 'failed']);
    const lifecycle = [...new Set(all.map((row) => row.intent_id))].find((id) => {
      const own = all.filter((row) => row.intent_id === id);
      const rfq = own.find((row) => row.rfq_id !== null)?.rfq_id;
      return id !== null && rfq !== undefined && all.some((row) => row.rfq_id === rfq && row.intent_id === null) && terminal.has(own[own.length - 1]?.status ?? '');
    });
    if (lifecycle === undefined) throw new Error('no complete rfq → submitted → terminal lifecycle in the latest hour');
    const own = all.filter((row) => row.intent_id === lifecycle);
    const rfqId = own.find((row) => row.rfq_id !== null)?.rfq_id;
    const rfqRow = all.find((row) => row.rfq_id === rfqId && row.intent_id === null);
    expect(rfqRow?.collector_timestamp).toBeLessThanOrEqual(own[0]?.collector_timestamp ?? 0);
    expect(own[0]?.status).toBe('submitted');
  });

  it('2.7 only pair-shaped intent observations are stored; multi-asset ones are not, repeat polls and rows with missing assets are', async () => {
    const lines = await hourFileLines(service, 'uniswapx', 'intents', previousHour);
    const intents = lines.filter((line) => line.type === 'intent' && lineTime(line) >= previousHour && lineTime(line) < currentHour);
    const count = (side: unknown): number => (Array.isArray(side) ? side.length : 0);
    const pairShaped = intents.filter((line) => {
      const data = line.data as { inputs?: unknown; outputs?: unknown };
      return count(data.inputs) <= 1 && count(data.outputs) <= 1;
    });
    expect(pairShaped.length).toBeLessThan(intents.length);
    expect(pairShaped.some((line) => count((line.data as { inputs?: unknown }).inputs) === 0)).toBe(true);
    const served = await rows<IntentRow>('/intents', { source: 'uniswapx', start: previousHour, end: currentHour - 1 }, paidKey);
    expect(served.map((row) => row.collector_timestamp)).toEqual(pairShaped.map(lineTime));
  });

  it('4.11 /quotes: observation_id returns exactly the points of one observation', async () => {
    const all = await rows<QuoteRow>('/quotes', { source: 'fermiswap', start: fixedNow - 10 * minuteMs });
    const id = all[0]?.observation_id;
    if (id === undefined) throw new Error('no quote rows');
    const points = await rows<QuoteRow>('/quotes', { source: 'fermiswap', start: fixedNow - 10 * minuteMs, observation_id: id });
    expect(points.length).toBeGreaterThan(1);
    expect(points).toEqual(all.filter((row) => row.observation_id === id));
    expect((await service.get('/quotes', { query: { observation_id: '' } })).status).toBe(400);
  });

  it('2.8 quote amounts above 2^64 stay intact as decimal strings in /quotes', async () => {
    const start = previousHour + 30 * minuteMs;
    const served = await rows<QuoteRow>('/quotes', { source: 'fermiswap', market: 'ethereum', start, end: currentHour - 1 }, paidKey);
    const twoTo64 = 2n ** 64n;
    const stored = new Set<string>();
    for (const line of await hourFileLines(service, 'fermiswap', 'ethereum', previousHour)) {
      const data = line.data as { series?: string; values?: { quotes?: { amount_in: string; amount_out: string }[] } };
      if (line.type !== 'record' || data.series !== 'quote_ladder' || lineTime(line) < start) continue;
      for (const quote of data.values?.quotes ?? []) stored.add(`${quote.amount_in}>${quote.amount_out}`);
    }
    const big = served.filter((row) => BigInt(row.input_amount) > twoTo64 || BigInt(row.output_amount) > twoTo64);
    expect(big.length).toBeGreaterThan(0);
    for (const row of served) {
      expect(typeof row.input_amount).toBe('string');
      expect(row.input_amount).toMatch(/^\d+$/);
      expect(row.output_amount).toMatch(/^\d+$/);
    }
    expect(new Set(served.map((row) => `${row.input_amount}>${row.output_amount}`))).toEqual(stored);
    expect(new Set(served.map((row) => row.input_decimals))).toEqual(new Set([18, 6]));
  });
});
