import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { BookKey } from '../../../shared/book/book-key.ts';
import type { FrameChunk } from '../../../shared/book/book-frames.ts';
import type { BookTracksEvent } from '../../../shared/contract/book-session-schemas.ts';
import { libraryFilePath } from '../../../electron/codec/layout/library-layout.ts';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { startEmbeddedService, type EmbeddedService } from '../../../electron/server/embedded-service.ts';
import { hourOfEvents, snapshotKey, v2FileText, type SnapshotFileSpec } from '../../support/book-files.ts';
import { referenceHourOf } from '../../support/book-observations.ts';
import { ReferenceL2Books, referenceSteps } from '../../support/reference-l2-books.ts';
import { pullSessionFrames, referenceSessionFrames, sessionFramesByBook, sessionObservationsOfFrames, type SessionObservation } from '../../support/session-frames.ts';
import { useTempDirs } from '../../support/temp-dir.ts';
import { countingFetch, paidKey } from '../client/support/test-service.ts';
import { bookReplayRig, type BookReplayRig } from './support/book-replay-rig.ts';

// `book.replayMarket` from hour files: a service that lists and serves a market's hour files (a
// library folder served by the local service on 127.0.0.1) is read through the download queue
// into the app's own library, and the session's books must equal the naive reference books fed
// with the events written into those files (every level), up to the range's end.

const hourMs = 3_600_000;
const temp = useTempDirs();
const firstHour = Date.UTC(2026, 10, 20, 7);
const specs: SnapshotFileSpec[] = [0, 1, 2].map((h) => ({ source: 'testex', market: 'BOOK-1', hour: firstHour + h * hourMs }));
const events = specs.map((spec, i) => hourOfEvents(spec, 40 + i, 2500, 400));
/** 07:40 to 09:10 inclusive: the books are built from 07:00, nothing after 09:10 is shown. */
const range = { source: 'testex', market: 'BOOK-1', start: firstHour + 40 * 60_000, end: firstHour + 2 * hourMs + 10 * 60_000 };

let served: string;
let service: EmbeddedService;
let rig: BookReplayRig | undefined;

beforeAll(async () => {
  served = await mkdtemp(join(tmpdir(), 'mde-served-'));
  for (const [i, spec] of specs.entries()) {
    const path = libraryFilePath(served, snapshotKey(spec));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, compressZstdFrame(new TextEncoder().encode(v2FileText(spec, events[i] ?? []))));
  }
  service = await startEmbeddedService({ data: { kind: 'directory', root: served }, keys: [{ key: paidKey, tier: 'paid' }], extra: { now: () => firstHour + 5 * hourMs } });
});
afterAll(async () => {
  await service.close();
  await rm(served, { recursive: true, force: true });
});
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** Every frame a replay holds, pulled with `book.window`, as the reference sees them, by book. */
async function observedOf(on: BookReplayRig, replayId: string): Promise<Map<string, SessionObservation[]>> {
  const tracks = on.payloadsOf<BookTracksEvent>('book.tracks', replayId).at(-1)?.tracks ?? [];
  const frames: { book: BookKey; chunk: FrameChunk }[] = [];
  for (const track of tracks) frames.push(...(await pullSessionFrames((input) => on.api.book.window(input), replayId, track.key, track.entries)).frames);
  return sessionFramesByBook(sessionObservationsOfFrames(frames));
}

/** The reference books after every event written into the files up to the range's end. */
function expectedFrames(depth: number): Map<string, SessionObservation[]> {
  const hours = specs.map((spec, i) => referenceHourOf(spec.hour, (events[i] ?? []).filter((event) => event.collectorTimestamp <= range.end)));
  return sessionFramesByBook(referenceSessionFrames(referenceSteps(hours), depth, new ReferenceL2Books()));
}

describe('book.replayMarket from hour files', () => {
  it('downloads the hours of the range into the library and rebuilds every level of them, up to the range end', async () => {
    const counting = countingFetch();
    rig = bookReplayRig({ baseUrl: service.baseUrl, key: paidKey, fetch: counting.fetch, hourFiles: { userDataDir: await temp() } });
    const answer = await rig.api.book.replayMarket({ ...range, rows: 'l2-orderbooks', depth: 60 });
    expect(answer.readFrom).toMatchObject({ kind: 'files', hours: 3 });
    const ended = await rig.ended(answer.replayId);
    expect(ended).toMatchObject({ ok: true, error: null });

    const expected = expectedFrames(60);
    expect(expected.size).toBe(1);
    // Deeper than the service's 25-level books: the files' whole depth reaches the frames.
    const deepest = Math.max(...[...expected.values()].flat().map((frame) => ('bids' in frame ? frame.bids.length : 0)));
    expect(deepest).toBeGreaterThan(25);
    expect(await observedOf(rig, answer.replayId)).toEqual(expected);

    // The files are the library's now, byte for byte as served.
    for (const spec of specs) {
      const kept = await rig.downloads?.library.pathOf(snapshotKey(spec));
      expect(kept).not.toBeNull();
      expect(await readFile(kept ?? '')).toEqual(await readFile(libraryFilePath(served, snapshotKey(spec))));
    }
    // The hours were listed (/snapshots) and fetched through download links, never paged as rows.
    expect(counting.urls.filter((url) => new URL(url).pathname === '/snapshots/download').length).toBeGreaterThanOrEqual(3);
    expect(counting.urls.some((url) => /^\/l2-|^\/historical/.test(new URL(url).pathname))).toBe(false);
  }, 120_000);

  it('reads the library on a second replay of the same hours, downloading nothing', async () => {
    const userDataDir = await temp();
    const first = bookReplayRig({ baseUrl: service.baseUrl, key: paidKey, hourFiles: { userDataDir } });
    const { replayId: firstId } = await first.api.book.replayMarket({ ...range, rows: 'l2-orderbooks' });
    expect(await first.ended(firstId)).toMatchObject({ ok: true });
    await first.close();

    const counting = countingFetch();
    rig = bookReplayRig({ baseUrl: service.baseUrl, key: paidKey, fetch: counting.fetch, hourFiles: { userDataDir } });
    const answer = await rig.api.book.replayMarket({ ...range, rows: 'l2-orderbooks' });
    expect(answer.readFrom).toMatchObject({ kind: 'files', hours: 3 });
    expect(await rig.ended(answer.replayId)).toMatchObject({ ok: true });
    expect(await observedOf(rig, answer.replayId)).toEqual(expectedFrames(25));
    expect(counting.urls.map((url) => new URL(url).pathname)).toEqual(['/snapshots']);
  }, 120_000);

  it('reads pages of rows for a range that reaches into the hour still being written', async () => {
    rig = bookReplayRig({ baseUrl: service.baseUrl, key: paidKey, hourFiles: { userDataDir: await temp() }, now: range.end + 60_000 });
    const answer = await rig.api.book.replayMarket({ ...range, rows: 'l2-orderbooks' });
    expect(answer.readFrom).toEqual({ kind: 'pages', path: '/l2-orderbooks', why: expect.stringContaining('current hour') as unknown });
    expect(await rig.ended(answer.replayId)).toMatchObject({ ok: true });
  }, 60_000);

  it('reads pages of rows where it has no library to download into, and says why', async () => {
    rig = bookReplayRig({ baseUrl: service.baseUrl, key: paidKey });
    const answer = await rig.api.book.replayMarket({ ...range, rows: 'l2-orderbooks' });
    expect(answer.readFrom).toEqual({ kind: 'pages', path: '/l2-orderbooks', why: expect.stringContaining('library') as unknown });
    const ended = await rig.ended(answer.replayId);
    expect(ended).toMatchObject({ ok: true });
  }, 60_000);
});
