import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { useTempDirs } from '../support/temp-dir.ts';

// `mde decode` is lossless: a decoded line keeps every envelope field and every data field its
// row had, and `normalized` holds the row's own value of each field it reads differently. The
// oracle rebuilds each source row from its printed line by the documented rules alone (written
// here, sharing no code with the decoder) and requires every field of the row, as JSON.parse
// reads the file, to come back with its value. `--raw` prints the rows themselves, line for line.

type Json = Record<string, unknown>;
const root = join(import.meta.dirname, '..', '..');
const tempDir = useTempDirs();

const files: { name: string; path: string; lenient?: boolean }[] = [
  { name: 'v2-book-trades', path: 'test/fixtures/snapshots/v2-book-trades.jsonl' },
  { name: 'v2-extra-fields', path: 'test/fixtures/snapshots/v2-extra-fields.jsonl' },
  { name: 'v2-tickers-intents', path: 'test/fixtures/snapshots/v2-tickers-intents.jsonl' },
  { name: 'v2-quote-ladder', path: 'test/fixtures/snapshots/v2-quote-ladder.jsonl' },
  { name: 'v2-exact-decimals', path: 'test/fixtures/snapshots/v2-exact-decimals.jsonl' },
  { name: 'legacy-mixed', path: 'test/fixtures/snapshots/legacy-mixed.jsonl', lenient: true },
  { name: 'legacy-shapes', path: 'test/fixtures/books/legacy-shapes.jsonl' },
  { name: 'v2-level-shapes', path: 'test/fixtures/books/v2-level-shapes.jsonl' },
];

function mde(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(root, 'electron', 'cli', 'mde.ts'), ...args], { cwd: root, encoding: 'utf8' });
}

async function compressed(relative: string): Promise<string> {
  const path = join(await tempDir(), 'file.jsonl.zst');
  writeFileSync(path, compressZstdFrame(readFileSync(join(root, relative))));
  return path;
}

/** The rows of a file a decode reads as records: JSON objects that are not the metadata row, and (legacy) have a timestamp. */
function sourceRows(relative: string): Json[] {
  return readFileSync(join(root, relative), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Json];
      } catch {
        return [];
      }
    })
    .filter((row) => row.type !== 'metadata' && (row.collector_timestamp !== undefined || row.timestamp !== undefined));
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The source row as the documented rules give it back from a printed line (`"-0"` in `normalized` is a negative zero). */
function rebuilt(printed: Json): Json {
  const written = isObject(printed.normalized) ? printed.normalized : {};
  const normalized = Object.fromEntries(Object.entries(written).map(([key, value]) => [key, value === '-0' ? -0 : value]));
  const row: Json = {};
  for (const [key, value] of Object.entries(printed)) {
    if (key === 'data' || key === 'normalized') continue;
    row[key] = key in normalized ? normalized[key] : value;
  }
  for (const [key, value] of Object.entries(normalized)) if (!key.startsWith('data.')) row[key] = value;
  const data = printed.data;
  if (printed.type === 'quote_ladder') row.data = { series: 'quote_ladder', values: data };
  else if (printed.type === 'unknown' && isObject(data)) row.data = data.data;
  else if (isObject(data)) {
    const copy: Json = { ...data };
    for (const [key, value] of Object.entries(normalized)) if (key.startsWith('data.')) copy[key.slice(5)] = value;
    row.data = copy;
  }
  return row;
}

describe('mde decode keeps every field', () => {
  it.each(files)('$name: every field of every row comes back from its printed line', async ({ path, lenient }) => {
    const result = mde('decode', await compressed(path), ...(lenient === true ? ['--lenient'] : []));
    expect(result.status).toBe(0);
    const printed = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Json);
    const rows = sourceRows(path).filter((row) => lenient !== true || row.timestamp !== undefined || row.collector_timestamp !== undefined);
    expect(printed).toHaveLength(rows.length);
    printed.forEach((line, index) => {
      const source = rows[index] ?? {};
      const back = rebuilt(line);
      for (const [key, value] of Object.entries(source)) {
        if (key === 'data' && isObject(value)) {
          for (const [field, fieldValue] of Object.entries(value)) expect((back.data as Json | undefined)?.[field], `row ${index + 1} data.${field}`).toEqual(fieldValue);
        } else {
          expect(back[key], `row ${index + 1} ${key}`).toEqual(value);
        }
      }
      // The envelope is always whole, exchange_sequence included.
      expect(Object.keys(line).slice(0, 8)).toEqual(['type', 'collector_timestamp', 'collector_sequence', 'exchange_timestamp', 'exchange_sequence', 'source', 'market', 'instrument']);
    });
  });

  it('says what it read differently: legacy types and timestamps, numbers written as strings, levels written as objects', async () => {
    const legacy = mde('decode', await compressed('test/fixtures/snapshots/legacy-mixed.jsonl'), '--lenient');
    const [snapshot, delta] = legacy.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Json);
    expect(snapshot).toMatchObject({ type: 'orderbook', collector_timestamp: 1717200000100, data: { is_snapshot: true }, normalized: { timestamp: 1717200000100000 } });
    expect(delta).toMatchObject({ type: 'orderbook', data: { is_snapshot: false }, normalized: { type: 'orderbook_delta', timestamp: 1717200000200000 } });
    const extra = mde('decode', await compressed('test/fixtures/snapshots/v2-extra-fields.jsonl'));
    const [book, trade, update, point] = extra.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Json);
    expect(book).toMatchObject({ exchange_sequence: 'u-4401', data: { checksum: 2214567, depth: 20 } });
    expect(book?.normalized).toBeUndefined();
    expect(trade).toMatchObject({ exchange_sequence: '99123', venue_received_at: '2024-06-01T00:00:00.190Z', data: { price: 67000.5, order_id: '4455', trade_id: 'T-77', is_block: false } });
    expect(trade?.normalized).toEqual({ exchange_sequence: 99123, 'data.price': '67000.5', 'data.order_id': 4455 });
    expect(update).toMatchObject({ data: { bids: [[67000.5, 0]], update_id: 4402 }, normalized: { 'data.bids': [{ price: '67000.5', size: '0' }] } });
    expect(point).toMatchObject({ data: { value: '0.0001', interval_hours: 8 }, normalized: { 'data.value': 0.0001 } });
  });

  it('--raw prints the lines of the same records exactly as the file has them', async () => {
    for (const { path, lenient } of files) {
      const file = await compressed(path);
      const flags = lenient === true ? ['--lenient'] : [];
      const raw = mde('decode', file, '--raw', ...flags);
      expect(raw.status).toBe(0);
      const text = readFileSync(join(root, path), 'utf8');
      const expected = text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .filter((line) => {
          try {
            const row = JSON.parse(line) as Json;
            return row.type !== 'metadata' && (row.collector_timestamp !== undefined || row.timestamp !== undefined);
          } catch {
            return false;
          }
        });
      expect(raw.stdout, path).toBe(expected.map((line) => `${line}\n`).join(''));
      expect(mde('decode', file, ...flags).stdout.trimEnd().split('\n')).toHaveLength(expected.length);
    }
  });
});
