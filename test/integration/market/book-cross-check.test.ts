import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decompress } from 'fzstd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookCrossCheckDifferences, BookCrossCheckEnded, BookReplayEnded } from '../../../shared/contract/book-replay-schemas.ts';
import { ContractError } from '../../../shared/contract/errors.ts';
import { MarketDataClient } from '../../../electron/host/client/market-data-client.ts';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { startFaultProxy } from '../client/support/fault-proxy.ts';
import { fixedNow, paidKey, startTestService, type TestService } from '../client/support/test-service.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { useTempDirs } from '../../support/temp-dir.ts';
import { bookReplayRig, type BookReplayRig } from './support/book-replay-rig.ts';

// `book.crossCheck` over the contract against the demo service: its own books against a local
// reconstruction must agree; a copy of an hour file with one order-book line altered must not,
// at that event and by the amount altered.

const minute = 60_000;
const hourMs = 3_600_000;
const btc = { source: 'hyperliquid', market: 'BTC' } as const;

let service: TestService;
let rig: BookReplayRig | undefined;
const tempDir = useTempDirs();

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** The pushed events of a check, once it has ended. */
async function outcome(active: BookReplayRig, checkId: string): Promise<{ ended: BookCrossCheckEnded; differences: BookCrossCheckDifferences['differences'] }> {
  await new Promise<void>((resolve) => {
    const poll = (): void => {
      if (active.events.some((entry) => entry.event === 'book.crossCheckEnded' && (entry.payload as BookCrossCheckEnded).checkId === checkId)) resolve();
      else setImmediate(poll);
    };
    poll();
  });
  const of = <T>(event: string): T[] => active.events.filter((entry) => entry.event === event && (entry.payload as { checkId?: string }).checkId === checkId).map((entry) => entry.payload as T);
  const [end] = of<BookCrossCheckEnded>('book.crossCheckEnded');
  if (end === undefined) throw new Error('the check has no end');
  return { ended: end, differences: of<BookCrossCheckDifferences>('book.crossCheckDifferences').flatMap((batch) => batch.differences) };
}

/** An hour file of the demo, fetched as a user would: listed, then downloaded by its pre-signed link. */
async function demoHourFile(hourStart: number): Promise<{ key: string; text: string }> {
  const client = new MarketDataClient({ baseUrl: service.service.baseUrl, apiKey: paidKey, now: () => fixedNow });
  const iso = (ms: number): string => new Date(ms).toISOString();
  const entries = await client.snapshots({ ...btc, from: iso(hourStart), to: iso(hourStart + hourMs - 1) }).all();
  const entry = entries.find((candidate) => candidate.hour === new Date(hourStart).getUTCHours()) ?? entries[0];
  if (entry === undefined) throw new Error('the demo lists no file for that hour');
  const link = await client.snapshotDownloadLink(entry.key);
  const bytes = await client.fetchSnapshotFile(link.url);
  return { key: entry.key, text: new TextDecoder().decode(decompress(bytes)) };
}

interface FileLine {
  type: string;
  collector_timestamp: number;
  data: { is_snapshot?: boolean; bids?: [number, number][] };
}

describe('book.crossCheck', () => {
  it("finds no difference between the service's books and its own hour file rebuilt here", async () => {
    const hourStart = Math.floor(fixedNow / hourMs) * hourMs - 3 * hourMs;
    const { key, text } = await demoHourFile(hourStart);
    const path = join(await tempDir(), `${key}.jsonl.zst`);
    await writeFile(path, compressZstdFrame(new TextEncoder().encode(text)));
    rig = bookReplayRig({ baseUrl: service.service.baseUrl, key: paidKey });
    const [grant] = await rig.files.grant([path], 'typed-path');
    if (grant === undefined) throw new Error('the file was not granted');
    // A range inside the hour: the file's frames outside it are not compared.
    const range = { ...btc, start: hourStart + 10 * minute, end: hourStart + 50 * minute };
    const reply = await rig.api.book.crossCheck({ ...range, local: { kind: 'files', fileIds: [grant.fileId] } });
    const { ended, differences } = await outcome(rig, reply.checkId);
    expect(ended).toMatchObject({ ok: true, error: null, summary: { books: 1, reported: 0, capped: false } });
    expect(differences).toEqual([]);
    const counts = ended.summary.counts;
    expect(counts).toEqual({ compared: counts.compared, differing: 0, onlyA: 0, onlyB: 0, leadingA: 0, leadingB: 0 });
    expect(counts.compared).toBeGreaterThan(5000);
    // Both replays pushed their frames side by side, under their own ids; the file's reach past the range.
    const serverFrames = rig.framesOf(reply.serverReplayId).reduce((sum, f) => sum + f.chunk.count, 0);
    const localFrames = rig.framesOf(reply.localReplayId).reduce((sum, f) => sum + f.chunk.count, 0);
    expect(serverFrames).toBe(counts.compared);
    expect(localFrames).toBeGreaterThan(counts.compared);
    expect(rig.payloadsOf<BookReplayEnded>('book.replayEnded', reply.localReplayId)).toEqual([expect.objectContaining({ ok: true }) as unknown]);
  });

  it('aligns /l2-updates rebuilt here event by event with the service\'s books; they part only where 25-slot rows hide deeper levels', async () => {
    rig = bookReplayRig({ baseUrl: service.service.baseUrl, key: paidKey });
    const range = { ...btc, start: fixedNow - 12 * minute, end: fixedNow - 4 * minute };
    const reply = await rig.api.book.crossCheck({ ...range, local: { kind: 'l2-updates' } });
    const { ended, differences } = await outcome(rig, reply.checkId);
    expect(ended).toMatchObject({ ok: true, error: null, summary: { books: 1, capped: false } });
    const counts = ended.summary.counts;
    expect(counts).toMatchObject({ onlyA: 0, onlyB: 0, leadingB: 0 });
    expect(counts.compared).toBeGreaterThan(1000);
    // A snapshot row carries its best 25 levels only: where the books part at all, the local book
    // first differs at the bottom (the simulator's books may never be deeper than 25 levels).
    expect(differences.every((d) => d.kind === 'levels')).toBe(true);
    const firstDifferingLevel = Math.min(...(differences[0]?.levels.map((level) => level.level) ?? [Number.POSITIVE_INFINITY]));
    expect(firstDifferingLevel).toBeGreaterThanOrEqual(20);
    // Both replays pushed their frames side by side, under their own ids.
    const serverFrames = rig.framesOf(reply.serverReplayId).reduce((sum, f) => sum + f.chunk.count, 0);
    const localFrames = rig.framesOf(reply.localReplayId).reduce((sum, f) => sum + f.chunk.count, 0);
    expect(serverFrames).toBe(counts.compared + counts.leadingA);
    expect(localFrames).toBe(counts.compared);
    expect(rig.payloadsOf<BookReplayEnded>('book.replayEnded', reply.localReplayId)).toEqual([expect.objectContaining({ ok: true }) as unknown]);
  });

  it('flags the event of an altered hour file, by the amount altered, against the service\'s books of that hour', async () => {
    const hourStart = Math.floor(fixedNow / hourMs) * hourMs - 2 * hourMs;
    const { key, text } = await demoHourFile(hourStart);
    const lines = text.split('\n');
    // The third order-book snapshot of the hour: its best bid gets 1.25 more.
    const snapshots = lines.flatMap((line, index) => (line.includes('"orderbook"') && (JSON.parse(line) as FileLine).data.is_snapshot === true ? [index] : []));
    const at = snapshots[2];
    if (at === undefined) throw new Error('the hour has fewer than three snapshots');
    const record = JSON.parse(lines[at] ?? '') as FileLine;
    const bids = record.data.bids ?? [];
    const best = bids.reduce((top, level) => (level[0] > top[0] ? level : top));
    const original = best[1];
    best[1] = original + 1.25;
    lines[at] = JSON.stringify(record);
    const path = join(await tempDir(), `${key}.jsonl.zst`);
    await writeFile(path, compressZstdFrame(new TextEncoder().encode(lines.join('\n'))));

    rig = bookReplayRig({ baseUrl: service.service.baseUrl, key: paidKey });
    const [grant] = await rig.files.grant([path], 'typed-path');
    if (grant === undefined) throw new Error('the altered file was not granted');
    const reply = await rig.api.book.crossCheck({ ...btc, start: hourStart, end: hourStart + hourMs - 1, local: { kind: 'files', fileIds: [grant.fileId] } });
    const { ended, differences } = await outcome(rig, reply.checkId);
    expect(ended).toMatchObject({ ok: true, summary: { books: 1, capped: false } });
    // The file opens with deltas before its first snapshot: the service's books (replayed from the
    // hour before) lead there, and those events are counted apart.
    const orderbookLines = lines.filter((line) => line.includes('"orderbook"')).map((line) => JSON.parse(line) as FileLine);
    const leadingDeltas = orderbookLines.findIndex((line) => line.data.is_snapshot === true);
    expect(leadingDeltas).toBeGreaterThan(0);
    expect(ended.summary.counts).toMatchObject({ onlyA: 0, onlyB: 0, leadingA: leadingDeltas, leadingB: 0 });
    expect(ended.summary.counts.differing).toBe(differences.length);
    const [first] = differences;
    expect(first).toMatchObject({
      kind: 'levels',
      time: record.collector_timestamp,
      levels: [{ side: 'bid', level: 0, a: { price: best[0], size: original }, b: { price: best[0], size: best[1] } }],
      largest: { side: 'bid', price: best[0], a: original, b: best[1] },
    });
    expect(first?.largest?.difference).toBeCloseTo(1.25, 9);
    // Every difference is that one level, from that event on, until the book moves past it.
    expect(differences.every((d) => d.kind === 'levels' && d.time >= record.collector_timestamp && d.largest?.price === best[0])).toBe(true);
    expect(rig.framesOf(reply.serverReplayId).length).toBeGreaterThan(0);

    // Bounded: past maxDifferences the differences are only counted, and the summary says so.
    expect(differences.length).toBeGreaterThan(1);
    const bounded = await rig.api.book.crossCheck({ ...btc, start: hourStart, end: hourStart + hourMs - 1, local: { kind: 'files', fileIds: [grant.fileId] }, maxDifferences: 1 });
    const capped = await outcome(rig, bounded.checkId);
    expect(capped.differences).toEqual([first]);
    expect(capped.ended.summary).toMatchObject({ reported: 1, capped: true, counts: { differing: differences.length } });
  });

  it('stops both replays on book.cancel of the check, and ends it cancelled', async () => {
    const proxy = await startFaultProxy(service.service.baseUrl);
    try {
      let release = (): void => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let asked = 0;
      let bothAsked = (): void => {};
      const bothWaiting = new Promise<void>((resolve) => (bothAsked = resolve));
      // Every request waits at the gate: neither replay has a page when the cancel comes.
      proxy.plan = () => {
        if (++asked === 2) bothAsked();
        return { kind: 'hold', until: gate };
      };
      rig = bookReplayRig({ baseUrl: proxy.url, key: paidKey });
      const reply = await rig.api.book.crossCheck({ ...btc, start: fixedNow - 12 * minute, end: fixedNow - 4 * minute, local: { kind: 'l2-updates' } });
      await bothWaiting;
      expect(await rig.api.book.cancel({ replayId: reply.checkId })).toEqual({ cancelled: true });
      release();
      const { ended } = await outcome(rig, reply.checkId);
      expect(ended).toMatchObject({ ok: false, error: { kind: 'cancelled' }, summary: { counts: { compared: 0 } } });
      for (const replayId of [reply.serverReplayId, reply.localReplayId]) {
        expect(rig.payloadsOf<BookReplayEnded>('book.replayEnded', replayId)).toEqual([expect.objectContaining({ ok: false, error: expect.objectContaining({ kind: 'cancelled' }) as unknown }) as unknown]);
      }
      expect(proxy.requests.length).toBe(2);
      expect(await rig.api.book.cancel({ replayId: reply.checkId })).toEqual({ cancelled: false });
    } finally {
      await proxy.close();
    }
  });

  it('refuses a range before the last hour without a key, and an ungranted file, before starting either side', async () => {
    rig = bookReplayRig({ baseUrl: service.service.baseUrl, key: null });
    const older = { ...btc, start: fixedNow - 3 * hourMs, end: fixedNow - 3 * hourMs + minute };
    const refused = await rejectionOf(rig.api.book.crossCheck({ ...older, local: { kind: 'l2-updates' } }), ContractError);
    expect(refused).toMatchObject({ kind: 'needs-api-key', channel: 'book.crossCheck' });
    const recent = { ...btc, start: fixedNow - 5 * minute, end: fixedNow };
    const unknown = await rejectionOf(rig.api.book.crossCheck({ ...recent, local: { kind: 'files', fileIds: ['never-granted'] } }), ContractError);
    expect(unknown).toMatchObject({ kind: 'not-found' });
    expect(rig.events).toEqual([]);
  });
});
