import { BookModel } from './book-model.ts';
import { BookTimeline } from './book-timeline.ts';
import { sessionSnapshotDelay } from './capture-sessions.ts';
import type { CollectorClock } from './collector-clock.ts';
import type { SimulatedDataset } from './demo-datasets.ts';
import { runStreams, type EventStream } from './event-clock.ts';
import { LevelText } from './level-text.ts';
import { LegacyLineWriter, V2LineWriter, type TextSink } from './line-writers.ts';
import type { Prng } from './prng.ts';
import { hourMs } from '../../../shared/time/time-units.ts';


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

/** Fires once at each of a list of times (ascending). */
function timesStream(times: readonly number[], fire: (time: number) => void): EventStream {
  let index = 0;
  return { next: times[0] ?? Number.POSITIVE_INFINITY, meanGapMs: 0, after: () => times[++index] ?? Number.POSITIVE_INFINITY, fire };
}

/**
 * One hour of an order-book market (perpetual, spot or legacy). The book continues the model's
 * book from just before the hour (`BookTimeline`): deltas, trades at the touch that consume it,
 * snapshots every few minutes (the first 1.5–4 s in, so an hour starts with a few deltas) and one
 * 1–3 s after each capture session starts; for perpetuals, tickers with funding, mark, index and
 * open interest. A legacy file has no sequence to tell sessions apart, so its collector writes no
 * book deltas after a restart until the session's first snapshot.
 */
export function generateBookHour(prng: Prng, seed: number, dataset: SimulatedDataset, hourStart: number, until: number, clock: CollectorClock, body: TextSink): string {
  const end = Math.min(until, hourStart + hourMs);
  const legacy = dataset.kind === 'legacy-book';
  const v2 = new V2LineWriter(prng, clock, dataset.source, dataset.market, body);
  const old = new LegacyLineWriter(prng, clock, dataset.source, dataset.market, body);
  const latency = (): number => prng.int(2, 45);
  const model = new BookModel(seed, dataset);
  const timeline = new BookTimeline(model, hourStart);
  const text = new LevelText(dataset.tick, dataset.lot);
  const priceDecimals = Math.max(0, Math.round(-Math.log10(dataset.tick)));
  const sessionStarts = clock.runs.map((run) => run.start).filter((start) => start >= hourStart && start < hourStart + hourMs);
  const sessionSnapshots = sessionStarts.map((start) => start + sessionSnapshotDelay(seed, dataset, start));
  // Legacy only: from a session's start until its first snapshot, book deltas are held back.
  let nextSession = 0;
  let held = false;
  const legacyWrites = (time: number, isSnapshot: boolean): boolean => {
    for (; nextSession < sessionStarts.length && time >= (sessionStarts[nextSession] ?? Number.POSITIVE_INFINITY); nextSession++) held = true;
    if (isSnapshot) held = false;
    return !held;
  };
  let lastTrade = model.midAt(hourStart);
  let openInterest = 5_000_000 / dataset.asset.basePrice;
  const mid = (): number => ((timeline.bid + timeline.ask) / 2) * dataset.tick;

  const book = (time: number, isSnapshot: boolean, bids: readonly number[], asks: readonly number[]): void => {
    if (!legacy) {
      v2.bookRow(time, isSnapshot, bids, asks, text, prng.chance(0.03) ? null : time - latency());
    } else if (legacyWrites(time, isSnapshot)) {
      old.row(time, isSnapshot ? 'orderbook' : 'orderbook_delta', `{"bids":${text.levels(bids)},"asks":${text.levels(asks)}}`);
    }
  };
  const snapshot = (time: number): void => {
    const levels = timeline.book();
    book(time, true, levels.bids, levels.asks);
  };
  const sink = {
    delta: (time: number, bids: readonly number[], asks: readonly number[]): void => book(time, false, bids, asks),
    trade: (time: number, buy: boolean, tick: number, lots: number, id: number): void => {
      const price = text.price(tick);
      const quantity = text.size(lots);
      const side = buy ? 'buy' : 'sell';
      lastTrade = Number(price);
      if (legacy) {
        old.row(time, 'trade', `{"price":${price},"quantity":${quantity},"side":"${side}"}`);
        return;
      }
      const orderId = prng.chance(0.1) ? 'null' : `"${id}"`;
      const liquidation = dataset.kind === 'perp' && prng.chance(0.01) ? ',"liquidation":true' : '';
      v2.row(time, 'trade', `{"order_id":${orderId},"price":${price},"quantity":${quantity},"side":"${side}"${liquidation}}`, {
        exchangeTimestamp: time - latency(),
        exchangeSequence: `trade-${id}`,
      });
    },
  };

  const streams: EventStream[] = [
    { next: timeline.nextTime, meanGapMs: 0, after: () => timeline.nextTime, fire: () => timeline.step(sink) },
    { next: hourStart + prng.int(1500, 4000), meanGapMs: 0, fixedGapMs: prng.int(180, 300) * 1000, fire: snapshot },
    timesStream(sessionSnapshots, snapshot),
  ];
  if (dataset.kind === 'perp') {
    streams.push({
      next: hourStart + prng.int(500, 5000),
      meanGapMs: 5000,
      fire: (time) => {
        openInterest *= 1 + prng.normal() * 0.001;
        v2.row(time, 'perpetual_ticker', tickerData(prng, mid(), lastTrade, hourStart, openInterest, priceDecimals), { exchangeTimestamp: time - latency() });
      },
    });
  }
  streams.push({
    next: hourStart + prng.int(1000, 9000),
    meanGapMs: legacy ? 10_000 : 15_000,
    fire: (time) => {
      const value = mid().toFixed(priceDecimals + 1);
      if (legacy) old.row(time, 'point', `{"series":"mark_price","value":${value}}`);
      else v2.row(time, 'point', `{"series":"mark_px","value":"${value}"}`, { exchangeTimestamp: null });
    },
  });
  runStreams(prng, streams, end);
  return legacy ? old.finish() : v2.finish(hourStart);
}
