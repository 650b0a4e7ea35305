import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { writeSnapshotFile, type SnapshotFileSpec } from '../../support/book-files.ts';
import { observationOfFlatRow, referenceHourOf } from '../../support/book-observations.ts';
import { interleavedBookEvents } from '../../support/interleaved-books.ts';
import {
  ReferenceL2Books,
  referenceObservations,
  referenceSteps,
  type ReferenceLevel,
  type ReferenceObservation,
  type ReferenceStep,
  type ReferenceUpdate,
} from '../../support/reference-l2-books.ts';
import { useTempDirs } from '../../support/temp-dir.ts';
import { referenceHourOfHand, writeHandHour } from '../../support/capture-fixture.ts';
import { captureHour0, captureHours } from '../../support/capture-session-hours.ts';

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

/** The order-book updates this test wrote into a v2 fixture, read straight from its JSON lines. */
function fixtureUpdates(text: string): ReferenceUpdate[] {
  const rows = text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
  return rows
    .filter((row) => row.type === 'orderbook')
    .map((row) => {
      const data = row.data as { is_snapshot: boolean; bids: ReferenceLevel[]; asks: ReferenceLevel[] };
      const instrument = typeof row.instrument === 'string' ? row.instrument : null;
      return { source: String(row.source), market: String(row.market), instrument, time: Number(row.collector_timestamp), snapshot: data.is_snapshot, bids: data.bids, asks: data.asks };
    });
}

/** `mde book`'s lines as the model's observations (fails on a hole or a level past `depth`). */
function printedBooks(lines: readonly string[], depth?: number): ReferenceObservation[] {
  return lines.map((line) => observationOfFlatRow(JSON.parse(line) as Record<string, unknown>, depth));
}

/** Observations in book-name order (the model lists its books that way). */
function byBook(observations: ReferenceObservation[]): ReferenceObservation[] {
  return observations.sort((a, b) => (a.book < b.book ? -1 : a.book > b.book ? 1 : 0));
}

/** The model's books in force at `at`: every step whose running-max time is at or before it applied. */
function modelBooksAt(steps: readonly ReferenceStep[], at: number): ReferenceObservation[] {
  const books = new ReferenceL2Books();
  let clock = Number.NEGATIVE_INFINITY;
  for (const step of steps) {
    clock = Math.max(clock, 'clear' in step ? step.time : step.update.time);
    if (clock > at) break;
    if ('clear' in step) books.clear();
    else books.apply(step.update);
  }
  return books.observeAll(25);
}

const hour = (h: number): SnapshotFileSpec => ({ source: 'lighter', market: 'ETH-USD', hour: Date.UTC(2024, 6, 4, h) });
const instruments = [null, 'ETH-PERP', 'ETH-28JUN24'] as const;
const eventsOf = (h: number, seed: number, events: number) => interleavedBookEvents({ seed, source: 'lighter', market: 'ETH-USD', hourStart: hour(h).hour, instruments, events });

describe('mde book', () => {
  it('prints one JSON line per reconstructed book, fields in spec order, none for deltas before a snapshot', async () => {
    const path = await zstFixture('v2-book-lifecycle.jsonl');
    const result = mdeBook(path);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const updates = fixtureUpdates(await readFile(join(fixtures, 'v2-book-lifecycle.jsonl'), 'utf8'));
    expect(printedBooks(result.lines)).toEqual(referenceObservations(updates.map((update) => ({ update }))));
    expect(result.lines.length).toBeLessThan(updates.length);
    const first = JSON.parse(result.lines[0] ?? '{}') as Record<string, unknown>;
    expect(Object.keys(first).slice(0, 6)).toEqual(['collector_timestamp', 'source', 'market', 'instrument', 'source_event_is_snapshot', 'bid_px_00']);
    expect(Object.keys(first)).toHaveLength(105);
  });

  it('matches the reference books for several interleaved books, and limits the levels with --depth, nulls past it', async () => {
    const dir = await tempDir();
    const events = eventsOf(1, 31, 1500);
    const path = await writeSnapshotFile(dir, hour(1), events);
    const steps = referenceSteps([referenceHourOf(hour(1).hour, events)]);
    const model = new ReferenceL2Books();
    const everyBook = referenceObservations(steps, 25, model);
    // The stream exercises every rule: ignored deltas, deletions by 0, shrinking snapshots, deep books.
    expect(Math.min(model.counts.ignoredDeltas, model.counts.deletedLevels, model.counts.shrinkingSnapshots)).toBeGreaterThan(0);
    expect(everyBook.some((book) => book.bids.length === 25)).toBe(true);
    expect(new Set(everyBook.map((book) => book.book)).size).toBe(instruments.length);

    const full = mdeBook(path);
    expect(full.status).toBe(0);
    expect(printedBooks(full.lines)).toEqual(everyBook);
    const shallow = mdeBook(path, '--depth', '3');
    expect(shallow.status).toBe(0);
    expect(printedBooks(shallow.lines, 3)).toEqual(referenceObservations(steps, 3));
  });

  it('prints only the book in force at --at, with running-max time across a backward step', async () => {
    const path = await zstFixture('v2-book-lifecycle.jsonl');
    const steps = fixtureUpdates(await readFile(join(fixtures, 'v2-book-lifecycle.jsonl'), 'utf8')).map((update) => ({ update }));
    for (const at of [1717200000290, 1717200000300, 1717200000650, 1717200000800]) {
      const result = mdeBook(path, '--at', String(at));
      expect(result.status).toBe(0);
      const expected = modelBooksAt(steps, at);
      expect(expected.length).toBeGreaterThan(0);
      expect(byBook(printedBooks(result.lines))).toEqual(expected);
    }
    const iso = mdeBook(path, '--at', new Date(1717200000300).toISOString());
    expect(iso.lines).toEqual(mdeBook(path, '--at', '1717200000300').lines);
    const before = mdeBook(path, '--at', '1717199000000');
    expect(before).toMatchObject({ status: 0, lines: [] });
    expect(before.stderr).toContain('no book was in force');
  });

  it('resets at a coverage gap between files: no book until the next snapshot, at every --at too', async () => {
    const dir = await tempDir();
    const hours = [
      { h: 2, events: eventsOf(2, 32, 400) },
      { h: 3, events: eventsOf(3, 33, 400) },
      { h: 5, events: eventsOf(5, 34, 400) },
    ];
    const paths = await Promise.all(hours.map(({ h, events }) => writeSnapshotFile(dir, hour(h), events)));
    const steps = referenceSteps(hours.map(({ h, events }) => referenceHourOf(hour(h).hour, events)));
    const model = new ReferenceL2Books();
    const expected = referenceObservations(steps, 25, model);
    expect(model.counts.clears).toBe(1);
    const result = mdeBook(...paths);
    expect(result.status).toBe(0);
    expect(printedBooks(result.lines)).toEqual(expected);
    // The consecutive hour carries the books over (its deltas all apply); after the gap the deltas before each book's snapshot are lost.
    const booksIn = (h: number): number => expected.filter((book) => book.time >= hour(h).hour && book.time < hour(h).hour + 3_600_000).length;
    expect(booksIn(3)).toBe(hours[1]?.events.length);
    expect(booksIn(5)).toBeLessThan(hours[2]?.events.length ?? 0);

    const afterGap = hours[2]?.events ?? [];
    const firstSnapshotAfterGap = Math.min(...afterGap.filter((event) => event.isSnapshot).map((event) => event.collectorTimestamp));
    // Just after the gap no book is in force; before it, and after the next snapshots, some are.
    expect(modelBooksAt(steps, hour(5).hour + 1)).toEqual([]);
    for (const at of [hour(3).hour + 1_800_000, hour(5).hour + 1, firstSnapshotAfterGap, hour(5).hour + 3_000_000]) {
      const atResult = mdeBook(...paths, '--at', String(at));
      expect(atResult.status).toBe(0);
      expect(byBook(printedBooks(atResult.lines))).toEqual(modelBooksAt(steps, at));
    }
  });

  it('resets where the collector restarted (collector_sequence starts again), in mid-file and at a file\'s first row, at every --at too', async () => {
    const dir = await tempDir();
    const paths = await Promise.all(captureHours.map((hand) => writeHandHour(dir, hand)));
    const steps = referenceSteps(captureHours.map(referenceHourOfHand));
    const model = new ReferenceL2Books();
    const expected = referenceObservations(steps, 25, model);
    expect(steps.filter((step) => 'clear' in step && step.cause === 'restart')).toHaveLength(2);
    const result = mdeBook(...paths);
    expect(result.status).toBe(0);
    expect(printedBooks(result.lines)).toEqual(expected);
    // Just after each restart no book is in force until its snapshot; before and after, some are.
    const restarts = steps.flatMap((step) => ('clear' in step ? [step.time] : []));
    for (const at of [...restarts.flatMap((time) => [time - 1, time, time + 150, time + 1000]), captureHour0 + 4 * 3_600_000]) {
      const atResult = mdeBook(...paths, '--at', String(at));
      expect(atResult.status).toBe(0);
      expect(byBook(printedBooks(atResult.lines)), `at ${at}`).toEqual(modelBooksAt(steps, at));
    }
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
