import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCaptureSummary } from '../../../electron/server/store/capture-summary.ts';
import { decodeHourFile } from '../../../electron/server/store/decode-hour-file.ts';
import type { SnapshotSeek } from '../../../electron/codec/snapshot-reader.ts';
import { minSeekSpacing, seekPointBefore, type SeekPoint } from '../../../electron/codec/zstd/seek-points.ts';
import { concatBytes, skippableZstdFrame, ZstdFrameWriter } from '../../../electron/codec/zstd/zstd-compressor.ts';

// A file written in several zstd frames that declare their content sizes can be read from the
// frame before a line instead of from its start. The seek points a summary finds must be exactly
// where such frames start at a line's start (the test cuts the frames itself, so it knows them),
// and a read from a seek point must give exactly the lines a naive parse of the text gives.

const t0 = 1_717_200_000_000;
const header = JSON.stringify({
  collector_timestamp: t0,
  collector_sequence: 0,
  exchange_timestamp: null,
  exchange_sequence: null,
  source: 'aster',
  market: 'ETH-USDT',
  type: 'metadata',
  data: { schema_version: 'v2', date: '2024-06-01', start_time: t0, end_time: t0 + 3_599_999, event_count: 0, collector_version: 'seek-test' },
});
/** Data line `n` (file line n + 1): a trade whose price and time name it. */
function dataLine(n: number): string {
  return JSON.stringify({
    collector_timestamp: t0 + n,
    collector_sequence: n,
    exchange_timestamp: t0 + n - 1,
    exchange_sequence: `t-${n}`,
    source: 'aster',
    market: 'ETH-USDT',
    type: 'trade',
    data: { price: 3000 + n / 100, quantity: 0.25, side: n % 2 === 0 ? 'buy' : 'sell', order_id: `order-${n}-${'x'.repeat(120)}` },
  });
}

const dataLines = 12_000;
const lines = [header, ...Array.from({ length: dataLines }, (_, i) => dataLine(i + 1))];
const text = `${lines.join('\n')}\n`;
const encoder = new TextEncoder();
/** Where each (1-based) line starts in the text. */
const lineStarts: number[] = [];
{
  let offset = 0;
  for (const line of lines) {
    lineStarts.push(offset);
    offset += Buffer.byteLength(line) + 1;
  }
}

/**
 * The file: the header its own frame; then frames of 1,500 lines, except that one frame starts in
 * the middle of a line (no seek point there) and a skippable frame sits between two frames; from
 * line 9,000 on, the frames declare no content size (so no later frame is a seek point).
 */
const frameStartLines = [2, 1502, 3002, 4502, 6002, 7502, 9002, 10_502];
const midLineCut = 3002;
const sizeUnknownFrom = 9002;
let expected: SeekPoint[];
let bytes: Uint8Array;
let dir: string;
let path: string;

function textOf(fromLine: number, untilLine: number): Uint8Array {
  return encoder.encode(text.slice(lineStarts[fromLine - 1], untilLine > lines.length ? text.length : lineStarts[untilLine - 1]));
}

beforeAll(async () => {
  const writer = new ZstdFrameWriter({ level: 1 });
  const parts: Uint8Array[] = [writer.frame(textOf(1, 2))];
  const frames: { line: number; textOffset: number; byteOffset: number }[] = [];
  let byteOffset = parts[0]?.length ?? 0;
  for (let index = 0; index < frameStartLines.length; index++) {
    const from = frameStartLines[index] ?? 0;
    const until = frameStartLines[index + 1] ?? lines.length + 1;
    let chunk = textOf(from, until);
    let textOffset = lineStarts[from - 1] ?? 0;
    if (from === midLineCut) {
      // Ten bytes of this frame's first line go at the end of the frame before it instead.
      const previous = parts.pop() ?? new Uint8Array(0);
      byteOffset -= previous.length;
      const before = textOf(frameStartLines[index - 1] ?? 0, from);
      const moved = concatBytes([before, chunk.subarray(0, 10)]);
      const rewritten = writer.frame(moved);
      parts.push(rewritten);
      byteOffset += rewritten.length;
      chunk = chunk.subarray(10);
      textOffset += 10;
      parts.push(skippableZstdFrame(encoder.encode('a seek table another tool wrote')));
      byteOffset += parts[parts.length - 1]?.length ?? 0;
    }
    const frame = from >= sizeUnknownFrom ? concatBytes([writer.write(chunk), writer.end()]) : writer.frame(chunk);
    frames.push({ line: from, textOffset, byteOffset });
    parts.push(frame);
    byteOffset += frame.length;
  }
  bytes = concatBytes(parts);
  // The oracle: frames that start at a line's start, up to the first that declares no size
  // (its own start is still known), kept when at least `minSeekSpacing` after the last kept one.
  expected = [];
  for (const frame of frames) {
    if (frame.line > sizeUnknownFrom) break;
    if (frame.textOffset !== lineStarts[frame.line - 1]) continue;
    if (frame.textOffset - (expected[expected.length - 1]?.textOffset ?? 0) < minSeekSpacing) continue;
    expected.push({ line: frame.line, byteOffset: frame.byteOffset, textOffset: frame.textOffset });
  }
  dir = await mkdtemp(join(tmpdir(), 'mde-seek-'));
  path = join(dir, 'standard-aster-ETH-USDT-2024-06-01-00.jsonl.zst');
  await writeFile(path, bytes);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The naive reading of data lines from `fromLine` on: file line, collector time and price. */
function naiveFrom(fromLine: number, untilLine = Number.POSITIVE_INFINITY): [number, number, number][] {
  const rows: [number, number, number][] = [];
  for (let line = Math.max(fromLine, 2); line <= lines.length && line < untilLine; line++) {
    const row = JSON.parse(lines[line - 1] ?? '{}') as { collector_timestamp: number; data: { price: number } };
    rows.push([line, row.collector_timestamp, row.data.price]);
  }
  return rows;
}

async function decodedFrom(fromLine: number, seek?: SnapshotSeek, untilLine = Number.POSITIVE_INFINITY): Promise<[number, number, number][]> {
  const records = await decodeHourFile(path, new Set(['trade']), fromLine, untilLine === Number.POSITIVE_INFINITY ? undefined : (record) => record.line >= untilLine - 1, undefined, seek);
  return records.map((record) => [record.line, record.collectorTimestamp, record.type === 'trade' ? record.price : Number.NaN]);
}

async function seekAt(point: SeekPoint): Promise<SnapshotSeek> {
  const info = await stat(path);
  return { ...point, fileSize: info.size, fileMtimeMs: info.mtimeMs };
}

describe('seek points', () => {
  it('are the frames that start at a line, while every frame before declares its size', async () => {
    const summary = await readCaptureSummary(path);
    expect(expected.length).toBeGreaterThanOrEqual(4);
    expect(summary.seekPoints).toEqual(expected);
    // The mid-line frame and the frames after the first of unknown size are not among them.
    expect(summary.seekPoints.map((point) => point.line)).not.toContain(midLineCut);
    expect(summary.seekPoints.every((point) => point.line <= sizeUnknownFrom)).toBe(true);
  });

  it('a read from a seek point gives exactly the lines from fromLine on', async () => {
    const summary = await readCaptureSummary(path);
    for (const fromLine of [1600, 4600, 8000, 9100, 11_000]) {
      const point = seekPointBefore(summary.seekPoints, fromLine);
      expect(point).toBeDefined();
      if (point === undefined) continue;
      expect(point.line).toBeLessThanOrEqual(fromLine);
      expect(await decodedFrom(fromLine, await seekAt(point))).toEqual(naiveFrom(fromLine));
      // And a block of lines read so ends where it is asked to.
      expect(await decodedFrom(fromLine, await seekAt(point), fromLine + 700)).toEqual(naiveFrom(fromLine, fromLine + 700));
    }
  });

  it('a read really starts at the point: a wrong offset of this file version fails, of another version is not used', async () => {
    const summary = await readCaptureSummary(path);
    const point = seekPointBefore(summary.seekPoints, 8000);
    if (point === undefined) throw new Error('no seek point before line 8000');
    const wrong = { ...(await seekAt(point)), byteOffset: point.byteOffset + 3 };
    await expect(decodedFrom(8000, wrong)).rejects.toThrow(/not a zstd file|damaged zstd/);
    // Another size or modification time: the file changed since the point was found.
    expect(await decodedFrom(8000, { ...wrong, fileSize: wrong.fileSize + 1 })).toEqual(naiveFrom(8000));
    expect(await decodedFrom(8000, { ...wrong, fileMtimeMs: wrong.fileMtimeMs - 1000 })).toEqual(naiveFrom(8000));
  });

  it('a point after fromLine is not used (the lines before it would be lost)', async () => {
    const summary = await readCaptureSummary(path);
    const point = seekPointBefore(summary.seekPoints, 8000);
    if (point === undefined) throw new Error('no seek point before line 8000');
    expect(await decodedFrom(point.line - 50, await seekAt(point))).toEqual(naiveFrom(point.line - 50));
  });
});
