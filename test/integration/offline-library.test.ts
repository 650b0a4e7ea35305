import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decompress } from 'fzstd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookReplayEnded } from '../../shared/contract/book-replay-schemas.ts';
import type { BookTracksEvent, BookWindow } from '../../shared/contract/book-session-schemas.ts';
import type { FrameChunk } from '../../shared/book/book-frames.ts';
import type { BookKey } from '../../shared/book/book-key.ts';
import type { L2Row } from '../../shared/rows/l2-row.ts';
import type { CandleColumns, FundingColumns, TradeColumns } from '../../shared/contract/market-schemas.ts';
import type { Health } from '../../shared/contract/channels.ts';
import { EventHub } from '../../electron/host/contract/event-hub.ts';
import { MarketDataClient } from '../../electron/host/client/market-data-client.ts';
import { createMainServices, type MainServices } from '../../electron/host/main-services.ts';
import { marketHandlers } from '../../electron/host/market/market-handlers.ts';
import { observationOfFlatRow } from '../support/book-observations.ts';
import { pullSessionFrames, referenceSessionFramesOfRows, sessionFramesByBook, sessionObservationsOfFrames, type SessionObservation, type WindowFromEntry } from '../support/session-frames.ts';
import { fixedNow, paidKey, startTestService, type TestService } from './client/support/test-service.ts';
import { bookReplayRig } from './market/support/book-replay-rig.ts';
import { rawRows } from './market/support/raw-rows.ts';

// Offline mode end to end: a library folder is filled with hours downloaded over HTTP from a
// real demo service (the public tool's layout, plus one dataset in the flat layout), the service
// is stopped, and the app's main services, switched to the library, answer the catalog, candles,
// trades, funding and a book replay from the folder alone. The oracles: the stopped service's own
// answers recorded before it stopped, and trades read from the downloaded bytes with fzstd and
// JSON.parse.

const minute = 60_000;
const day = new Date(fixedNow).toISOString().slice(0, 10);
const hourOf = (hour: number) => Date.UTC(2026, 10, 20, hour);
const btc = { source: 'hyperliquid', market: 'BTC' } as const;
const sol = { source: 'hyperliquid', market: 'SOL' } as const;
const btcRange = { start: hourOf(9), end: hourOf(11) - 1 };
const solRange = { start: hourOf(10), end: hourOf(11) - 1 };
const replayRange = { start: hourOf(10) + 5 * minute, end: hourOf(10) + 8 * minute };
const keyOf = (dataset: { source: string; market: string }, hour: number) => `standard-${dataset.source}-${dataset.market}-${day}-${String(hour).padStart(2, '0')}`;

const made: string[] = [];
const tempDir = async (): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'mde-offline-'));
  made.push(dir);
  return dir;
};

/** Downloads one hour as a client would: a signed link from `/snapshots/download?mode=url`, then a plain GET. */
async function download(baseUrl: string, key: string): Promise<Uint8Array> {
  const linkResponse = await fetch(`${baseUrl}/snapshots/download?key=${key}&mode=url`, { headers: { authorization: `Bearer ${paidKey}` } });
  expect(linkResponse.status).toBe(200);
  const link = (await linkResponse.json()) as { url: string; filename: string };
  expect(link.filename).toBe(`${key}.jsonl.zst`);
  const file = await fetch(link.url);
  expect(file.status).toBe(200);
  return new Uint8Array(await file.arrayBuffer());
}

async function save(root: string, relative: string, bytes: Uint8Array): Promise<void> {
  const path = join(root, relative);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, bytes);
}

/** The trades of downloaded files, read naively: every `trade` line collected in the range, file by file in line (arrival) order. */
function tradesOfFiles(files: readonly Uint8Array[], range: { start: number; end: number }): { time: number[]; price: number[]; quantity: number[] } {
  const lines = files.flatMap((bytes) =>
    new TextDecoder()
      .decode(decompress(bytes))
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { type: string; collector_timestamp: number; data: { price: number | string; quantity: number | string } }),
  );
  const trades = lines.filter((line) => line.type === 'trade' && line.collector_timestamp >= range.start && line.collector_timestamp <= range.end);
  return { time: trades.map((t) => t.collector_timestamp), price: trades.map((t) => Number(t.data.price)), quantity: trades.map((t) => Number(t.data.quantity)) };
}

interface Recorded {
  candles: CandleColumns;
  trades: TradeColumns;
  funding: FundingColumns;
  solTrades: TradeColumns;
  /** The books of a replay of the service's /l2-orderbooks, pulled with book.window. */
  books: Map<string, SessionObservation[]>;
  /** The service's /l2-orderbooks rows of the replay's range, fetched by hand. */
  bookRows: L2Row[];
}

/**
 * Every frame of a session replay as the reference sees them, by book: each book its last
 * `book.tracks` lists, pulled with `book.window`.
 */
async function sessionBooks(events: readonly { event: string; payload: unknown }[], replayId: string, window: (input: WindowFromEntry) => Promise<BookWindow>): Promise<Map<string, SessionObservation[]>> {
  const tracks = events.filter((entry) => entry.event === 'book.tracks' && (entry.payload as BookTracksEvent).replayId === replayId).at(-1)?.payload as BookTracksEvent | undefined;
  const frames: { book: BookKey; chunk: FrameChunk }[] = [];
  for (const track of tracks?.tracks ?? []) frames.push(...(await pullSessionFrames(window, replayId, track.key, track.entries)).frames);
  return sessionFramesByBook(sessionObservationsOfFrames(frames));
}

let remote: TestService | null = null;
let remoteBaseUrl = '';
let libraryRoot = '';
const files = new Map<string, Uint8Array>();
let recorded: Recorded;
let services: MainServices;
const pushed: { event: string; payload: unknown }[] = [];

beforeAll(async () => {
  remote = await startTestService();
  remoteBaseUrl = remote.service.baseUrl;
  libraryRoot = await tempDir();
  for (const hour of [9, 10]) {
    const key = keyOf(btc, hour);
    files.set(key, await download(remoteBaseUrl, key));
    await save(libraryRoot, `data/standard/${btc.source}/${btc.market}/${day}/${key}.jsonl.zst`, files.get(key) ?? new Uint8Array());
  }
  const solKey = keyOf(sol, 10);
  files.set(solKey, await download(remoteBaseUrl, solKey));
  await save(libraryRoot, `${sol.source}/${sol.market}/${day}/${solKey}.jsonl.zst`, files.get(solKey) ?? new Uint8Array());
  // A download cut short and an export never count as library data.
  await save(libraryRoot, `data/standard/${btc.source}/${btc.market}/${day}/${keyOf(btc, 11)}.jsonl.zst.part`, new Uint8Array([0x28, 0xb5]));
  await save(libraryRoot, `exports/${btc.source}/${btc.market}/${day}/${keyOf(btc, 8)}.jsonl.zst`, files.get(keyOf(btc, 9)) ?? new Uint8Array());

  // The service's own answers, through the same market handlers, before it stops.
  const client = new MarketDataClient({ baseUrl: remoteBaseUrl, apiKey: paidKey, now: () => fixedNow });
  const remoteMarket = marketHandlers(() => Promise.resolve({ client, target: { dataSource: 'remote', baseUrl: remoteBaseUrl, simulated: false } }), new EventHub());
  const rig = bookReplayRig({ baseUrl: remoteBaseUrl, key: paidKey });
  try {
    const { replayId } = await rig.api.book.replayMarket({ ...btc, ...replayRange, rows: 'l2-orderbooks' });
    expect(await rig.ended(replayId)).toMatchObject({ ok: true });
    recorded = {
      candles: await remoteMarket['market.candles']({ ...btc, ...btcRange, interval: '1m', requestId: 'r-candles' }),
      trades: await remoteMarket['market.trades']({ ...btc, ...btcRange, requestId: 'r-trades' }),
      funding: await remoteMarket['market.funding']({ ...btc, ...btcRange, requestId: 'r-funding' }),
      solTrades: await remoteMarket['market.trades']({ ...sol, ...solRange, requestId: 'r-sol' }),
      books: await sessionBooks(rig.events, replayId, (input) => rig.api.book.window(input)),
      bookRows: await rawRows<L2Row>(remoteBaseUrl, '/l2-orderbooks', { ...btc, ...replayRange, limit: 1000 }, paidKey),
    };
  } finally {
    await rig.close();
  }
  await remote.close();
  remote = null;

  services = createMainServices({ userDataDir: await tempDir(), mode: 'browser', healthIntervalMs: 0 });
  services.events.attach((event, payload) => pushed.push({ event, payload }));
  await services.handlers['settings.update']({ dataSource: 'library', libraryRoot });
}, 120_000);

afterAll(async () => {
  await remote?.close();
  await services.close();
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('offline: the library answers with the remote service stopped', () => {
  it('the remote service is really gone', async () => {
    await expect(fetch(`${remoteBaseUrl}/health`)).rejects.toThrow();
  });

  it('health names the library and what it holds', async () => {
    const health: Health = await services.handlers['health.check'](undefined);
    expect(health).toMatchObject({ dataSource: 'library', status: 'ok', simulated: false });
    expect(health.library).toMatchObject({ setting: libraryRoot, root: libraryRoot, exists: true, files: 3, datasets: 2 });
    expect(health.message).toMatch(/^3 hour files in 2 datasets \(.+\); 1 download not finished$/);
    expect(health.baseUrl).not.toBe(remoteBaseUrl);
  });

  it('the catalog lists the markets found in the folder, not simulated', async () => {
    const catalog = await services.handlers['catalog.markets'](undefined);
    expect(catalog.simulated).toBe(false);
    expect(catalog.markets.map((entry) => `${entry.source}/${entry.market}`).sort()).toEqual(['hyperliquid/BTC', 'hyperliquid/SOL']);
    expect(catalog.warnings).toEqual([]);
  });

  it('the library takes the local key: hours far behind the anonymous windows are open', async () => {
    const trades = await services.handlers['market.trades']({ ...btc, ...btcRange, requestId: 'l-open' });
    expect(trades.time.length).toBeGreaterThan(0);
  });

  it('trades equal the service’s recorded answer and the trade lines of the downloaded files', async () => {
    const trades = await services.handlers['market.trades']({ ...btc, ...btcRange, requestId: 'l-trades' });
    expect(trades).toEqual(recorded.trades);
    const naive = tradesOfFiles([keyOf(btc, 9), keyOf(btc, 10)].map((key) => files.get(key) ?? new Uint8Array()), btcRange);
    expect(naive.time.length).toBeGreaterThan(100);
    expect(trades.time).toEqual(naive.time);
    expect(trades.price).toEqual(naive.price);
    expect(trades.quantity).toEqual(naive.quantity);
  });

  it('the flat-layout dataset answers too', async () => {
    const trades = await services.handlers['market.trades']({ ...sol, ...solRange, requestId: 'l-sol' });
    expect(trades).toEqual(recorded.solTrades);
    expect(trades.price).toEqual(tradesOfFiles([files.get(keyOf(sol, 10)) ?? new Uint8Array()], solRange).price);
  });

  it('candles equal the service’s recorded answer, and count and weigh the trades of the files', async () => {
    const candles = await services.handlers['market.candles']({ ...btc, ...btcRange, interval: '1m', requestId: 'l-candles' });
    expect(candles).toEqual(recorded.candles);
    expect(candles.openTime.length).toBe(120);
    const naive = tradesOfFiles([keyOf(btc, 9), keyOf(btc, 10)].map((key) => files.get(key) ?? new Uint8Array()), btcRange);
    const sum = (values: readonly (number | null)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);
    expect(sum(candles.tradeCount)).toBe(naive.time.length);
    expect(sum(candles.baseVolume)).toBeCloseTo(sum(naive.quantity), 6);
  });

  it('funding equals the service’s recorded answer', async () => {
    const funding = await services.handlers['market.funding']({ ...btc, ...btcRange, requestId: 'l-funding' });
    expect(funding.time.length).toBeGreaterThan(0);
    expect(funding).toEqual(recorded.funding);
  });

  it('a book replay of the market gives the same books as the service gave', async () => {
    const { replayId } = await services.handlers['book.replayMarket']({ ...btc, ...replayRange, rows: 'l2-orderbooks' });
    const ended = await new Promise<BookReplayEnded>((resolve) => {
      const check = (): void => {
        const found = pushed.find((entry) => entry.event === 'book.replayEnded' && (entry.payload as BookReplayEnded).replayId === replayId);
        if (found === undefined) setTimeout(check, 20);
        else resolve(found.payload as BookReplayEnded);
      };
      check();
    });
    expect(ended).toMatchObject({ ok: true, error: null });
    const observed = await sessionBooks(pushed, replayId, (input) => services.handlers['book.window'](input));
    expect(observed.size).toBeGreaterThan(0);
    expect(observed).toEqual(recorded.books);
    // And both are the service's own rows, one book each (a reset frame where a capture session began).
    expect(recorded.bookRows.length).toBeGreaterThan(100);
    expect(observed).toEqual(sessionFramesByBook(referenceSessionFramesOfRows(recorded.bookRows, (row) => observationOfFlatRow(row), () => {})));
  });

  it('a file deleted through the library channels leaves the served data at once (last: it deletes)', async () => {
    await services.handlers['library.delete']({ keys: [keyOf(sol, 10)] });
    const rescanned = await new Promise<Health>((resolve) => {
      const check = (): void => {
        const found = pushed.find((entry) => entry.event === 'health.changed' && (entry.payload as Health).library?.files === 2);
        if (found === undefined) setTimeout(check, 20);
        else resolve(found.payload as Health);
      };
      check();
    });
    expect(rescanned.library).toMatchObject({ files: 2, datasets: 1 });
    const catalog = await services.handlers['catalog.markets'](undefined);
    expect(catalog.markets.map((entry) => `${entry.source}/${entry.market}`)).toEqual(['hyperliquid/BTC']);
  });

  it('an hour outside the library has no rows (nothing is fetched from anywhere)', async () => {
    const trades = await services.handlers['market.trades']({ ...btc, start: hourOf(12), end: hourOf(13) - 1, requestId: 'l-none' });
    expect(trades.time).toEqual([]);
  });
});
