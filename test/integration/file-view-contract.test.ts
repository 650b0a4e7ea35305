import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContractResult } from '../../shared/contract/errors.ts';
import type { FileGrants } from '../../shared/contract/file-schemas.ts';
import type { FileLocated, FileRowDetail, FileRows, FileViewProgress } from '../../shared/contract/file-view-schemas.ts';
import { dispatch } from '../../electron/host/contract/dispatch.ts';
import { createMainServices, type MainServices } from '../../electron/host/main-services.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { hourOfEvents, v2FileText, type SnapshotFileSpec } from '../support/book-files.ts';
import { useTempDirs } from '../support/temp-dir.ts';

const hour: SnapshotFileSpec = { source: 'binance', market: 'BTC-USDT', hour: Date.UTC(2024, 2, 10, 7) };
const all = { types: null, text: '' };

describe('the file viewer over the contract', () => {
  const tempDir = useTempDirs();
  const running: MainServices[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((services) => services.close()));
  });

  const value = <T>(result: ContractResult<unknown>): T => {
    if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
    return result.value as T;
  };
  /** Opens a file's text (compressed here) in a fresh browser-mode service; resolves when its decode ends. */
  const openText = async (text: string | Uint8Array, name = 'file.jsonl.zst') => {
    const services = createMainServices({ userDataDir: await tempDir(), mode: 'browser', healthIntervalMs: 0 });
    running.push(services);
    const path = join(await tempDir(), name);
    await writeFile(path, typeof text === 'string' ? compressZstdFrame(new TextEncoder().encode(text)) : text);
    const progress: FileViewProgress[] = [];
    services.events.attach((event, payload) => {
      if (event === 'files.viewProgress') progress.push(payload as FileViewProgress);
    });
    const call = async <T>(channel: string, input?: unknown): Promise<T> => value<T>(await dispatch(services.handlers, channel, input));
    const { files } = await call<FileGrants>('files.grantPath', { paths: [path] });
    const fileId = files[0]?.fileId;
    const { viewId } = await call<{ viewId: string }>('files.openView', { fileId });
    const ended = await new Promise<FileViewProgress>((resolve) => {
      const poll = (): void => {
        const end = progress.find((event) => event.viewId === viewId && event.state !== 'reading');
        if (end === undefined) setTimeout(poll, 10);
        else resolve(end);
      };
      poll();
    });
    return { services, call, viewId, progress, ended, path };
  };

  it('summarizes a file, then serves windows of its rows, filtered, searched and located', async () => {
    // 300 book events; a trade follows events 25, 75, …, 275 (six trades), as v2FileText writes them.
    const events = hourOfEvents(hour, 7, 300);
    const text = v2FileText(hour, events);
    const lines = text.split('\n');
    const { call, viewId, ended } = await openText(text);
    expect(ended.state).toBe('done');
    expect(ended.error).toBeNull();
    expect(ended.rows).toBe(306);
    expect(ended.summary.countsByType).toEqual({ orderbook: 300, trade: 6 });
    expect(ended.summary.header?.eventCount).toBe(300);
    expect(ended.cap.reached).toBe(false);

    const first = await call<FileRows>('files.rows', { viewId, query: all, start: 0, count: 3 });
    expect(first.matches).toBe(306);
    expect(first.complete).toBe(true);
    // Line 1 is the metadata header: the first record is on line 2.
    expect(first.rows.map((row) => [row.index, row.line, row.type])).toEqual([
      [0, 2, 'orderbook'],
      [1, 3, 'orderbook'],
      [2, 4, 'orderbook'],
    ]);
    expect(first.rows[0]?.collectorTimestamp).toBe(events[0]?.collectorTimestamp);
    expect(first.rows[0]?.exchangeTimestamp).toBeNull();
    expect(first.rows[0]?.summary).toMatch(/^snapshot \d+ bids · \d+ asks · best /);

    const trades = await call<FileRows>('files.rows', { viewId, query: { types: ['trade'], text: '' }, start: 0, count: 10 });
    expect(trades.matches).toBe(6);
    // Event i is on line i + 2 plus the trades before it; the trade after event 25 is on line 28.
    expect(trades.rows.map((row) => row.line)).toEqual([28, 79, 130, 181, 232, 283]);
    expect(trades.rows[0]?.summary).toBe(`buy 0.5 @ ${events[25]?.bids[0] ?? 0}`);

    // Exact text within the raw line: only trades carry "order_id".
    const searched = await call<FileRows>('files.rows', { viewId, query: { types: null, text: '"order_id":null' }, start: 2, count: 2 });
    expect(searched.matches).toBe(6);
    expect(searched.rows.map((row) => row.line)).toEqual([130, 181]);

    const at = events[100]?.collectorTimestamp ?? 0;
    const located = await call<FileLocated>('files.locate', { viewId, query: all, at });
    // Event 100 sits after two trades (after events 25 and 75): record index 102.
    expect(located.position).toBe(102);
    const tradeAt = await call<FileLocated>('files.locate', { viewId, query: { types: ['trade'], text: '' }, at });
    expect(tradeAt.position).toBe(2);
    expect((await call<FileLocated>('files.locate', { viewId, query: all, at: hour.hour + 3_600_000 })).position).toBeNull();

    const detail = await call<FileRowDetail>('files.rowDetail', { viewId, index: 26 });
    expect(detail).toEqual({ index: 26, line: 28, raw: lines[27], bytes: Buffer.byteLength(lines[27] ?? ''), truncated: false });
  });

  it('keeps 256-bit amounts as the file wrote them', async () => {
    const text = await readFile(join(import.meta.dirname, '..', 'fixtures', 'snapshots', 'v2-quote-ladder.jsonl'), 'utf8');
    const { call, viewId, ended } = await openText(text);
    expect(ended.state).toBe('done');
    const { rows } = await call<FileRows>('files.rows', { viewId, query: all, start: 0, count: 10 });
    const max = '115792089237316195423570985008687907853269984665640564039457584007913129639935';
    expect(rows[1]?.summary).toBe(`0xin → 0xout · 2 quotes · first ${max} → 99999999999999999999999 · block 15000001`);
    expect(rows[1]?.exchangeTimestamp).toBe(1717203599500);
    const detail = await call<FileRowDetail>('files.rowDetail', { viewId, index: 1 });
    expect(detail.raw).toBe(text.split('\n')[2]);
    expect(detail.raw).toContain(`"amount_in":"${max}"`);
  });

  it('shows what a damaged file held, and where and why it stopped', async () => {
    const text = v2FileText(hour, hourOfEvents(hour, 3, 400));
    const lines = text.split('\n');
    // A malformed line is skipped and sampled; the file then ends in the middle of its zstd frame.
    lines.splice(10, 0, '{"collector_timestamp": oops}');
    const frame = (part: readonly string[]): Uint8Array => compressZstdFrame(new TextEncoder().encode(`${part.join('\n')}\n`));
    // Two zstd frames (lines 1–200, then the rest); the second is cut in half.
    const head = frame(lines.slice(0, 200));
    const tail = frame(lines.slice(200));
    const cut = Buffer.concat([head, tail.subarray(0, tail.length >> 1)]);
    const { call, viewId, ended } = await openText(cut);
    expect(ended.state).toBe('stopped');
    expect(ended.error?.kind).toBe('truncated');
    expect(ended.error?.line).toBe(201);
    expect(ended.summary.skippedLines).toBe(1);
    expect(ended.summary.skippedSamples[0]).toMatchObject({ line: 11 });
    expect(ended.rows).toBe(ended.summary.records);
    expect(ended.rows).toBeGreaterThan(0);
    const rows = await call<FileRows>('files.rows', { viewId, query: all, start: 8, count: 2 });
    // Lines 2–10 are records 0–8; line 11 was skipped; line 12 is record 9.
    expect(rows.rows.map((row) => row.line)).toEqual([10, 12]);
    expect(rows.complete).toBe(true);
  });

  it('types a legacy file’s rows as its summary counts them, deltas included', async () => {
    const text = await readFile(join(import.meta.dirname, '..', 'fixtures', 'snapshots', 'legacy-mixed.jsonl'), 'utf8');
    const { call, viewId, ended } = await openText(text);
    expect(ended.summary.format).toBe('legacy');
    const { rows } = await call<FileRows>('files.rows', { viewId, query: all, start: 0, count: 100 });
    const counted: Record<string, number> = {};
    for (const row of rows) counted[row.type] = (counted[row.type] ?? 0) + 1;
    expect(counted).toEqual(ended.summary.countsByType);
    expect(rows[1]?.type).toBe('orderbook_delta');
    const deltas = await call<FileRows>('files.rows', { viewId, query: { types: ['orderbook_delta'], text: '' }, start: 0, count: 10 });
    expect(deltas.rows.map((row) => row.line)).toEqual([2]);
  });

  it('gives the raw line byte for byte: spacing, number spelling and long integers as written', async () => {
    const header = '{"collector_timestamp":1717203600000,"collector_sequence":0,"exchange_timestamp":null,"exchange_sequence":null,"source":"s","market":"m","type":"metadata","data":{"schema_version":"v2"}}';
    const trade = '{ "collector_timestamp": 1717203600100, "collector_sequence": 1, "exchange_timestamp": 1717203600000, "exchange_sequence": 12345678901234567890123, "source": "s", "market": "m", "type": "trade", "data": {"price": 64000.50, "quantity": 1.0e-3, "side": "sell"} }';
    const { call, viewId } = await openText(`${header}\n${trade}\n`);
    const detail = await call<FileRowDetail>('files.rowDetail', { viewId, index: 0 });
    expect(detail.raw).toBe(trade);
    const { rows } = await call<FileRows>('files.rows', { viewId, query: all, start: 0, count: 1 });
    expect(rows[0]?.summary).toBe('sell 0.001 @ 64000.5');
  });

  it('refuses an unknown view and closes a view', async () => {
    const { call, services, viewId } = await openText(v2FileText(hour, hourOfEvents(hour, 1, 20)));
    expect(await call('files.closeView', { viewId })).toEqual({ closed: true });
    const refused = await dispatch(services.handlers, 'files.rows', { viewId, query: all, start: 0, count: 1 });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });

  it('warms one worker ahead of need: the first call starts it, later calls find it there', async () => {
    const services = createMainServices({ userDataDir: await tempDir(), mode: 'browser', healthIntervalMs: 0 });
    running.push(services);
    const call = async <T>(channel: string, input?: unknown): Promise<T> => value<T>(await dispatch(services.handlers, channel, input));
    expect(await call('files.warmViewer')).toEqual({ warmed: true });
    expect(await call('files.warmViewer')).toEqual({ warmed: false });
  });
});
