import { once } from 'node:events';
import type { SnapshotErrorShape } from '../../shared/snapshot/decode-errors.ts';
import type { SnapshotSummary } from '../../shared/snapshot/decode-summary.ts';
import { decodeSnapshot, type SnapshotReadOptions } from '../codec/snapshot-reader.ts';
import { readCommandLine } from './command-line.ts';

/** Exit code for a bad file (the file could not be decoded to the end). */
const badFileExit = 1;

const oneFile = { name: 'FILE', min: 1, max: 1 } as const;
const decodeSyntax = { options: { lenient: 'flag', raw: 'flag' }, positionals: oneFile } as const;
const inspectSyntax = { options: { json: 'flag', lenient: 'flag' }, positionals: oneFile } as const;

/** What `mde decode` and `mde inspect` were asked: the file, leniency, (inspect) JSON output, (decode) the raw lines. */
export interface SnapshotCommandArgs {
  file: string;
  lenient: boolean;
  json: boolean;
  raw: boolean;
}

/** Parses `decode FILE [--lenient] [--raw]`; a mistake is a `UsageError`. */
export function parseDecodeArgs(args: readonly string[]): SnapshotCommandArgs {
  const { flags, positionals } = readCommandLine(args, decodeSyntax);
  return { file: positionals[0] ?? '', lenient: flags.has('lenient'), json: false, raw: flags.has('raw') };
}

/** Parses `inspect FILE [--json] [--lenient]`; a mistake is a `UsageError`. */
export function parseInspectArgs(args: readonly string[]): SnapshotCommandArgs {
  const { flags, positionals } = readCommandLine(args, inspectSyntax);
  return { file: positionals[0] ?? '', lenient: flags.has('lenient'), json: flags.has('json'), raw: false };
}

function printError(command: string, error: SnapshotErrorShape): void {
  console.error(`mde ${command}: ${error.kind}: ${error.message}\n  ${error.resolution}`);
}

async function writeOut(text: string | Buffer): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
}

/**
 * The options of a decode that prints each event record's line as the file has it (`--raw`): the
 * same records as the decoded lines, line for line, without the metadata row or skipped lines.
 */
function rawLines(lenient: boolean): SnapshotReadOptions & { onRecords: () => Promise<void>; flush: () => Promise<void> } {
  let held: Buffer[] = [];
  const flush = async (): Promise<void> => {
    if (held.length === 0) return;
    const text = Buffer.concat(held);
    held = [];
    await writeOut(text);
  };
  return {
    lenient,
    onLine: (record, bytes, start, end) => {
      if (record !== null) held.push(Buffer.from(bytes.subarray(start, end)), newline);
    },
    onRecords: flush,
    flush,
  };
}
const newline = Buffer.from('\n');

/**
 * `mde decode FILE [--lenient] [--raw]`: prints one JSON object per event record, lossless (every
 * field the row had; `normalized` says what was read differently); with `--raw`, each of those
 * records' lines exactly as the file has them.
 */
export async function runDecode(args: readonly string[]): Promise<number> {
  const parsed = parseDecodeArgs(args);
  const raw = parsed.raw ? rawLines(parsed.lenient) : null;
  const result = raw === null ? await decodeSnapshot({ path: parsed.file }, { lenient: parsed.lenient, onText: writeOut }) : await decodeSnapshot({ path: parsed.file }, raw);
  await raw?.flush();
  if (!result.ok) {
    printError('decode', result.error);
    return badFileExit;
  }
  if (result.summary.skippedLines > 0) {
    console.error(`mde decode: skipped ${result.summary.skippedLines} malformed line(s); run "mde inspect" to see samples.`);
  }
  return 0;
}

/** The report `mde inspect --json` prints. */
export interface InspectReport {
  file: string;
  ok: boolean;
  format: string | null;
  schema_version: string | null;
  source: string | null;
  market: string | null;
  records: number;
  counts: Record<string, { header: number | null; found: number }>;
  event_count: { header: number | null; found: number };
  first_collector_timestamp: number | null;
  last_collector_timestamp: number | null;
  backward_steps: number;
  skipped_lines: number;
  skipped_samples: SnapshotSummary['skippedSamples'];
  error: SnapshotErrorShape | null;
}

/** Builds the inspect report from what a decode found. */
export function inspectReport(summary: SnapshotSummary, error: SnapshotErrorShape | null): InspectReport {
  const counts: InspectReport['counts'] = {};
  const headerCounts = summary.header?.counts ?? {};
  for (const [key, value] of Object.entries(headerCounts)) {
    counts[key.replace(/_count$/, '')] = { header: value, found: 0 };
  }
  for (const [type, found] of Object.entries(summary.countsByType)) {
    counts[type] = { header: headerCounts[`${type}_count`] ?? null, found };
  }
  return {
    file: summary.file,
    ok: error === null,
    format: summary.format,
    schema_version: summary.header?.schemaVersion ?? null,
    source: summary.header?.source ?? null,
    market: summary.header?.market ?? null,
    records: summary.records,
    counts,
    event_count: { header: summary.header?.eventCount ?? null, found: summary.records },
    first_collector_timestamp: summary.firstCollectorTimestamp,
    last_collector_timestamp: summary.lastCollectorTimestamp,
    backward_steps: summary.backwardSteps,
    skipped_lines: summary.skippedLines,
    skipped_samples: summary.skippedSamples,
    error,
  };
}

function iso(timestamp: number | null): string {
  return timestamp === null ? '-' : `${timestamp} (${new Date(timestamp).toISOString()})`;
}

/** The human-readable form of an inspect report. */
export function inspectText(report: InspectReport): string {
  const lines = [
    `file:        ${report.file}`,
    `format:      ${report.format ?? 'unknown'}${report.schema_version === null ? '' : ` (schema ${report.schema_version})`}`,
    `source:      ${report.source ?? '-'}`,
    `market:      ${report.market ?? '-'}`,
    `records:     ${report.records}${report.event_count.header === null ? '' : ` (header says ${report.event_count.header})`}`,
    'counts by type (header / found):',
    ...Object.entries(report.counts).map(([type, { header, found }]) => `  ${type.padEnd(18)} ${String(header ?? '-').padStart(9)} / ${found}`),
    `first collector_timestamp: ${iso(report.first_collector_timestamp)}`,
    `last collector_timestamp:  ${iso(report.last_collector_timestamp)}`,
    `backward steps:            ${report.backward_steps}`,
    `skipped lines:             ${report.skipped_lines}`,
    ...report.skipped_samples.map((sample) => `  line ${sample.line} (byte ${sample.byteOffset}): ${sample.reason}`),
    `errors:      ${report.error === null ? 'none' : `${report.error.kind}: ${report.error.message}`}`,
  ];
  return lines.join('\n');
}

/** `mde inspect FILE [--json]`: format, header counts beside found counts, time range, errors. */
export async function runInspect(args: readonly string[]): Promise<number> {
  const parsed = parseInspectArgs(args);
  const result = await decodeSnapshot({ path: parsed.file }, { lenient: parsed.lenient, recordsWanted: false });
  const report = inspectReport(result.summary, result.ok ? null : result.error);
  console.log(parsed.json ? JSON.stringify(report, null, 2) : inspectText(report));
  if (!result.ok) {
    printError('inspect', result.error);
    return badFileExit;
  }
  return 0;
}
