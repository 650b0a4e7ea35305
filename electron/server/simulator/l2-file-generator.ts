import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { ZstdFrameWriter } from '../../codec/zstd/zstd-compressor.ts';
import { createPrng, type Prng } from './prng.ts';

/** What to generate: an L2-heavy v2 snapshot file for one market. */
export interface L2FileOptions {
  seed: number;
  /** Event rows after the metadata header. */
  events: number;
  source?: string;
  market?: string;
  /** Levels per side in each book snapshot (25 or more for an L2-heavy file). */
  depth?: number;
  /** A full book snapshot every this many events; deltas and trades in between. */
  snapshotEvery?: number;
  /** Share of non-snapshot events that are trades (the rest are sparse deltas). */
  tradeShare?: number;
  /** Share of events whose collector_timestamp steps back a little, as real files do. */
  backwardStepShare?: number;
  startTime?: number;
  /** Start a new zstd frame after about this many uncompressed bytes (0: one frame). */
  frameBytes?: number;
  level?: number;
}

/** What was written. */
export interface L2FileResult {
  path: string;
  events: number;
  counts: { orderbook: number; trade: number };
  uncompressedBytes: number;
  compressedBytes: number;
  firstCollectorTimestamp: number;
  lastCollectorTimestamp: number;
}

interface ScheduledEvent {
  kind: 'snapshot' | 'delta' | 'trade';
  timestamp: number;
}

const tick = 0.1;

/**
 * The event schedule (kinds and times) comes from its own random stream, so the header's counts
 * and time range are known before any row is written.
 */
function* schedule(options: Required<L2FileOptions>): Generator<ScheduledEvent> {
  const random = createPrng(options.seed, 'l2-file', 'snapshot-depths');
  let timestamp = options.startTime;
  let highest = timestamp;
  for (let i = 0; i < options.events; i++) {
    const kind = i % options.snapshotEvery === 0 ? 'snapshot' : random.next() < options.tradeShare ? 'trade' : 'delta';
    const stepBack = random.next() < options.backwardStepShare;
    timestamp = stepBack ? highest - random.int(1, 50) : highest + random.int(0, 20);
    highest = Math.max(highest, timestamp);
    yield { kind, timestamp };
  }
}

function withDefaults(options: L2FileOptions): Required<L2FileOptions> {
  return {
    source: 'binance',
    market: 'BTC-USDT',
    depth: 30,
    snapshotEvery: 100,
    tradeShare: 0.2,
    backwardStepShare: 0.001,
    startTime: 1_704_067_200_000,
    frameBytes: 0,
    level: 3,
    ...options,
  };
}

/** A seeded random walk of a book: levels on a tick grid around a moving mid price. */
class BookModel {
  private mid = 43_000;

  constructor(
    private readonly random: Prng,
    private readonly depth: number,
  ) {}

  step(): void {
    this.mid = Math.max(100, this.mid + (this.random.next() - 0.5) * 2);
  }

  private quantity(): string {
    return (this.random.next() * 3 + 0.0001).toFixed(4);
  }

  private price(side: 'bid' | 'ask', level: number): string {
    const best = side === 'bid' ? Math.floor(this.mid / tick) : Math.ceil(this.mid / tick) + 1;
    return ((side === 'bid' ? best - level : best + level) * tick).toFixed(1);
  }

  levels(side: 'bid' | 'ask'): string {
    const parts: string[] = [];
    for (let level = 0; level < this.depth; level++) parts.push(`[${this.price(side, level)},${this.quantity()}]`);
    return parts.join(',');
  }

  sparseLevels(side: 'bid' | 'ask'): string {
    const parts: string[] = [];
    const changes = this.random.int(0, 2);
    for (let i = 0; i < changes; i++) {
      const quantity = this.random.next() < 0.2 ? '0' : this.quantity();
      parts.push(`[${this.price(side, this.random.int(0, this.depth - 1))},${quantity}]`);
    }
    return parts.join(',');
  }

  trade(): string {
    const side = this.random.next() < 0.5 ? 'buy' : 'sell';
    const price = this.price(side === 'buy' ? 'ask' : 'bid', 0);
    return `"price":${price},"quantity":${(this.random.next() * 0.5 + 0.001).toFixed(5)},"side":"${side}"`;
  }
}

/** The rows of the file, header first, as lines without newlines. */
export function* l2FileLines(input: L2FileOptions): Generator<string> {
  const options = withDefaults(input);
  const counts = { orderbook: 0, trade: 0 };
  let first = Infinity;
  let last = -Infinity;
  for (const event of schedule(options)) {
    if (event.kind === 'trade') counts.trade++;
    else counts.orderbook++;
    first = Math.min(first, event.timestamp);
    last = Math.max(last, event.timestamp);
  }
  const { source, market } = options;
  const date = new Date(options.startTime).toISOString().slice(0, 10);
  const start = options.events > 0 ? first : options.startTime;
  const end = options.events > 0 ? last : options.startTime;
  yield JSON.stringify({
    collector_timestamp: options.startTime,
    collector_sequence: 0,
    exchange_timestamp: null,
    exchange_sequence: null,
    source,
    market,
    type: 'metadata',
    data: {
      schema_version: 'v2',
      date,
      start_time: start,
      end_time: end,
      event_count: options.events,
      orderbook_count: counts.orderbook,
      trade_count: counts.trade,
      collector_version: 'mde-simulator',
    },
  });
  const random = createPrng(options.seed, 'l2-file');
  const book = new BookModel(random, options.depth);
  let sequence = 0;
  const envelope = `"source":"${source}","market":"${market}"`;
  for (const event of schedule(options)) {
    sequence += random.int(1, 3);
    book.step();
    const exchangeTimestamp = event.timestamp - random.int(1, 40);
    const head = `{"collector_timestamp":${event.timestamp},"collector_sequence":${sequence},"exchange_timestamp":${exchangeTimestamp},`;
    if (event.kind === 'trade') {
      yield `${head}"exchange_sequence":"t${sequence}",${envelope},"type":"trade","data":{${book.trade()},"order_id":"${sequence}"}}`;
    } else if (event.kind === 'snapshot') {
      yield `${head}"exchange_sequence":null,${envelope},"type":"orderbook","data":{"is_snapshot":true,"bids":[${book.levels('bid')}],"asks":[${book.levels('ask')}]}}`;
    } else {
      yield `${head}"exchange_sequence":null,${envelope},"type":"orderbook","data":{"is_snapshot":false,"bids":[${book.sparseLevels('bid')}],"asks":[${book.sparseLevels('ask')}]}}`;
    }
  }
}

/**
 * Writes a seeded, L2-heavy v2 snapshot file (`.jsonl.zst`): a metadata header, book snapshots
 * of `depth` levels, sparse deltas and trades. The same options always give the same bytes.
 * Streams in constant memory, so it can write files of any size.
 */
export async function writeL2File(path: string, input: L2FileOptions): Promise<L2FileResult> {
  const options = withDefaults(input);
  const out = createWriteStream(path);
  const encoder = new TextEncoder();
  let writer = new ZstdFrameWriter({ level: options.level });
  let uncompressed = 0;
  let compressed = 0;
  let inFrame = 0;
  let pending: string[] = [];
  let pendingLength = 0;
  let first = Infinity;
  let last = -Infinity;
  const counts = { orderbook: 0, trade: 0 };
  const write = async (bytes: Uint8Array): Promise<void> => {
    if (bytes.length === 0) return;
    compressed += bytes.length;
    if (!out.write(bytes)) await once(out, 'drain');
  };
  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const bytes = encoder.encode(pending.join(''));
    pending = [];
    pendingLength = 0;
    uncompressed += bytes.length;
    inFrame += bytes.length;
    await write(writer.write(bytes));
    if (options.frameBytes > 0 && inFrame >= options.frameBytes) {
      await write(writer.end());
      writer = new ZstdFrameWriter({ level: options.level });
      inFrame = 0;
    }
  };
  let index = 0;
  for (const line of l2FileLines(options)) {
    if (index++ > 0) {
      const timestamp = Number(line.slice(23, line.indexOf(',')));
      first = Math.min(first, timestamp);
      last = Math.max(last, timestamp);
      if (line.includes('"type":"trade"')) counts.trade++;
      else counts.orderbook++;
    }
    pending.push(line, '\n');
    pendingLength += line.length + 1;
    if (pendingLength >= 1 << 20) await flush();
  }
  await flush();
  await write(writer.end());
  out.end();
  await once(out, 'finish');
  return {
    path,
    events: options.events,
    counts,
    uncompressedBytes: uncompressed,
    compressedBytes: compressed,
    firstCollectorTimestamp: first,
    lastCollectorTimestamp: last,
  };
}
