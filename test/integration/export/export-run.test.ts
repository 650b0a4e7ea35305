import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decompress } from 'fzstd';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { ExportError } from '../../../electron/host/export/export-error.ts';
import { runExport, type ExportRequest } from '../../../electron/host/export/export-run.ts';
import { csvObjects, parseCsv } from '../../support/csv-text.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

const tempDir = useTempDirs();
const fixtures = join(import.meta.dirname, '../../fixtures/snapshots');
const max256 = '115792089237316195423570985008687907853269984665640564039457584007913129639935';

type Json = Record<string, unknown>;

/** A v2 file's lines: the metadata row, then the given rows with a running collector_sequence. */
function v2Lines(source: string, market: string, rows: readonly Json[]): string {
  const header = { collector_timestamp: 1717200000000, collector_sequence: 0, source, market, type: 'metadata', data: { schema_version: 'v2' } };
  const lines = [header, ...rows.map((row, i) => ({ collector_sequence: i + 1, exchange_timestamp: null, exchange_sequence: null, source, market, ...row }))];
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}

async function zstdFile(dir: string, name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, compressZstdFrame(new TextEncoder().encode(text)));
  return path;
}

async function fixtureFile(dir: string, name: string): Promise<string> {
  return zstdFile(dir, `${name}.zst`, await readFile(join(fixtures, name), 'utf8'));
}

async function exportTo(request: Omit<ExportRequest, 'out'> & { out?: string }, dir: string, name: string) {
  const out = request.out ?? join(dir, name);
  const result = await runExport({ ...request, out });
  return { out, result };
}

async function failureOf(promise: Promise<unknown>): Promise<ExportError> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ExportError)) throw new Error(`expected an ExportError, got ${String(error)}`);
  return error;
}

const tradeRows: Json[] = [
  { collector_timestamp: 1717200000100, exchange_timestamp: 1717200000090, exchange_sequence: 't-1', type: 'trade', data: { price: 3501.25, quantity: 0.5, side: 'buy', order_id: 'a,"b"\nc', maker: '', taker: null, liquidation: false } },
  { collector_timestamp: 1717200000200, type: 'trade', data: { price: 1e-3, quantity: '2.75', side: null, order_id: 42, maker: 'line 1\nline 2' } },
  { collector_timestamp: 1717200000300, type: 'orderbook', data: { is_snapshot: true, bids: [[3500, 1], [3499.5, 2.5]], asks: [[3502, 0.25]] } },
  { collector_timestamp: 1717200000400, type: 'orderbook', data: { is_snapshot: false, bids: [], asks: [] } },
  { collector_timestamp: 1717200000500, instrument: 'ETH-PERP', type: 'point', data: { series: 'mark_px', value: '3501.123456789012345678' } },
];

describe('export to CSV', () => {
  it('writes the header, one row per trade and per book level, and quotes what RFC 4180 says', async () => {
    const dir = await tempDir();
    const file = await zstdFile(dir, 'in.jsonl.zst', v2Lines('aster', 'ETH-USDT', tradeRows));
    const { out, result } = await exportTo({ files: [file], types: ['trade', 'orderbook', 'point'], format: 'csv' }, dir, 'out.csv');
    const text = await readFile(out, 'utf8');
    const header = text.slice(0, text.indexOf('\n'));
    expect(header).toBe(
      'event_index,collector_timestamp,collector_sequence,exchange_timestamp,exchange_sequence,source,market,instrument,type,' +
        'price,quantity,side,order_id,maker,taker,liquidation,is_snapshot,level,series,value',
    );
    const rows = csvObjects(text);
    // 2 trades + 3 levels + 1 empty delta + 1 point.
    expect(rows).toHaveLength(7);
    expect(result.rows).toBe(7);
    expect(result.bytes).toBe(Buffer.byteLength(text));
    expect(rows[0]).toMatchObject({ event_index: '0', collector_timestamp: '1717200000100', collector_sequence: '1', exchange_timestamp: '1717200000090', exchange_sequence: 't-1', type: 'trade', price: '3501.25', quantity: '0.5', side: 'buy', order_id: 'a,"b"\nc', maker: '', taker: '', liquidation: 'false', level: '' });
    expect(text).toContain(',"a,""b""\nc","",,false,');
    expect(rows[1]).toMatchObject({ price: '0.001', quantity: '2.75', side: '', order_id: '42', maker: 'line 1\nline 2', exchange_timestamp: '', liquidation: '' });
    expect(text).toContain(',"line 1\nline 2",');
    expect(rows.slice(2, 5).map((row) => [row.event_index, row.side, row.level, row.price, row.quantity, row.is_snapshot])).toEqual([
      ['2', 'bid', '0', '3500', '1', 'true'],
      ['2', 'bid', '1', '3499.5', '2.5', 'true'],
      ['2', 'ask', '0', '3502', '0.25', 'true'],
    ]);
    expect(rows[5]).toMatchObject({ event_index: '3', type: 'orderbook', is_snapshot: 'false', side: '', level: '', price: '' });
    expect(rows[6]).toMatchObject({ event_index: '4', type: 'point', instrument: 'ETH-PERP', series: 'mark_px', value: '3501.123456789012345678', price: '' });
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toContain('\r');
  });

  it('keeps only the types asked for, with only their columns', async () => {
    const dir = await tempDir();
    const file = await zstdFile(dir, 'in.jsonl.zst', v2Lines('aster', 'ETH-USDT', tradeRows));
    const { out } = await exportTo({ files: [file], types: ['point'], format: 'csv' }, dir, 'points.csv');
    const rows = parseCsv(await readFile(out, 'utf8'));
    expect(rows[0]?.slice(9)).toEqual(['series', 'value']);
    expect(rows.slice(1).map((row) => row[8])).toEqual(['point']);
  });

  it('refuses a type name it does not know, naming the valid ones', async () => {
    const dir = await tempDir();
    const file = await zstdFile(dir, 'in.jsonl.zst', v2Lines('aster', 'ETH-USDT', tradeRows));
    const error = await failureOf(runExport({ files: [file], types: ['trades'], format: 'csv', out: join(dir, 'x.csv') }));
    expect(error.kind).toBe('invalid-request');
    expect(error.resolution).toContain('trade, orderbook');
    expect(await readdir(dir)).toEqual(['in.jsonl.zst']);
  });
});

/** Rows expected from the source lines, built straight from JSON.parse of the decompressed file (not the code under test). */
function referenceRows(files: readonly Uint8Array[]): Json[] {
  const rows: Json[] = [];
  let event = 0;
  for (const bytes of files) {
    const lines = new TextDecoder().decode(decompress(bytes)).split('\n').filter((line) => line.trim() !== '');
    const header = JSON.parse(lines[0] ?? '{}') as Json;
    for (const line of lines.slice(1)) {
      const row = JSON.parse(line) as Json & { data: Json };
      const base = { event_index: BigInt(event), collector_timestamp: row.collector_timestamp, source: row.source ?? header.source, market: row.market ?? header.market };
      if (row.type === 'trade') rows.push({ ...base, type: 'trade', price: Number(row.data.price), quantity: Number(row.data.quantity) });
      else if (row.type === 'orderbook') {
        const levels = [...(row.data.bids as number[][]).map((level, i) => ['bid', i, level]), ...(row.data.asks as number[][]).map((level, i) => ['ask', i, level])] as [string, number, number[]][];
        if (levels.length === 0) rows.push({ ...base, type: 'orderbook', side: null, level: null, price: null, quantity: null });
        for (const [side, level, [price, quantity]] of levels) rows.push({ ...base, type: 'orderbook', side, level, price, quantity });
      } else if (row.type === 'record' && row.data.series === 'quote_ladder') {
        const values = row.data.values as Json & { quotes: Json[] };
        const quotes = values.quotes.length === 0 ? [null] : values.quotes;
        quotes.forEach((quote, i) => rows.push({ ...base, type: 'quote_ladder', quote_index: quote === null ? null : i, amount_in: quote?.amount_in ?? null, amount_out: quote?.amount_out ?? null, block_number: BigInt(values.block_number as number) }));
      } else if (row.type === 'record') rows.push({ ...base, type: 'record', series: row.data.series, values_json: JSON.stringify(row.data.values) });
      else rows.push({ ...base, type: row.type });
      event++;
    }
  }
  return rows;
}

describe('export to Parquet', () => {
  it('reads back with the values of an independent decode, 256-bit amounts exact, timestamps as UTC times', async () => {
    const dir = await tempDir();
    const files = [await fixtureFile(dir, 'v2-book-trades.jsonl'), await fixtureFile(dir, 'v2-quote-ladder.jsonl')];
    const { out, result } = await exportTo({ files, types: [], format: 'parquet' }, dir, 'out.parquet');
    const read = await parquetReadObjects({ file: await asyncBufferFromFile(out) });
    const expected = referenceRows(await Promise.all(files.map((file) => readFile(file))));
    expect(read).toHaveLength(expected.length);
    expect(result.rows).toBe(expected.length);
    expected.forEach((row, i) => {
      const got = read[i] ?? {};
      for (const [key, value] of Object.entries(row)) {
        if (key === 'collector_timestamp') expect((got[key] as Date).getTime(), `row ${i} ${key}`).toBe(value);
        else expect(got[key], `row ${i} ${key}`).toEqual(value);
      }
    });
    const amounts = read.filter((row) => row.type === 'quote_ladder').map((row): unknown => row.amount_in);
    expect(amounts).toContain(max256);
    expect(result.types).toEqual(['trade', 'orderbook', 'point', 'quote_ladder', 'record']);
  });

  it('holds tickers, intents and unknown types as typed columns and JSON text', async () => {
    const dir = await tempDir();
    const file = await fixtureFile(dir, 'v2-tickers-intents.jsonl');
    const { out } = await exportTo({ files: [file], types: [], format: 'parquet' }, dir, 'out.parquet');
    const read = await parquetReadObjects({ file: await asyncBufferFromFile(out) });
    expect(read.map((row): unknown => row.type)).toEqual(['perpetual_ticker', 'option_ticker', 'intent', 'liquidation_warning']);
    expect(read[0]).toMatchObject({ mark_price: '171.234', funding_rate: '-0.0000031', open_interest: null, funding_timestamp: new Date(1717214400000) });
    expect(read[1]).toMatchObject({ instrument: 'SOL-28JUN24-180-P', strike: '180', mark_iv: '0.61', delta: '-0.52', gamma: null });
    expect(read[2]).toMatchObject({ intent_id: 'i-5', status: 'open', exchange_sequence: 'i-5' });
    expect(JSON.parse(read[3]?.data_json as string)).toEqual({ level: 'high', note: 'ünïcödé ✓' });
  });
});

describe('a library range', () => {
  it('reads both layouts and drops records outside [start, end) by collector time', async () => {
    const root = await tempDir();
    const hour = 1717200000000;
    const rowsAt = (times: number[]): Json[] => times.map((t) => ({ collector_timestamp: t, type: 'trade', data: { price: t % 1000, quantity: 1, side: 'buy' } }));
    const put = async (folder: string, key: string, times: number[]) => {
      await mkdir(folder, { recursive: true });
      await zstdFile(folder, `${key}.jsonl.zst`, v2Lines('aster', 'ETH-USDT', rowsAt(times)));
    };
    await put(join(root, 'data/standard/aster/ETH-USDT/2024-06-01'), 'standard-aster-ETH-USDT-2024-06-01-00', [hour + 1, hour + 3_599_999]);
    await put(join(root, 'aster/ETH-USDT/2024-06-01'), 'standard-aster-ETH-USDT-2024-06-01-01', [hour + 3_600_000, hour + 3_600_500, hour + 7_199_000]);
    await put(join(root, 'aster/ETH-USDT/2024-06-01'), 'standard-aster-ETH-USDT-2024-06-01-02', [hour + 7_200_000]);
    const { libraryRangeFiles } = await import('../../../electron/host/export/library-range-files.ts');
    const files = await libraryRangeFiles({ root, source: 'aster', market: 'ETH-USDT', start: hour + 3_599_999, end: hour + 3_600_500 });
    expect(files.map((file) => file.slice(root.length))).toEqual([
      '/data/standard/aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-00.jsonl.zst',
      '/aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-01.jsonl.zst',
    ]);
    const out = join(root, 'range.csv');
    await runExport({ files, window: { start: hour + 3_599_999, end: hour + 3_600_500 }, types: ['trade'], format: 'csv', out });
    expect(csvObjects(await readFile(out, 'utf8')).map((row) => Number(row.collector_timestamp) - hour)).toEqual([3_599_999, 3_600_000]);
  });

  it('reads keys in the real tools\' spellings: …-HHMMSS once (the canonical copy first), and a whole-day file in place of its day\'s hour files', async () => {
    const root = await tempDir();
    const hour = 1717200000000; // 2024-06-01 00:00 UTC
    const day2 = hour + 86_400_000;
    const rowsAt = (times: number[]): Json[] => times.map((t) => ({ collector_timestamp: t, type: 'trade', data: { price: t % 1000, quantity: 1, side: 'buy' } }));
    const put = async (folder: string, key: string, times: number[]) => {
      await mkdir(folder, { recursive: true });
      await zstdFile(folder, `${key}.jsonl.zst`, v2Lines('aster', 'ETH-USDT', rowsAt(times)));
    };
    const day1 = join(root, 'data/standard/aster/ETH-USDT/2024-06-01');
    await put(day1, 'standard-aster-ETH-USDT-2024-06-01-000000', [hour + 1]);
    await put(day1, 'standard-aster-ETH-USDT-2024-06-01-01', [hour + 3_600_001]);
    await put(day1, 'standard-aster-ETH-USDT-2024-06-01-010000', [hour + 3_600_002]);
    await put(day1, 'standard-aster-ETH-USDT-2024-06-01-03', [hour + 3 * 3_600_000]);
    const dayFolder = join(root, 'data/standard/aster/ETH-USDT/2024-06-02');
    await put(dayFolder, 'standard-aster-ETH-USDT-2024-06-02', [day2 + 5, day2 + 13 * 3_600_000]);
    await put(dayFolder, 'standard-aster-ETH-USDT-2024-06-02-13', [day2 + 13 * 3_600_000 + 1]);
    const { libraryRangeFiles } = await import('../../../electron/host/export/library-range-files.ts');
    const files = await libraryRangeFiles({ root, source: 'aster', market: 'ETH-USDT', start: hour, end: day2 + 86_400_000 });
    expect(files.map((file) => file.slice(root.length))).toEqual([
      '/data/standard/aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-000000.jsonl.zst',
      '/data/standard/aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-01.jsonl.zst',
      '/data/standard/aster/ETH-USDT/2024-06-01/standard-aster-ETH-USDT-2024-06-01-03.jsonl.zst',
      '/data/standard/aster/ETH-USDT/2024-06-02/standard-aster-ETH-USDT-2024-06-02.jsonl.zst',
    ]);
    // A range inside the day file's day still reads it; one outside leaves it out.
    expect((await libraryRangeFiles({ root, source: 'aster', market: 'ETH-USDT', start: day2 + 13 * 3_600_000, end: day2 + 14 * 3_600_000 })).map((file) => file.slice(root.length))).toEqual([
      '/data/standard/aster/ETH-USDT/2024-06-02/standard-aster-ETH-USDT-2024-06-02.jsonl.zst',
    ]);
  });
});

describe('nothing is left behind', () => {
  it('a cancelled export leaves no output and no part file', async () => {
    const dir = await tempDir();
    const many = Array.from({ length: 5000 }, (_, i) => ({ collector_timestamp: 1717200000000 + i, type: 'trade', data: { price: i, quantity: 1, side: 'sell' } }));
    const file = await zstdFile(dir, 'in.jsonl.zst', v2Lines('aster', 'ETH-USDT', many));
    const controller = new AbortController();
    let progressed = 0;
    const error = await failureOf(
      runExport({
        files: [file, file],
        types: ['trade'],
        format: 'parquet',
        out: join(dir, 'out.parquet'),
        rowGroupRows: 100,
        signal: controller.signal,
        onProgress: () => {
          // Cancel once rows have reached the part file.
          if (++progressed === 2) controller.abort();
        },
      }),
    );
    expect(error.kind).toBe('cancelled');
    expect(progressed).toBeGreaterThanOrEqual(2);
    expect(await readdir(dir)).toEqual(['in.jsonl.zst']);
  });

  it('refuses to replace an existing output unless forced', async () => {
    const dir = await tempDir();
    const file = await zstdFile(dir, 'in.jsonl.zst', v2Lines('aster', 'ETH-USDT', tradeRows));
    const out = join(dir, 'out.csv');
    await writeFile(out, 'keep me');
    const error = await failureOf(runExport({ files: [file], types: ['trade'], format: 'csv', out }));
    expect(error.kind).toBe('exists');
    expect(error.resolution).toContain('--force');
    expect(await readFile(out, 'utf8')).toBe('keep me');
    expect((await readdir(dir)).sort()).toEqual(['in.jsonl.zst', 'out.csv']);
    await runExport({ files: [file], types: ['trade'], format: 'csv', out, force: true });
    expect(csvObjects(await readFile(out, 'utf8'))).toHaveLength(2);
  });

  it('refuses an existing output before reading any input', async () => {
    const dir = await tempDir();
    const out = join(dir, 'out.parquet');
    await writeFile(out, 'keep me');
    const error = await failureOf(runExport({ files: [join(dir, 'missing.jsonl.zst')], types: ['trade'], format: 'parquet', out }));
    expect(error.kind).toBe('exists');
    expect(await readFile(out, 'utf8')).toBe('keep me');
  });

  it('a cancel while the decoder reads is a cancel, not a bad file', async () => {
    const dir = await tempDir();
    const file = await zstdFile(dir, 'in.jsonl.zst', v2Lines('aster', 'ETH-USDT', tradeRows));
    const controller = new AbortController();
    // Every type: the first pass reads the file; the cancel lands in the decoder's next read.
    const error = await failureOf(runExport({ files: [file], types: [], format: 'csv', out: join(dir, 'out.csv'), signal: controller.signal, onProgress: () => controller.abort() }));
    expect(error.kind).toBe('cancelled');
    expect(await readdir(dir)).toEqual(['in.jsonl.zst']);
  });

  it('a corrupt input fails naming the file, and leaves nothing', async () => {
    const dir = await tempDir();
    const good = await zstdFile(dir, 'good.jsonl.zst', v2Lines('aster', 'ETH-USDT', tradeRows));
    const whole = await readFile(good);
    const cut = join(dir, 'cut.jsonl.zst');
    await writeFile(cut, whole.subarray(0, whole.length - 7));
    for (const format of ['csv', 'parquet'] as const) {
      const error = await failureOf(runExport({ files: [good, cut], types: ['trade'], format, out: join(dir, `out.${format}`) }));
      expect(error.kind).toBe('bad-input');
      expect(error.message).toContain('cut.jsonl.zst');
      expect(error.message).toContain('truncated');
    }
    expect((await readdir(dir)).sort()).toEqual(['cut.jsonl.zst', 'good.jsonl.zst']);
  });
});
