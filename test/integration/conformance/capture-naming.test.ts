import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeHourFile } from '../../../electron/server/store/decode-hour-file.ts';
import { DirectoryStore } from '../../../electron/server/store/directory-store.ts';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { handFileText, handKey, handLine, writeHandHour, type HandHour, type HandRow } from '../../support/capture-fixture.ts';

// How a folder of files names its capture sessions: from the files' sequences, by the file key
// and line where each began, looking back through contiguous hours of the same UTC day.

const hourMs = 3_600_000;
const source = 'testvenue';
const market = 'NAM-USD';
const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Three trades an hour with sequences rising from `first` (a trade per 20 minutes). */
function hourOf(hourStart: number, first: number): HandHour {
  const rows: HandRow[] = [0, 1, 2].map((i) => ({ sequence: first + i, time: hourStart + 1000 + i * 20 * 60_000, trade: { price: 10, quantity: 1 } }));
  return { source, market, hourStart, rows };
}

async function storeOver(hours: readonly HandHour[]): Promise<{ store: DirectoryStore; root: string; paths: string[] }> {
  const root = await mkdtemp(join(tmpdir(), 'mde-capture-naming-'));
  made.push(root);
  const paths: string[] = [];
  for (const hour of hours) paths.push(await writeHandHour(root, hour));
  const store = new DirectoryStore(root, decodeHourFile);
  await store.scan();
  return { store, root, paths };
}

async function sessionIds(store: DirectoryStore, from: number, to: number): Promise<string[][]> {
  const refs = await store.hours(source, market, from, to);
  return Promise.all(refs.map(async (ref) => (await store.captureSegments(ref)).map((segment) => `${segment.line}=${segment.sessionId}`)));
}

describe('capture sessions of a folder of files', () => {
  const day = Date.UTC(2026, 10, 19);

  it('one session across contiguous hours is named where it began; a gap or a sequence that does not rise starts another', async () => {
    const hours = [hourOf(day + 5 * hourMs, 10), hourOf(day + 6 * hourMs, 20), hourOf(day + 7 * hourMs, 22), hourOf(day + 9 * hourMs, 100)];
    const { store } = await storeOver(hours);
    const named = (hour: HandHour): string => `${handKey(hour)}@${handLine(0)}`;
    const [h5, , h7, h9] = hours as [HandHour, HandHour, HandHour, HandHour];
    expect(await sessionIds(store, day, day + 24 * hourMs)).toEqual([
      [`2=${named(h5)}`],
      [`2=${named(h5)}`],
      // Its first sequence (22) is at or below hour 6's last (22): a restart at its first row.
      [`2=${named(h7)}`],
      // Hour 8 has no file: the session ends with the gap.
      [`2=${named(h9)}`],
    ]);
  });

  it('a restart in mid-file names the rest of the file, and the next hour continues it', async () => {
    const first = hourOf(day + 5 * hourMs, 10);
    const restarted: HandHour = { ...first, hourStart: day + 6 * hourMs, rows: [...hourOf(day + 6 * hourMs, 20).rows.slice(0, 2), { sequence: 3, time: day + 6 * hourMs + 50 * 60_000, trade: { price: 10, quantity: 1 } }] };
    const { store } = await storeOver([first, restarted, hourOf(day + 7 * hourMs, 4)]);
    const firstId = `${handKey(first)}@2`;
    const restartId = `${handKey(restarted)}@${handLine(2)}`;
    expect(await sessionIds(store, day, day + 24 * hourMs)).toEqual([[`2=${firstId}`], [`2=${firstId}`, `${handLine(2)}=${restartId}`], [`2=${restartId}`]]);
  });

  it('the look-back stops at the UTC day: a session running across midnight is named anew by the first hour of the day', async () => {
    const hours = [hourOf(day - 2 * hourMs, 10), hourOf(day - hourMs, 20), hourOf(day, 30), hourOf(day + hourMs, 40)];
    const { store } = await storeOver(hours);
    const [h22, , h00] = hours as [HandHour, HandHour, HandHour];
    expect(await sessionIds(store, day - 2 * hourMs, day + 2 * hourMs)).toEqual([[`2=${handKey(h22)}@2`], [`2=${handKey(h22)}@2`], [`2=${handKey(h00)}@2`], [`2=${handKey(h00)}@2`]]);
  });

  it('names follow a file that changed: its summary is read again for the new version', async () => {
    const hours = [hourOf(day + 5 * hourMs, 10), hourOf(day + 6 * hourMs, 20)];
    const { store, paths } = await storeOver(hours);
    const [h5, h6] = hours as [HandHour, HandHour];
    expect(await sessionIds(store, day, day + 24 * hourMs)).toEqual([[`2=${handKey(h5)}@2`], [`2=${handKey(h5)}@2`]]);
    // Hour 6 is replaced by a file whose sequences start again.
    const replaced = hourOf(h6.hourStart, 1);
    await writeFile(paths[1] ?? '', compressZstdFrame(new TextEncoder().encode(handFileText(replaced))));
    await utimes(paths[1] ?? '', new Date(), new Date(Date.now() + 5000));
    expect(await sessionIds(store, day, day + 24 * hourMs)).toEqual([[`2=${handKey(h5)}@2`], [`2=${handKey(h6)}@2`]]);
  });

  it('a file that cannot be read ends the session before it: the next file starts one', async () => {
    const hours = [hourOf(day + 5 * hourMs, 10), hourOf(day + 6 * hourMs, 20), hourOf(day + 7 * hourMs, 30)];
    const { store, paths } = await storeOver(hours);
    await writeFile(paths[1] ?? '', 'not zstd at all');
    const [h5, h6, h7] = hours as [HandHour, HandHour, HandHour];
    expect(await sessionIds(store, day, day + 24 * hourMs)).toEqual([[`2=${handKey(h5)}@2`], [`1=${handKey(h6)}@1`], [`2=${handKey(h7)}@2`]]);
  });
});
