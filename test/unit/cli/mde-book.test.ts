import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BookEngine } from '../../../shared/book/book-engine.ts';
import type { BookEvent, BookReset } from '../../../shared/book/book-event.ts';
import { l2BookFields } from '../../../shared/book/book-row.ts';
import { BookTimeline } from '../../../shared/book/book-timeline.ts';
import { compressZstdFrame } from '../../../electron/services/snapshot/zstd-compressor.ts';
import { hourOfEvents, writeSnapshotFile, type SnapshotFileSpec } from '../../support/book-files.ts';
import { useTempDirs } from '../../support/temp-dir.ts';
import { orderbookRecords } from '../book/orderbook-records.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'books');
const tempDir = useTempDirs();

function mdeBook(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'electron/cli/mde.ts', 'book', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, lines: result.stdout.split('\n').filter((line) => line !== ''), stderr: result.stderr };
}

/** Compresses a fixture from test/fixtures/books into a temporary `.jsonl.zst`. */
async function zstFixture(name: string, as = name.replace('.jsonl', '.jsonl.zst')): Promise<string> {
  const path = join(await tempDir(), as);
  await writeFile(path, compressZstdFrame(await readFile(join(fixtures, name))));
  return path;
}

function expectedLines(inputs: readonly (BookEvent | BookReset)[], depth = 25): Record<string, unknown>[] {
  const engine = new BookEngine();
  const lines: Record<string, unknown>[] = [];
  for (const input of inputs) {
    if ('reset' in input) {
      engine.reset(input.key);
      continue;
    }
    const book = engine.apply(input);
    if (book === null) continue;
    lines.push({ collector_timestamp: input.collectorTimestamp, source: input.source, market: input.market, instrument: input.instrument, ...l2BookFields(book, input.isSnapshot, depth) });
  }
  return lines;
}

const hour = (h: number): SnapshotFileSpec => ({ source: 'lighter', market: 'ETH-USD', hour: Date.UTC(2024, 6, 4, h) });

describe('mde book', () => {
  it('prints one JSON line per reconstructed book, fields in spec order, none for deltas before a snapshot', async () => {
    const path = await zstFixture('v2-book-lifecycle.jsonl');
    const result = mdeBook(path);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const records = orderbookRecords(await readFile(join(fixtures, 'v2-book-lifecycle.jsonl'), 'utf8'));
    const parsed = result.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toEqual(expectedLines(records));
    expect(parsed.length).toBeLessThan(records.length);
    expect(Object.keys(parsed[0] ?? {}).slice(0, 6)).toEqual(['collector_timestamp', 'source', 'market', 'instrument', 'source_event_is_snapshot', 'bid_px_00']);
    expect(Object.keys(parsed[0] ?? {})).toHaveLength(105);
  });

  it('limits the levels with --depth, nulls past it', async () => {
    const dir = await tempDir();
    const events = hourOfEvents(hour(1), 31, 300, 100);
    const result = mdeBook(await writeSnapshotFile(dir, hour(1), events), '--depth', '3');
    expect(result.status).toBe(0);
    const parsed = result.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toEqual(expectedLines(events, 3));
    expect(parsed.every((row) => row.bid_px_03 === null && row.ask_sz_24 === null && typeof row.bid_px_02 === 'number')).toBe(true);
  });

  it('prints only the book in force at --at, with running-max time across a backward step', async () => {
    const path = await zstFixture('v2-book-lifecycle.jsonl');
    const records = orderbookRecords(await readFile(join(fixtures, 'v2-book-lifecycle.jsonl'), 'utf8'));
    const timeline = new BookTimeline();
    for (const record of records) timeline.append(record);
    for (const at of [1717200000290, 1717200000300, 1717200000650]) {
      const result = mdeBook(path, '--at', String(at));
      expect(result.status).toBe(0);
      const books = [...timeline.seek(at).books()].map((book) => ({
        collector_timestamp: book.collectorTimestamp,
        ...book.key,
        ...l2BookFields(book),
      }));
      expect(result.lines.map((line) => JSON.parse(line) as unknown)).toEqual(books);
    }
    const iso = mdeBook(path, '--at', new Date(1717200000300).toISOString());
    expect(iso.lines).toEqual(mdeBook(path, '--at', '1717200000300').lines);
    const before = mdeBook(path, '--at', '1717199000000');
    expect(before).toMatchObject({ status: 0, lines: [] });
    expect(before.stderr).toContain('no book was in force');
  });

  it('resets at a coverage gap between files: no book until the next snapshot', async () => {
    const dir = await tempDir();
    const first = hourOfEvents(hour(2), 32, 200, 50);
    const next = hourOfEvents(hour(3), 33, 200, 50).slice(1);
    const afterGap = hourOfEvents(hour(5), 34, 200, 50).slice(1);
    const paths = [await writeSnapshotFile(dir, hour(2), first), await writeSnapshotFile(dir, hour(3), next), await writeSnapshotFile(dir, hour(5), afterGap)];
    const result = mdeBook(...paths);
    expect(result.status).toBe(0);
    const reset: BookReset = { reset: true, collectorTimestamp: hour(5).hour };
    const parsed = result.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toEqual(expectedLines([...first, ...next, reset, ...afterGap]));
    // The consecutive hour carries the book over; the gap drops the 49 deltas before the next snapshot.
    expect(parsed.length).toBe(200 + 199 + 199 - 49);

    const atAfterGap = mdeBook(...paths, '--at', String(hour(5).hour + 1));
    expect(atAfterGap.lines).toEqual([]);
  });

  it.each([
    ['a missing file', (dir: string) => [join(dir, 'nope.jsonl.zst')], 1, 'cannot read the file'],
    ['a file that is not zstd', (dir: string) => [join(dir, 'plain.jsonl.zst')], 1, 'not a zstd file'],
    ['a malformed v2 line', (dir: string) => [join(dir, 'malformed.jsonl.zst')], 1, 'line 3'],
    ['a negative quantity (BookDataError)', (dir: string) => [join(dir, 'v2-negative-quantity.jsonl.zst')], 1, 'Invalid quantity -2'],
    ['no FILE', () => [], 2, 'missing FILE'],
    ['a bad --depth', (dir: string) => [join(dir, 'plain.jsonl.zst'), '--depth', '0'], 2, '--depth must be'],
    ['a missing --depth value', (dir: string) => [join(dir, 'plain.jsonl.zst'), '--depth'], 2, '--depth needs a value'],
    ['a bad --at', (dir: string) => [join(dir, 'plain.jsonl.zst'), '--at', 'yesterday'], 2, '--at must be'],
    ['an unknown option', (dir: string) => [join(dir, 'plain.jsonl.zst'), '--lenient'], 2, 'unknown option --lenient'],
  ])('exits non-zero with one clear line on stderr for %s', async (_name, args, status, message) => {
    const dir = await tempDir();
    await writeFile(join(dir, 'plain.jsonl.zst'), '{"not":"zstd"}\n');
    const lifecycle = await readFile(join(fixtures, 'v2-book-lifecycle.jsonl'), 'utf8');
    const lines = lifecycle.split('\n');
    lines.splice(2, 0, '{"collector_timestamp": 1717200000150, "type": "orderbook", oops}');
    await writeFile(join(dir, 'malformed.jsonl.zst'), compressZstdFrame(new TextEncoder().encode(lines.join('\n'))));
    await writeFile(join(dir, 'v2-negative-quantity.jsonl.zst'), compressZstdFrame(await readFile(join(fixtures, 'v2-negative-quantity.jsonl'))));
    const result = mdeBook(...args(dir));
    expect(result.status).toBe(status);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^mde book: /);
    expect(result.stderr).toContain(message);
  });
});
