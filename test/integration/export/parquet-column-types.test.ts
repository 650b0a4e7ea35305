// Pins each exported Parquet column's physical and logical type, read from a written file's schema, and that a null stays null while "", 0 and false stay values.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { runExport } from '../../../electron/host/export/export-run.ts';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

const tempDir = useTempDirs();
const t0 = 1717200000000;

type Json = Record<string, unknown>;

/** A column's type as a Parquet reader sees it in the footer. */
interface ColumnType {
  type: string;
  converted_type: string | null;
  logical_type: Json | null;
}

// The types the project chose (docs/export-columns.md), written out by hand.
const int64: ColumnType = { type: 'INT64', converted_type: null, logical_type: null };
const int32: ColumnType = { type: 'INT32', converted_type: null, logical_type: null };
const double: ColumnType = { type: 'DOUBLE', converted_type: null, logical_type: null };
const boolean: ColumnType = { type: 'BOOLEAN', converted_type: null, logical_type: null };
const text: ColumnType = { type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' } };
const utcMillis: ColumnType = { type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' } };

const decimalStrings = [
  'last_price', 'mark_price', 'index_price', 'oracle_price', 'mid_price', 'open_interest', 'funding_rate', 'predicted_funding_rate', 'premium',
  'strike', 'bid_price', 'ask_price', 'underlying_price', 'forward_price', 'bid_size', 'ask_size', 'volume_24h', 'turnover_24h',
  'bid_iv', 'ask_iv', 'mark_iv', 'delta', 'gamma', 'vega', 'theta', 'rho', 'value', 'amount_in', 'amount_out',
];

/** Every column of an export of all types, with its type and whether it may be null. */
const expectedColumns: Record<string, ColumnType & { required: boolean }> = {
  event_index: { ...int64, required: true },
  collector_timestamp: { ...utcMillis, required: true },
  collector_sequence: { ...int64, required: false },
  exchange_timestamp: { ...utcMillis, required: false },
  source: { ...text, required: true },
  market: { ...text, required: true },
  type: { ...text, required: true },
  ...Object.fromEntries(
    [
      ...[['price', double], ['quantity', double], ['liquidation', boolean], ['is_snapshot', boolean], ['level', int32]] as const,
      ...[['funding_timestamp', utcMillis], ['expiry_timestamp', utcMillis], ['expires_at', int64], ['settled_at', int64]] as const,
      ...[['chain_id', int64], ['block_number', int64], ['transaction_index', int64]] as const,
      ...[['token_in_decimals', int32], ['token_out_decimals', int32], ['quote_index', int32]] as const,
      ...['exchange_sequence', 'instrument', 'side', 'order_id', 'maker', 'taker', 'series', 'underlying', 'option_type', 'premium_currency', 'quantity_unit'].map((name) => [name, text] as const),
      ...['intent_id', 'rfq_id', 'status', 'amount_kind', 'data_json', 'event_id', 'block_hash', 'parent_hash', 'transaction_hash'].map((name) => [name, text] as const),
      ...['router', 'oracle', 'pool', 'token_in', 'token_out', 'values_json', ...decimalStrings].map((name) => [name, text] as const),
    ].map(([name, kind]) => [name, { ...kind, required: false }]),
  ),
};

const v2 = { collector_timestamp: t0, exchange_timestamp: null, exchange_sequence: null, source: 'aster', market: 'ETH-USDT' };
const ladder = { event_id: 'e-0', chain_id: 1, block_number: 0, block_hash: '0xb', parent_hash: '0xa', transaction_hash: '0xt', transaction_index: 0, router: '0xr', oracle: null, token_in: '0xin', token_out: '0xout', token_in_decimals: 18, token_out_decimals: 0 };
/** One row of every type, holding the near misses of null: "", 0, "0" and false. */
const v2Rows: Json[] = [
  { type: 'trade', data: { price: 0, quantity: 1.5, side: null, order_id: '', maker: '', taker: null, liquidation: false } },
  { exchange_timestamp: t0 - 10, exchange_sequence: '0', instrument: 'ETH-PERP', type: 'trade', data: { price: 3501.25, quantity: 0.5, side: 'sell', liquidation: true } },
  { type: 'orderbook', data: { is_snapshot: true, bids: [[3500, 0]], asks: [] } },
  { type: 'orderbook', data: { is_snapshot: false, bids: [], asks: [] } },
  { instrument: 'ETH-PERP', type: 'perpetual_ticker', data: { mark_price: '0', funding_rate: null, funding_timestamp: null } },
  { instrument: 'ETH-28JUN24-3500-C', type: 'option_ticker', data: { underlying: 'ETH', strike: '3500', expiry_timestamp: 1719561600000, greeks: { delta: null } } },
  { type: 'intent', data: { intent_id: 'i-1', status: 'open', expires_at: 0, settled_at: null } },
  { type: 'record', data: { series: 'quote_ladder', values: { ...ladder, quotes: [{ amount_in: '0', amount_out: '0' }] } } },
  { type: 'record', data: { series: 'quote_ladder', values: { ...ladder, quotes: [] } } },
  { type: 'record', data: { series: 'heartbeat', values: { alive: false, lag_ms: 0 } } },
  { type: 'liquidation_warning', data: {} },
  { type: 'point', data: { series: 'mark_px', value: '0' } },
];
const legacyTrade = { timestamp: t0 + 10_000, source: 'aster', market: 'ETH-USDT', type: 'trade', data: { price: 1, quantity: 2, side: 'sell' } };

/** The non-null cells of each exported row, written by hand; every other cell must read back null. */
const envelope = (at: number, type: string): Json => ({ event_index: BigInt(at), collector_timestamp: new Date(t0 + 100 * (at + 1)), collector_sequence: BigInt(at + 1), source: 'aster', market: 'ETH-USDT', type });
const ladderCells: Json = { event_id: 'e-0', chain_id: 1n, block_number: 0n, block_hash: '0xb', parent_hash: '0xa', transaction_hash: '0xt', transaction_index: 0n, router: '0xr', token_in: '0xin', token_out: '0xout', token_in_decimals: 18, token_out_decimals: 0 };
const expectedRows: Json[] = [
  { ...envelope(0, 'trade'), price: 0, quantity: 1.5, order_id: '', maker: '', liquidation: false },
  { ...envelope(1, 'trade'), exchange_timestamp: new Date(t0 - 10), exchange_sequence: '0', instrument: 'ETH-PERP', price: 3501.25, quantity: 0.5, side: 'sell', liquidation: true },
  { ...envelope(2, 'orderbook'), is_snapshot: true, side: 'bid', level: 0, price: 3500, quantity: 0 },
  { ...envelope(3, 'orderbook'), is_snapshot: false },
  { ...envelope(4, 'perpetual_ticker'), instrument: 'ETH-PERP', mark_price: '0' },
  { ...envelope(5, 'option_ticker'), instrument: 'ETH-28JUN24-3500-C', underlying: 'ETH', strike: '3500', expiry_timestamp: new Date(1719561600000) },
  { ...envelope(6, 'intent'), intent_id: 'i-1', status: 'open', expires_at: 0n, data_json: '{"intent_id":"i-1","status":"open","expires_at":0,"settled_at":null}' },
  { ...envelope(7, 'quote_ladder'), ...ladderCells, quote_index: 0, amount_in: '0', amount_out: '0' },
  { ...envelope(8, 'quote_ladder'), ...ladderCells },
  { ...envelope(9, 'record'), series: 'heartbeat', values_json: '{"alive":false,"lag_ms":0}' },
  { ...envelope(10, 'liquidation_warning'), data_json: '{}' },
  { ...envelope(11, 'point'), series: 'mark_px', value: '0' },
  // A legacy file has no collector_sequence: null, not 0.
  { event_index: 12n, collector_timestamp: new Date(t0 + 10_000), source: 'aster', market: 'ETH-USDT', type: 'trade', price: 1, quantity: 2, side: 'sell' },
];

async function exportAllTypes(): Promise<string> {
  const dir = await tempDir();
  const header = { ...v2, collector_sequence: 0, type: 'metadata', data: { schema_version: 'v2' } };
  const lines = [header, ...v2Rows.map((row, at) => ({ ...v2, collector_timestamp: t0 + 100 * (at + 1), collector_sequence: at + 1, ...row }))];
  const files = [join(dir, 'v2.jsonl.zst'), join(dir, 'legacy.jsonl.zst')];
  const texts = [lines, [legacyTrade]].map((rows) => rows.map((row) => JSON.stringify(row)).join('\n'));
  await Promise.all(files.map((file, at) => writeFile(file, compressZstdFrame(new TextEncoder().encode(texts[at])))));
  const out = join(dir, 'all.parquet');
  await runExport({ files, types: [], format: 'parquet', out });
  return out;
}

describe('Parquet column types', () => {
  it('each column has the physical and logical type the project chose, nullable unless it is the envelope', async () => {
    const metadata = await parquetMetadataAsync(await asyncBufferFromFile(await exportAllTypes()));
    const [root, ...columns] = metadata.schema;
    expect(root?.num_children).toBe(columns.length);
    const read = Object.fromEntries(
      columns.map((column) => [
        column.name,
        { type: column.type, converted_type: column.converted_type ?? null, logical_type: column.logical_type ?? null, required: column.repetition_type === 'REQUIRED' },
      ]),
    );
    expect(read).toEqual(expectedColumns);
  });

  it('a null reads back null, and "", 0, "0" and false read back as themselves', async () => {
    const rows = await parquetReadObjects({ file: await asyncBufferFromFile(await exportAllTypes()) });
    expect(rows).toHaveLength(expectedRows.length);
    expectedRows.forEach((expected, at) => {
      const row = rows[at] ?? {};
      for (const column of Object.keys(expectedColumns)) expect(row[column], `row ${at} ${column}`).toEqual(expected[column] ?? null);
    });
  });
});
