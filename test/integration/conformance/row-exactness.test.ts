import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../../../electron/server/embedded-service.ts';
import type { LocalService } from '../../../electron/server/local-service.ts';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { requestService, type RequestOptions } from './support/http.ts';
import { pageAll } from './support/paging.ts';
import { hourMs, paidKey } from './support/service-fixture.ts';
import { standardKey, type SnapshotLine } from './support/snapshot-file.ts';

// Spec 2 conventions, 2.4 and 2.5 over HTTP: a folder holding two hand-written files, served by
// the local service; every row is compared field by field with the line it came from, read here
// with JSON.parse and the spec's rules, not through the service's decoder or converters.

const fixtures = join(import.meta.dirname, '..', '..', 'fixtures', 'rows');
const hour = Date.UTC(2026, 2, 2, 7);
const range = { start: hour, end: hour + hourMs - 1 };
const options = { source: 'deribit', market: 'BTC', fixture: 'options-ticker-exactness.jsonl' } as const;
const perps = { source: 'hyperliquid', market: 'BTC', fixture: 'funding-exactness.jsonl' } as const;

const optionTexts = ['underlying', 'option_type', 'premium_currency', 'quantity_unit'];
const optionDecimals = [
  'strike', 'bid_price', 'ask_price', 'last_price', 'mark_price', 'index_price', 'underlying_price', 'forward_price',
  'bid_size', 'ask_size', 'open_interest', 'volume_24h', 'turnover_24h', 'bid_iv', 'ask_iv', 'mark_iv',
];
const greeks = ['delta', 'gamma', 'vega', 'theta', 'rho'];
const fundingDecimals = ['funding_rate', 'predicted_funding_rate', 'premium'];
const latestHourDecimals = ['mark_price', 'index_price', 'open_interest'];

type Row = Record<string, unknown>;

let root = '';
let service: LocalService;
const lines = new Map<string, SnapshotLine[]>();

const client = { get: <T>(path: string, request: RequestOptions = {}) => requestService<T>(service.baseUrl, path, request) };

async function servedRows(path: string, dataset: { source: string; market: string }): Promise<Row[]> {
  return (await pageAll<Row>(client, path, { query: { source: dataset.source, market: dataset.market, ...range, limit: 2 }, key: paidKey })).items;
}

function objectOf(value: unknown): Row {
  return typeof value === 'object' && value !== null ? (value as Row) : {};
}

/** A value as the record wrote it, or null where the record had none or null (never '0'). */
function asWritten(value: unknown): unknown {
  return value === undefined ? null : value;
}

/** The 2.1 fields of the line's row, but the two the service names itself. */
function envelopeOf(line: SnapshotLine): Row {
  return { source: line['source'], market: line['market'], instrument: asWritten(line['instrument']), collector_timestamp: line['collector_timestamp'], exchange_timestamp: line['exchange_timestamp'], schema_version: 2 };
}

function optionRowOf(line: SnapshotLine): Row {
  const data = objectOf(line['data']);
  const greekValues = objectOf(data['greeks']);
  const row: Row = { ...envelopeOf(line), expiry_timestamp: asWritten(data['expiry_timestamp']) };
  for (const field of [...optionTexts, ...optionDecimals]) row[field] = asWritten(data[field]);
  for (const field of greeks) row[field] = asWritten(greekValues[field]);
  return row;
}

/** The lines that carry funding: tickers with a funding rate, and `funding_rate` points (field notes). */
function fundingLinesOf(dataset: { fixture: string }): SnapshotLine[] {
  return (lines.get(dataset.fixture) ?? []).filter((line) => {
    const data = objectOf(line['data']);
    return line['type'] === 'point' ? data['series'] === 'funding_rate' : line['type'] === 'perpetual_ticker' && 'funding_rate' in data;
  });
}

function fundingRowOf(line: SnapshotLine, latestHour: boolean): Row {
  const data = objectOf(line['data']);
  // A point publishes one value, the rate; nothing else of the row is observed.
  if (line['type'] === 'point') return { ...envelopeOf(line), funding_rate: data['value'], predicted_funding_rate: null, premium: null, funding_timestamp: null };
  const row: Row = { ...envelopeOf(line), funding_timestamp: asWritten(data['funding_timestamp']) };
  for (const field of fundingDecimals) row[field] = asWritten(data[field]);
  if (latestHour) for (const field of latestHourDecimals) if (field in data) row[field] = data[field];
  return row;
}

/** Compares served rows with the lines they came from, one field at a time, so a failure names the field. */
function expectRowsOf(served: readonly Row[], expected: readonly Row[], label: string): void {
  expect(served.map((row) => row['collector_timestamp']), `${label}: one row per source line`).toEqual(expected.map((row) => row['collector_timestamp']));
  served.forEach((row, index) => {
    const want = expected[index] ?? {};
    expect(Object.keys(row).sort(), `${label}[${index}] fields`).toEqual([...Object.keys(want), 'event_id', 'source_capture_id'].sort());
    for (const [field, value] of Object.entries(want)) expect(row[field], `${label}[${index}].${field}`).toStrictEqual(value);
    expect(typeof row['source_capture_id'] === 'string' && row['source_capture_id'] !== '', `${label}[${index}].source_capture_id`).toBe(true);
  });
  expect(new Set(served.map((row) => row['event_id'])).size, `${label}: distinct event ids`).toBe(served.length);
}

function linesOf(dataset: { fixture: string }, type: string): SnapshotLine[] {
  return (lines.get(dataset.fixture) ?? []).filter((line) => line['type'] === type);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mde-exactness-'));
  for (const dataset of [options, perps]) {
    const text = await readFile(join(fixtures, dataset.fixture), 'utf8');
    lines.set(dataset.fixture, text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as SnapshotLine));
    const folder = join(root, dataset.source, dataset.market, '2026-03-02');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, `${standardKey(dataset.source, dataset.market, hour)}.jsonl.zst`), compressZstdFrame(new TextEncoder().encode(text)));
  }
  service = await startEmbeddedService({ data: { kind: 'directory', root }, keys: [{ key: paidKey, tier: 'paid' }], extra: { now: () => hour + 30 * 60_000 } });
});

afterAll(async () => {
  await service.close();
  await rm(root, { recursive: true, force: true });
});

describe('spec 2 "null is not zero" over HTTP: served rows equal their source records field by field', () => {
  it('2.5 /historical/options-ticker and /options-ticker: each decimal and greek as written, null where the record had none', async () => {
    const expected = linesOf(options, 'option_ticker')
      .filter((line) => typeof line['instrument'] === 'string')
      .map(optionRowOf);
    expect(expected.length).toBe(3);
    for (const path of ['/historical/options-ticker', '/options-ticker']) expectRowsOf(await servedRows(path, options), expected, path);
  });

  it('2.4 /historical/funding-rates: funding rate, prediction, premium and time as written, null where the record had none; funding_rate points too', async () => {
    const expected = fundingLinesOf(perps).map((line) => fundingRowOf(line, false));
    expect(expected.length).toBe(4);
    expectRowsOf(await servedRows('/historical/funding-rates', perps), expected, '/historical/funding-rates');
  });

  it('2.4 /funding-rates and /perpetual-ticker: mark, index and open interest only when the same observation published them', async () => {
    const expected = fundingLinesOf(perps).map((line) => fundingRowOf(line, true));
    for (const path of ['/funding-rates', '/perpetual-ticker']) expectRowsOf(await servedRows(path, perps), expected, path);
  });
});
