import { HourPricePath } from './asset-path.ts';
import { BookSimulator } from './book-simulator.ts';
import type { SimulatedDataset } from './demo-datasets.ts';
import { runStreams, type EventStream } from './event-clock.ts';
import { LegacyLineWriter, V2LineWriter, type TextSink } from './line-writers.ts';
import type { Prng } from './prng.ts';

const hourMs = 3_600_000;

function tickerData(prng: Prng, mid: number, lastTrade: number, hourStart: number, openInterest: number, decimals: number): string {
  const fundingBase = 0.0000125 + 0.00001 * Math.sin(hourStart / (7 * hourMs));
  const funding = fundingBase + prng.normal() * 0.000002;
  const premium = (prng.normal() * 0.0002).toFixed(6);
  const mark = mid * (1 + prng.normal() * 0.00005);
  const index = mid * (1 - Number(premium));
  const full: Record<string, string | number | null> = {
    last_price: lastTrade.toFixed(decimals),
    mark_price: mark.toFixed(decimals),
    index_price: index.toFixed(decimals),
    oracle_price: (index * (1 + prng.normal() * 0.00002)).toFixed(decimals),
    mid_price: mid.toFixed(decimals + 1),
    open_interest: openInterest.toFixed(3),
    funding_rate: funding.toFixed(8),
    predicted_funding_rate: prng.chance(0.08) ? null : (funding + prng.normal() * 0.000001).toFixed(8),
    premium,
    funding_timestamp: hourStart + hourMs,
  };
  const roll = prng.next();
  const keys =
    roll < 0.6
      ? Object.keys(full)
      : roll < 0.85
        ? ['funding_rate', 'predicted_funding_rate', 'premium', 'funding_timestamp']
        : ['mark_price', 'index_price', 'open_interest'];
  return JSON.stringify(Object.fromEntries(keys.map((key) => [key, full[key] ?? null])));
}

/**
 * One hour of an order-book market (perpetual, spot or legacy): deltas (a few before the first
 * snapshot), snapshots every few minutes, trades at the touch and, for perpetuals, tickers with
 * funding, mark, index and open interest.
 */
export function generateBookHour(prng: Prng, seed: number, dataset: SimulatedDataset, hourStart: number, until: number, body: TextSink): string {
  const path = new HourPricePath(seed, dataset.asset, hourStart);
  const end = Math.min(until, hourStart + hourMs);
  const legacy = dataset.kind === 'legacy-book';
  const v2 = new V2LineWriter(prng, dataset.source, dataset.market, body);
  const old = new LegacyLineWriter(prng, dataset.source, dataset.market, body);
  const latency = (): number => prng.int(2, 45);
  const typicalLots = Math.max(1, Math.round(25_000 / (dataset.asset.basePrice * dataset.lot) / 40));
  let lastTrade = path.priceAt(hourStart) * dataset.basis;
  let openInterest = 5_000_000 / dataset.asset.basePrice;
  const priceDecimals = Math.max(0, Math.round(-Math.log10(dataset.tick)));

  const book = new BookSimulator(
    prng,
    path,
    { tick: dataset.tick, lot: dataset.lot, basis: dataset.basis, typicalLots },
    {
      book: (time, isSnapshot, bids, asks) => {
        if (legacy) old.row(time, isSnapshot ? 'orderbook' : 'orderbook_delta', `{"bids":${bids},"asks":${asks}}`);
        else {
          v2.row(time, 'orderbook', `{"is_snapshot":${isSnapshot},"bids":${bids},"asks":${asks}}`, {
            exchangeTimestamp: prng.chance(0.03) ? null : time - latency(),
          });
        }
      },
      trade: (time, price, quantity, side, id) => {
        lastTrade = Number(price);
        if (legacy) old.row(time, 'trade', `{"price":${price},"quantity":${quantity},"side":"${side}"}`);
        else {
          const orderId = prng.chance(0.1) ? 'null' : `"${id}"`;
          const liquidation = dataset.kind === 'perp' && prng.chance(0.01) ? ',"liquidation":true' : '';
          v2.row(time, 'trade', `{"order_id":${orderId},"price":${price},"quantity":${quantity},"side":"${side}"${liquidation}}`, {
            exchangeTimestamp: time - latency(),
            exchangeSequence: `trade-${id}`,
          });
        }
      },
    },
    hourStart,
    Math.floor(hourStart / 1000) * 10,
  );

  const streams: EventStream[] = [
    // A few deltas arrive before the hour's first snapshot, as they do after a collector restart.
    { next: hourStart + prng.int(50, 400), meanGapMs: 1000 / dataset.bookEventsPerSecond, fire: (time) => book.update(time) },
    { next: hourStart + prng.int(1500, 4000), meanGapMs: 0, fixedGapMs: prng.int(180, 300) * 1000, fire: (time) => book.snapshot(time) },
    { next: hourStart + prng.int(200, 2000), meanGapMs: 1000 / dataset.tradesPerSecond, fire: (time) => book.trade(time) },
  ];
  if (dataset.kind === 'perp') {
    streams.push({
      next: hourStart + prng.int(500, 5000),
      meanGapMs: 5000,
      fire: (time) => {
        openInterest *= 1 + prng.normal() * 0.001;
        v2.row(time, 'perpetual_ticker', tickerData(prng, book.mid(), lastTrade, hourStart, openInterest, priceDecimals), {
          exchangeTimestamp: time - latency(),
        });
      },
    });
  }
  if (legacy) {
    streams.push({
      next: hourStart + prng.int(1000, 9000),
      meanGapMs: 10_000,
      fire: (time) => old.row(time, 'point', `{"series":"mark_price","value":${book.mid().toFixed(priceDecimals + 1)}}`),
    });
  } else {
    streams.push({
      next: hourStart + prng.int(1000, 9000),
      meanGapMs: 15_000,
      fire: (time) => v2.row(time, 'point', `{"series":"mark_px","value":"${book.mid().toFixed(priceDecimals + 1)}"}`, { exchangeTimestamp: null }),
    });
  }
  runStreams(prng, streams, end);
  return legacy ? old.finish() : v2.finish(hourStart);
}
