// Pins that decimal strings a number would change leave an export, CSV and Parquet, as the very text the snapshot file holds.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { runExport, type ExportFormat } from '../../../electron/host/export/export-run.ts';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { csvObjects } from '../../support/csv-text.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

const tempDir = useTempDirs();
const fixture = join(import.meta.dirname, '../../fixtures/snapshots/v2-exact-decimals.jsonl');
const max256 = '115792089237316195423570985008687907853269984665640564039457584007913129639935';

/**
 * The decimal cells of each exported row, written by hand from the fixture's text (null: the
 * file has null or nothing there). Each text is one a JavaScript number would rewrite.
 */
const expectedRows: Record<string, string | null>[] = [
  { type: 'point', value: '0.10000000' },
  { type: 'point', value: '123456789012345678901.5' },
  { type: 'point', value: '0.000000000000000000001' },
  { type: 'point', value: '1E-7' },
  { type: 'point', value: '-0.0' },
  {
    type: 'perpetual_ticker',
    value: null,
    last_price: '3501.50',
    mark_price: '0.10000000',
    index_price: null,
    oracle_price: null,
    mid_price: null,
    open_interest: '123456789012345678901.5',
    funding_rate: '-0.0',
    predicted_funding_rate: '1.0e-7',
    premium: '0.000000000000000000001',
  },
  {
    type: 'option_ticker',
    strike: '100000.00',
    bid_price: null,
    mark_price: null,
    mark_iv: '0.10000000',
    ask_size: '123456789012345678901.5',
    vega: '1e-7',
    delta: '-0.0',
    gamma: '0.000000000000000000001',
    theta: null,
    open_interest: null,
  },
  { type: 'quote_ladder', amount_in: '1000000000000000000000000', amount_out: '0' },
  { type: 'quote_ladder', amount_in: '0100', amount_out: max256 },
  // A trade's price and quantity are JSON numbers, float64 columns (docs/export-columns.md), not decimal strings.
  { type: 'trade' },
];

/** The fixture's last line is a trade whose `"price":-0.0` is a negative zero and `"quantity":0.10000000` the double 0.1. */
const tradeRow = expectedRows.length - 1;

async function exported(format: ExportFormat): Promise<string> {
  const dir = await tempDir();
  const file = join(dir, 'exact.jsonl.zst');
  await writeFile(file, compressZstdFrame(new TextEncoder().encode(await readFile(fixture, 'utf8'))));
  const out = join(dir, `exact.${format}`);
  await runExport({ files: [file], types: [], format, out });
  return out;
}

describe('exact decimal text through export', () => {
  it('the hand-written expectations are the fixture text itself, and numbers would change each one', async () => {
    const source = await readFile(fixture, 'utf8');
    expect(source).toContain('"price":-0.0,"quantity":0.10000000');
    const texts = expectedRows.flatMap((row) => Object.entries(row).filter(([key]) => key !== 'type').map(([, text]) => text));
    for (const text of texts) {
      if (text === null) continue;
      expect(source, text).toContain(`"${text}"`);
    }
    // The near miss: each of these texts is one String(Number(text)) or BigInt would not give back
    // (`1e-7` survives a number, but not a fixed-point DECIMAL or toFixed).
    for (const text of ['0.10000000', '123456789012345678901.5', '0.000000000000000000001', '1E-7', '1.0e-7', '-0.0', '3501.50', '100000.00']) expect(String(Number(text))).not.toBe(text);
    expect(String(Number('1000000000000000000000000'))).not.toBe('1000000000000000000000000');
    expect(BigInt('0100').toString()).not.toBe('0100');
  });

  it('CSV carries every decimal string exactly as the file wrote it', async () => {
    const rows = csvObjects(await readFile(await exported('csv'), 'utf8'));
    expect(rows).toHaveLength(expectedRows.length);
    expectedRows.forEach((expected, at) => {
      const row = rows[at] ?? {};
      for (const [column, text] of Object.entries(expected)) expect(row[column], `row ${at} ${column}`).toBe(text ?? '');
    });
  });

  it('CSV writes a float64 as the shortest text that reads back as the same double, negative zero included', async () => {
    const row = csvObjects(await readFile(await exported('csv'), 'utf8'))[tradeRow] ?? {};
    // "0" would read back as +0: the sign is part of the double.
    expect([row.price, row.quantity]).toEqual(['-0', '0.1']);
    expect(Object.is(Number(row.price), -0)).toBe(true);
  });

  it('Parquet holds every decimal string as that text, not as a number', async () => {
    const rows = await parquetReadObjects({ file: await asyncBufferFromFile(await exported('parquet')) });
    expect(rows).toHaveLength(expectedRows.length);
    expectedRows.forEach((expected, at) => {
      const row = rows[at] ?? {};
      for (const [column, text] of Object.entries(expected)) expect(row[column], `row ${at} ${column}`).toBe(text);
    });
    expect(rows[tradeRow]?.price).toBe(-0);
    expect(rows[tradeRow]?.quantity).toBe(0.1);
  });
});
