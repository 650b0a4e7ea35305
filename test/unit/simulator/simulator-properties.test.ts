import { describe, expect, it } from 'vitest';
import { BookEngine } from '../../../shared/book/book-engine.ts';
import type { SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { collectorRunsOf } from '../../../electron/server/simulator/capture-sessions.ts';
import { demoDatasets, type SimulatedDataset } from '../../../electron/server/simulator/demo-datasets.ts';
import { generateHourFile, generateHourText } from '../../../electron/server/simulator/generate-hour.ts';
import { SnapshotReader } from '../../../electron/codec/snapshot-reader.ts';

const hourMs = 3_600_000;
const hour = Date.UTC(2026, 10, 18, 9);

function dataset(source: string, market: string): SimulatedDataset {
  const found = demoDatasets.find((d) => d.source === source && d.market === market);
  if (found === undefined) throw new Error(`no dataset ${source}/${market}`);
  return found;
}

async function decode(bytes: Uint8Array, name: string): Promise<SnapshotRecord[]> {
  const records: SnapshotRecord[] = [];
  for await (const batch of new SnapshotReader({ bytes, name })) records.push(...batch);
  return records;
}

const bookDatasets = [dataset('hyperliquid', 'BTC'), dataset('binance', 'XRP-USDT'), dataset('lighter', 'ETH-USD')];

describe('market simulator', () => {
  it('gives the same bytes for the same seed, and different bytes for another seed', () => {
    const btc = dataset('hyperliquid', 'SOL');
    const first = generateHourFile(11, btc, hour);
    expect(Buffer.from(generateHourFile(11, btc, hour)).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(generateHourFile(12, btc, hour)).equals(Buffer.from(first))).toBe(false);
  });

  it('writes a live hour as an exact prefix of the complete hour', () => {
    const eth = dataset('hyperliquid', 'ETH');
    const full = generateHourText(5, eth, hour).split('\n').slice(1);
    const partial = generateHourText(5, eth, hour, hour + 17 * 60_000).split('\n').slice(1).filter((line) => line !== '');
    expect(partial.length).toBeGreaterThan(1000);
    expect(partial).toEqual(full.slice(0, partial.length));
  });

  it.each([1, 2, 3])('raises collector_sequence strictly within a capture session, dropping only where a session starts (seed %i)', (seed) => {
    let drops = 0;
    const kinds = [dataset('hyperliquid', 'SOL'), dataset('binance', 'XRP-USDT'), dataset('aster', 'ETHUSDT'), dataset('deribit', 'BTC'), dataset('uniswapx', 'intents'), dataset('metric', 'ethereum')];
    for (const ds of kinds) {
      const rows = generateHourText(seed, ds, hour)
        .split('\n')
        .filter((line) => line !== '')
        .slice(1)
        .map((line) => {
          const [, timestamp, sequence] = /^\{"collector_timestamp":(\d+),"collector_sequence":(\d+),/.exec(line) ?? [];
          return { collector_timestamp: Number(timestamp), collector_sequence: Number(sequence) };
        });
      const starts = collectorRunsOf(seed, ds, hour, hour + hourMs).map((run) => run.start);
      for (let i = 1; i < rows.length; i++) {
        const [previous, row] = [rows[i - 1], rows[i]];
        if (previous === undefined || row === undefined) continue;
        if (row.collector_sequence > previous.collector_sequence) continue;
        drops++;
        // A drop is a new session: the collector started between the two rows.
        expect(starts.some((start) => start > previous.collector_timestamp && start <= row.collector_timestamp + 40)).toBe(true);
      }
    }
    expect(drops).toBeLessThanOrEqual(3);
  });

  it.each(bookDatasets.map((d) => [`${d.source}/${d.market}`, d] as const))(
    'never crosses a book, keeps quantities ≥ 0 and a spread of at least one tick (%s)',
    async (_name, ds) => {
      const records = await decode(generateHourFile(3, ds, hour), `${ds.source}-${ds.market}`);
      const engine = new BookEngine();
      let books = 0;
      let deltasBeforeSnapshot = 0;
      let snapshots = 0;
      for (const record of records) {
        if (record.type !== 'orderbook') continue;
        for (let i = 1; i < record.bids.length; i += 2) expect(record.bids[i]).toBeGreaterThanOrEqual(0);
        for (let i = 1; i < record.asks.length; i += 2) expect(record.asks[i]).toBeGreaterThanOrEqual(0);
        if (record.isSnapshot) {
          snapshots++;
          expect(record.bids.length / 2).toBeLessThanOrEqual(25);
          expect(record.bids.length / 2).toBeGreaterThanOrEqual(15);
        }
        const book = engine.apply(record);
        if (book === null) {
          deltasBeforeSnapshot++;
          continue;
        }
        books++;
        expect(book.health.crossing).toBe('none');
        const spreadTicks = (book.asks.priceAt(0) - book.bids.priceAt(0)) / ds.tick;
        expect(spreadTicks).toBeGreaterThan(0.999);
      }
      expect(deltasBeforeSnapshot).toBeGreaterThan(0);
      expect(snapshots).toBeGreaterThanOrEqual(10);
      expect(books).toBeGreaterThan(3000);
    },
  );

  it('prints trades at the touch', async () => {
    const ds = dataset('hyperliquid', 'HYPE');
    const records = await decode(generateHourFile(4, ds, hour), 'hype');
    const engine = new BookEngine();
    let checked = 0;
    for (const record of records) {
      if (record.type === 'orderbook') engine.apply(record);
      if (record.type === 'trade') {
        const book = engine.book({ source: ds.source, market: ds.market, instrument: null });
        if (book === undefined) continue;
        const touch = record.side === 'buy' ? book.asks.priceAt(0) : book.bids.priceAt(0);
        expect(record.price).toBeCloseTo(touch, 8);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('joins consecutive hours without a price jump', async () => {
    const ds = dataset('binance', 'BTC-USDT');
    const lastTrade = (await decode(generateHourFile(9, ds, hour), 'a')).filter((r) => r.type === 'trade').at(-1);
    const firstTrade = (await decode(generateHourFile(9, ds, hour + hourMs), 'b')).find((r) => r.type === 'trade');
    expect(lastTrade?.type === 'trade' && firstTrade?.type === 'trade').toBe(true);
    if (lastTrade?.type !== 'trade' || firstTrade?.type !== 'trade') return;
    expect(Math.abs(firstTrade.price / lastTrade.price - 1)).toBeLessThan(0.003);
  });

  it('steps collector_timestamp backwards now and then while the sequence rises', () => {
    const times = generateHourText(6, dataset('hyperliquid', 'BTC'), hour)
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { collector_timestamp: number }).collector_timestamp);
    const steps = times.filter((t, i) => i > 0 && t < (times[i - 1] ?? 0)).length;
    expect(steps).toBeGreaterThan(5);
    expect(steps).toBeLessThan(times.length / 100);
  });

  it('writes the legacy dataset without a header, in microseconds, with orderbook_delta', () => {
    const lines = generateHourText(2, dataset('lighter', 'BTC-USD'), hour).split('\n').filter((line) => line !== '');
    const first = JSON.parse(lines[0] ?? '{}') as { timestamp?: number; type?: string };
    expect(first.type).not.toBe('metadata');
    expect(first.timestamp).toBeGreaterThan(1e14);
    expect(lines.some((line) => line.includes('"type":"orderbook_delta"'))).toBe(true);
    expect(lines.some((line) => line.includes('"type":"orderbook"'))).toBe(true);
  });

  it('publishes perpetual tickers with funding, mark, index and open interest, some fields null', async () => {
    const records = await decode(generateHourFile(2, dataset('hyperliquid', 'DOGE'), hour), 'doge');
    const tickers = records.filter((r) => r.type === 'perpetual_ticker');
    expect(tickers.length).toBeGreaterThan(300);
    expect(tickers.some((t) => t.data.funding_rate !== undefined && t.data.mark_price !== undefined && t.data.open_interest !== undefined)).toBe(true);
    expect(tickers.some((t) => t.data.funding_rate === undefined)).toBe(true);
    expect(tickers.some((t) => t.data.predicted_funding_rate === null)).toBe(true);
  });

  it('quotes an option chain whose IV follows a smile and whose greeks come from Black–Scholes', async () => {
    const records = await decode(generateHourFile(2, dataset('deribit', 'BTC'), hour), 'deribit');
    const tickers = records.filter((r) => r.type === 'option_ticker');
    const instruments = new Set(tickers.map((t) => t.instrument));
    expect(instruments.size).toBeGreaterThan(40);
    for (const ticker of tickers.slice(0, 300)) {
      const delta = Number(ticker.data.greeks?.['delta']);
      if (ticker.data['option_type'] === 'call') expect(delta).toBeGreaterThanOrEqual(0);
      else expect(delta).toBeLessThanOrEqual(0);
      expect(Math.abs(delta)).toBeLessThanOrEqual(1);
    }
    // The smile: far out-of-the-money strikes carry a higher IV than strikes near the money.
    const byMoneyness = tickers.flatMap((t) => {
      const strike = Number(t.data['strike']);
      const spot = Number(t.data['underlying_price']);
      return [{ distance: Math.abs(Math.log(strike / spot)), iv: Number(t.data['mark_iv']), expiry: Number(t.data['expiry_timestamp']) }];
    });
    const expiry = byMoneyness[0]?.expiry;
    const sameExpiry = byMoneyness.filter((q) => q.expiry === expiry).sort((a, b) => a.distance - b.distance);
    const near = sameExpiry.slice(0, 5).reduce((sum, q) => sum + q.iv, 0) / 5;
    const far = sameExpiry.slice(-5).reduce((sum, q) => sum + q.iv, 0) / 5;
    expect(far).toBeGreaterThan(near);
  });

  it('runs intent lifecycles rfq → submitted → settled / expired / failed, correlated by ids', async () => {
    const records = await decode(generateHourFile(2, dataset('uniswapx', 'intents'), hour), 'intents');
    const intents = records.filter((r) => r.type === 'intent');
    const statuses = new Set(intents.map((r) => r.data.status ?? 'rfq'));
    for (const status of ['rfq', 'submitted', 'settled', 'expired', 'failed']) expect(statuses).toContain(status);
    const submitted = intents.find((r) => r.data.status === 'submitted');
    if (submitted === undefined) throw new Error('no submitted intent');
    const rfq = intents.find((r) => r.data.rfq_id === submitted.data.rfq_id && r.data.status === undefined);
    expect(rfq).toBeDefined();
  });

  it('writes quote ladders with amounts above 2^64, market only in the header, and raw heartbeats', async () => {
    const ds = dataset('metric', 'ethereum');
    const text = generateHourText(2, ds, hour);
    const dataLines = text.split('\n').slice(1).filter((line) => line !== '');
    expect(dataLines.every((line) => !line.includes('"market"'))).toBe(true);
    const records = await decode(generateHourFile(2, ds, hour), 'metric');
    const ladders = records.filter((r) => r.type === 'quote_ladder');
    expect(ladders.length).toBeGreaterThan(100);
    const amounts = ladders.flatMap((r) => r.values.quotes.map((q) => BigInt(q.amount_in)));
    expect(amounts.some((amount) => amount > 2n ** 64n)).toBe(true);
    expect(ladders.every((r) => r.market === 'ethereum')).toBe(true);
    expect(records.some((r) => r.type === 'record' && r.series === 'heartbeat')).toBe(true);
    // Block hashes are 32 bytes of hex, as a chain writes them, and each block's parent is the one before.
    expect(ladders.every((r) => /^0x[0-9a-f]{64}$/.test(r.values.block_hash) && /^0x[0-9a-f]{64}$/.test(r.values.parent_hash))).toBe(true);
    const byNumber = new Map(ladders.map((r) => [r.values.block_number, r.values.block_hash]));
    const chained = ladders.filter((r) => byNumber.has(r.values.block_number - 1));
    expect(chained.length).toBeGreaterThan(50);
    expect(chained.every((r) => r.values.parent_hash === byNumber.get(r.values.block_number - 1))).toBe(true);
    const first = ladders[0];
    if (first !== undefined) {
      expect(first.values.pool).toBeDefined();
      expect(first.values.token_in_decimals === 18 || first.values.token_out_decimals === 18).toBe(true);
      expect(first.values.token_in_decimals === 6 || first.values.token_out_decimals === 6).toBe(true);
    }
  });
});
