import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../../electron/server/embedded-service.ts';
import type { LocalService } from '../../electron/server/local-service.ts';
import { decodeSnapshot } from '../../electron/codec/snapshot-reader.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { BookEngine, type L2Row } from '../../shared/book/index.ts';
import type { SnapshotRecord } from '../../shared/snapshot/records.ts';
import { observationOfFlatRow } from '../support/book-observations.ts';
import type { ReferenceLevel } from '../support/reference-l2-books.ts';
import { requestService } from './conformance/support/http.ts';
import { pageAll } from './conformance/support/paging.ts';
import { paidKey } from './conformance/support/service-fixture.ts';

// Book shapes the service's SDK book builder reads besides the standard one: levels as
// `{price, size}` (or `quantity`, `amount`) objects with numbers or decimal strings, levels with
// more than two elements, the legacy `l2_snapshot` and `orderbook_snapshot` types, and `bids` /
// `asks` beside `data` instead of in it. Two hand-made files hold them; the books after each line
// are worked out by hand below. Book reconstruction from the files (the decoder and the engine,
// `mde book`) and the folder service's `/l2-orderbooks` must give exactly those books.

const root = join(import.meta.dirname, '..', '..');
const fixture = (name: string): string => join(root, 'test', 'fixtures', 'books', name);
const hour10 = Date.UTC(2026, 10, 24, 10);

interface Book {
  time: number;
  bids: ReferenceLevel[];
  asks: ReferenceLevel[];
}

/** legacy-shapes.jsonl, BTC-USD: the book after each book line (line 4 is a trade). */
const legacyBooks: Book[] = [
  // 1: l2_snapshot, sides beside `data` (no data at all), {price, size} objects.
  { time: hour10 + 1000, bids: [[100, 1], [99, 2]], asks: [[101, 1.5], [102, 3]] },
  // 2: orderbook_delta, {price, quantity} objects with decimal strings; 101 deleted.
  { time: hour10 + 2000, bids: [[100, 1], [99.5, 4], [99, 2]], asks: [[102, 3]] },
  // 3: orderbook_delta, asks beside `data` as [price, size, count].
  { time: hour10 + 3000, bids: [[100, 1], [99.5, 4], [99, 2]], asks: [[101.5, 2], [102, 3]] },
  // 5: orderbook_snapshot replaces the book; an {price, amount} ask.
  { time: hour10 + 5000, bids: [[98, 1]], asks: [[103, 5]] },
  // 6: a {price, size: 0} delta deletes the only bid.
  { time: hour10 + 6000, bids: [], asks: [[103, 5]] },
];

/** v2-level-shapes.jsonl, ETH-USD. */
const v2Books: Book[] = [
  // 2: a v2 snapshot whose sides stand beside `data`.
  { time: hour10 + 1000, bids: [[3000, 2], [2999, 1]], asks: [[3001, 1], [3002, 2]] },
  // 3: {price, size} objects, strings; 3001 deleted.
  { time: hour10 + 2000, bids: [[3000.5, 0.25], [3000, 2], [2999, 1]], asks: [[3002, 2]] },
  // 4: [price, size, count].
  { time: hour10 + 3000, bids: [[3000.5, 0.25], [3000, 2], [2999, 1]], asks: [[3001.5, 4], [3002, 2]] },
];

const asBook = (row: object): Book => {
  const seen = observationOfFlatRow(row);
  return { time: seen.time, bids: seen.bids, asks: seen.asks };
};

async function engineBooks(path: string): Promise<Book[]> {
  const records: SnapshotRecord[] = [];
  const result = await decodeSnapshot({ bytes: compressZstdFrame(await readFile(path)), name: path }, { onRecords: (batch) => void records.push(...batch) });
  expect(result.ok).toBe(true);
  const engine = new BookEngine();
  const books: Book[] = [];
  for (const record of records) {
    if (record.type !== 'orderbook') continue;
    const book = engine.apply(record);
    if (book === null) continue;
    const side = (levels: { depth: number; priceAt(i: number): number; sizeAt(i: number): number }): ReferenceLevel[] => Array.from({ length: levels.depth }, (_, i) => [levels.priceAt(i), levels.sizeAt(i)]);
    books.push({ time: record.collectorTimestamp, bids: side(book.bids), asks: side(book.asks) });
  }
  return books;
}

let folder = '';
let service: LocalService;
const zstPaths: string[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mde-book-shapes-'));
  for (const [name, market] of [['legacy-shapes.jsonl', 'BTC-USD'], ['v2-level-shapes.jsonl', 'ETH-USD']] as const) {
    const dir = join(folder, 'lighter', market, '2026-11-24');
    await mkdir(dir, { recursive: true });
    const path = join(dir, `standard-lighter-${market}-2026-11-24-10.jsonl.zst`);
    await writeFile(path, compressZstdFrame(await readFile(fixture(name))));
    zstPaths.push(path);
  }
  service = await startEmbeddedService({ data: { kind: 'directory', root: folder }, keys: [{ key: paidKey, tier: 'paid' }], extra: { now: () => hour10 + 5 * 3_600_000 } });
});

afterAll(async () => {
  await service.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the SDK book builder\'s other shapes', () => {
  it('the decoder reads them and the engine rebuilds the hand-worked books', async () => {
    expect(await engineBooks(fixture('legacy-shapes.jsonl'))).toEqual(legacyBooks);
    expect(await engineBooks(fixture('v2-level-shapes.jsonl'))).toEqual(v2Books);
  });

  it('mde book prints the hand-worked book after every book line', () => {
    for (const [path, books] of [[zstPaths[0] ?? '', legacyBooks], [zstPaths[1] ?? '', v2Books]] as const) {
      const cli = spawnSync(process.execPath, ['--import', 'tsx', 'electron/cli/mde.ts', 'book', path], { cwd: root, encoding: 'utf8' });
      expect(cli.stderr).toBe('');
      expect(cli.stdout.split('\n').filter((line) => line !== '').map((line) => asBook(JSON.parse(line) as object))).toEqual(books);
    }
  });

  it('/l2-orderbooks serves the hand-worked book after every book line', async () => {
    const target = { get: <T>(path: string, options?: Parameters<typeof requestService>[2]) => requestService<T>(service.baseUrl, path, options) };
    for (const [market, books] of [['BTC-USD', legacyBooks], ['ETH-USD', v2Books]] as const) {
      const served = await pageAll<L2Row>(target, '/l2-orderbooks', { query: { source: 'lighter', market, start: hour10, end: hour10 + 3_599_999, limit: 2 }, key: paidKey });
      expect(served.items.map(asBook), market).toEqual(books);
    }
  });
});
