import { extname, resolve } from 'node:path';
import { ExportError } from '../host/export/export-error.ts';
import { runExport, type ExportFormat, type ExportRequest } from '../host/export/export-run.ts';
import { libraryRangeFiles } from '../host/export/library-range-files.ts';
import { readCommandLine, timeOption, UsageError } from './command-line.ts';

const exportSyntax = {
  options: { out: 'string', types: 'string', force: 'flag', root: 'string', source: 'string', market: 'string', from: 'string', to: 'string' },
  positionals: { name: 'FILE', min: 0, max: 10_000 },
} as const;

/** What `mde export` was asked. */
export interface ExportArgs {
  input: { kind: 'files'; files: string[] } | { kind: 'library'; root: string; source: string; market: string; start: number; end: number };
  types: string[];
  out: string;
  format: ExportFormat;
  force: boolean;
}

/** The output format an output path names by its extension. */
function formatOf(out: string): ExportFormat {
  const extension = extname(out).toLowerCase();
  if (extension === '.csv') return 'csv';
  if (extension === '.parquet') return 'parquet';
  throw new UsageError(`--out must end in .csv or .parquet (the format follows the extension), not "${out}"`);
}

/** Parses `export (FILE... | --root DIR --source S --market M --from T --to T) --out PATH [--types a,b] [--force]`. */
export function parseExportArgs(args: readonly string[]): ExportArgs {
  const { values, flags, positionals } = readCommandLine(args, exportSyntax);
  if (values.out === undefined) throw new UsageError('missing --out PATH.csv or --out PATH.parquet');
  const format = formatOf(values.out);
  const types = values.types === undefined ? [] : values.types.split(',').map((type) => type.trim()).filter((type) => type !== '');
  const rangeFlags = (['root', 'source', 'market', 'from', 'to'] as const).filter((name) => values[name] !== undefined);
  let input: ExportArgs['input'];
  if (rangeFlags.length > 0) {
    if (positionals.length > 0) throw new UsageError('give FILE... or a library range (--root, --source, --market, --from, --to), not both');
    const missing = (['root', 'source', 'market', 'from', 'to'] as const).filter((name) => values[name] === undefined);
    if (missing.length > 0) throw new UsageError(`a library range needs ${missing.map((name) => `--${name}`).join(', ')} too`);
    const start = timeOption('--from', values.from ?? '');
    const end = timeOption('--to', values.to ?? '');
    if (end <= start) throw new UsageError('--to must be after --from');
    input = { kind: 'library', root: values.root ?? '', source: values.source ?? '', market: values.market ?? '', start, end };
  } else {
    if (positionals.length === 0) throw new UsageError('missing FILE (or a library range: --root, --source, --market, --from, --to)');
    input = { kind: 'files', files: positionals };
  }
  return { input, types, out: values.out, format, force: flags.has('force') };
}

/** Progress on stderr, redrawn in place at most five times a second; nothing when stderr is not a terminal. */
function progressLine(): { update: ExportRequest['onProgress']; done: () => void } {
  if (!process.stderr.isTTY) return { update: undefined, done: () => undefined };
  let last = 0;
  let drawn = false;
  return {
    update: ({ rows, fraction }) => {
      const now = Date.now();
      if (now - last < 200) return;
      last = now;
      drawn = true;
      process.stderr.write(`\r  ${rows.toLocaleString('en-US')} rows, ${(fraction * 100).toFixed(0)}% read `);
    },
    done: () => {
      if (drawn) process.stderr.write('\r\x1b[K');
    },
  };
}

/** `mde export`: writes the records of snapshot files or a library range to one CSV or Parquet file; Ctrl+C leaves nothing behind. */
export async function runExportCommand(args: readonly string[]): Promise<number> {
  const parsed = parseExportArgs(args);
  const controller = new AbortController();
  const interrupt = (): void => controller.abort();
  process.once('SIGINT', interrupt);
  const progress = progressLine();
  try {
    const input = parsed.input;
    const files = input.kind === 'files' ? input.files : await libraryRangeFiles({ ...input, root: resolve(input.root) });
    if (files.length === 0 && input.kind === 'library') {
      console.error(`mde export: the library at ${input.root} holds no files of ${input.source} ${input.market} in that range.\n  Check --root, --source and --market, or download those hours first.`);
      return 1;
    }
    const result = await runExport({
      files,
      window: input.kind === 'library' ? { start: input.start, end: input.end } : null,
      types: parsed.types,
      format: parsed.format,
      out: parsed.out,
      force: parsed.force,
      signal: controller.signal,
      ...(progress.update === undefined ? {} : { onProgress: progress.update }),
    });
    progress.done();
    console.log(`${result.path}\t${result.rows} rows\t${result.bytes} bytes`);
    return 0;
  } catch (error) {
    progress.done();
    if (!(error instanceof ExportError)) throw error;
    if (error.kind === 'invalid-request') throw new UsageError(`${error.message} (${error.resolution.replace(/\.$/, '')})`);
    console.error(`mde export: ${error.kind}: ${error.message}\n  ${error.resolution}`);
    return 1;
  } finally {
    process.removeListener('SIGINT', interrupt);
  }
}
