import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotRecord } from '../../shared/snapshot/records.ts';
import { hourKey } from '../../shared/snapshot/snapshot-key.ts';
import { utcDateHour } from '../../shared/time/time-units.ts';
import { decodeHourFile } from '../../electron/server/store/decode-hour-file.ts';
import { DemoStore, demoSeedFolder } from '../../electron/server/store/demo-store.ts';
import { DirectoryStore, type HourDecoder } from '../../electron/server/store/directory-store.ts';
import type { HourRef } from '../../electron/server/store/market-data-store.ts';
import { simulatorVersion } from '../../electron/server/simulator/capture-sessions.ts';
import { demoDatasetsAt } from '../../electron/server/simulator/demo-datasets.ts';
import { generateHourFile, generateHourText } from '../../electron/server/simulator/generate-hour.ts';
import type { SnapshotSeek } from '../../electron/codec/snapshot-reader.ts';

// The demo's hour files are written a frame per megabyte of lines, each declaring its size, so a
// query for the last minutes of a busy hour reads from the frame before them instead of
// decompressing the hour up to there. The files stay plain zstd (the reference CLI reads them as
// the hour's text), a block read from a seek point gives the rows a whole read gives, and a seek
// point of an older version of a live file is never used.

const hourMs = 3_600_000;
const hourStart = Date.UTC(2026, 10, 18, 9);
const dataset = demoDatasetsAt(hourStart + hourMs).find((candidate) => candidate.source === 'hyperliquid' && candidate.market === 'BTC');
const hasZstdCli = spawnSync('zstd', ['--version']).status === 0;
const mebibyte = 1024 * 1024;

let root: string;
let path: string;
let text: string;
/** The seek each decode was given (undefined: from the file's start). */
const seeks: (SnapshotSeek | undefined)[] = [];
const recording: HourDecoder = (file, lineTypes, fromLine, enough, onBatch, seek) => {
  seeks.push(seek);
  return decodeHourFile(file, lineTypes, fromLine, enough, onBatch, seek);
};

beforeAll(async () => {
  if (dataset === undefined) throw new Error('the demo has no hyperliquid BTC');
  root = await mkdtemp(join(tmpdir(), 'mde-seekable-'));
  const { date, hour } = utcDateHour(hourStart);
  path = join(root, 'hyperliquid', 'BTC', date, `${hourKey('hyperliquid', 'BTC', date, hour)}.jsonl.zst`);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, generateHourFile(7, dataset, hourStart));
  text = generateHourText(7, dataset, hourStart);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function storeWithSummary(): Promise<{ store: DirectoryStore; ref: HourRef }> {
  const store = new DirectoryStore(root, recording);
  await store.scan();
  const [ref] = await store.hours('hyperliquid', 'BTC', hourStart, hourStart + 1);
  if (ref === undefined) throw new Error('the hour is not listed');
  return { store, ref };
}

/** A record as the fields a reader sees, for comparing two reads. */
function plain(record: SnapshotRecord): string {
  return JSON.stringify(record, (_key, value: unknown) => (ArrayBuffer.isView(value) ? Array.from(value as Float64Array) : value));
}

describe('seekable demo hours', () => {
  it.runIf(hasZstdCli)('are plain zstd: the reference CLI reads the hour\'s text', () => {
    const cli = spawnSync('zstd', ['-dc', path], { maxBuffer: 1 << 30 });
    expect(cli.status).toBe(0);
    expect(cli.stdout.toString('utf8')).toBe(text);
  });

  it('have a seek point at a line start about every megabyte of text', async () => {
    const { store, ref } = await storeWithSummary();
    const summary = await store.captureSummary(ref);
    const points = summary?.seekPoints ?? [];
    const textBytes = Buffer.byteLength(text);
    expect(textBytes).toBeGreaterThan(4 * mebibyte);
    expect(points.length).toBeGreaterThanOrEqual(Math.floor(textBytes / mebibyte) - 1);
    const bytes = Buffer.from(text, 'utf8');
    let previous = 0;
    for (const point of points) {
      // The text before the point ends a line, and holds exactly line − 1 lines.
      expect(bytes[point.textOffset - 1]).toBe(0x0a);
      expect(bytes.subarray(0, point.textOffset).toString('utf8').split('\n').length - 1).toBe(point.line - 1);
      expect(point.textOffset - previous).toBeLessThanOrEqual(mebibyte + 4096);
      previous = point.textOffset;
    }
  });

  it('a block is read from the seek point before it and holds the rows a whole read holds', async () => {
    const { store, ref } = await storeWithSummary();
    const summary = await store.captureSummary(ref);
    const blocks = await store.hourBlocks(ref);
    if (summary === null || blocks === null) throw new Error('no blocks');
    // Seekable: blocks of 512 lines up to 128 of them (an unseekable file stops at 32).
    const lineCount = text.split('\n').length - 1;
    expect(blocks.blocks.length).toBe(Math.min(128, Math.ceil(lineCount / 512)));
    expect(blocks.blocks.length).toBeGreaterThan(32);
    const types = new Set(['orderbook', 'trade', 'funding']);
    const whole = await store.readHour(ref, types);
    for (const block of [blocks.blocks[blocks.blocks.length - 1], blocks.blocks[Math.floor(blocks.blocks.length / 2)]]) {
      if (block === undefined) continue;
      seeks.length = 0;
      const read = await store.readHourBlock(ref, types, block);
      expect(seeks).toHaveLength(1);
      expect(seeks[0]?.line).toBeGreaterThan(1);
      expect(seeks[0]?.line).toBeLessThanOrEqual(block.fromLine);
      const expected: string[] = [];
      for (let index = 0; index < whole.records.length; index++) {
        const record = whole.records.at(index);
        if (record !== undefined && record.line >= block.fromLine && record.line < block.untilLine) expected.push(plain(record));
      }
      const got: string[] = [];
      for (let index = 0; index < read.records.length; index++) {
        const record = read.records.at(index);
        if (record !== undefined) got.push(plain(record));
      }
      expect(expected.length).toBeGreaterThan(100);
      expect(got).toEqual(expected);
    }
  });

  it('a seek point of an older version of the file is not used', async () => {
    const { store, ref } = await storeWithSummary();
    await store.captureSummary(ref);
    const blocks = await store.hourBlocks(ref);
    const block = blocks?.blocks[10];
    if (dataset === undefined || block === undefined) throw new Error('no block');
    // The live hour is rewritten (a longer version: its header, the first frame, grows too).
    await writeFile(path, generateHourFile(7, dataset, hourStart, hourStart + 50 * 60_000));
    seeks.length = 0;
    const read = await store.readHourBlock(ref, new Set(['trade']), block);
    expect(seeks).toEqual([undefined]);
    expect(read.records.length).toBeGreaterThan(0);
    await writeFile(path, generateHourFile(7, dataset, hourStart));
  });
});

describe('the demo\'s data folder', () => {
  it('drops the files older simulator versions wrote for its seed, and keeps the rest', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mde-demo-versions-'));
    try {
      const older = `seed-5-v${simulatorVersion - 1}`;
      const otherSeed = `seed-6-v${simulatorVersion - 1}`;
      for (const folder of [older, otherSeed, 'seed-5-notes']) {
        await mkdir(join(dataDir, folder, 'binance'), { recursive: true });
        await writeFile(join(dataDir, folder, 'binance', 'file.jsonl.zst'), 'x');
      }
      const store = new DemoStore({ dataDir, seed: 5, now: () => hourStart });
      await store.open();
      expect((await readdir(dataDir)).sort()).toEqual([demoSeedFolder(5), 'seed-5-notes', otherSeed].sort());
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
