import { downloadOptionsHelp } from './download-help.ts';
import { metricsOptionsHelp, metricsUsage } from './metrics/metrics-help.ts';
import { serveOptionsHelp } from './serve-help.ts';

// Each command's module is imported only when that command runs, so `mde --help` (and every
// command) starts without loading the others: the service, the keychain, the client.

/** One `mde` command: its usage line, what it does, and the issue that brings it. */
export interface CommandEntry {
  name: string;
  usage: string;
  summary: string;
  /** More lines `mde <command> --help` prints below the summary (its options). */
  details?: string;
  /** Runs the command; absent while the command is still on the roadmap. */
  run?: (args: readonly string[]) => Promise<number>;
  /** Where the command is planned, shown when it is not in this build. */
  plannedIn?: string;
}

/** Every `mde` command, in the order `--help` lists them. */
export const commands: readonly CommandEntry[] = [
  {
    name: 'serve',
    usage: 'serve [--port N] [--data DIR] [--extra-markets N] [options]',
    summary: 'Run the local Market Data Service on 127.0.0.1',
    details: serveOptionsHelp,
    run: async (args) => (await import('./serve-command.ts')).runServe(args),
  },
  { name: 'inspect', usage: 'inspect FILE [--json]', summary: 'Format, counts by record type, time range and errors of a snapshot file', run: async (args) => (await import('./snapshot-commands.ts')).runInspect(args) },
  {
    name: 'decode',
    usage: 'decode FILE [--lenient] [--raw]',
    summary: 'Print the records of a snapshot file as JSON lines: every field each row had, "normalized" where one was read differently',
    details: [
      '  --lenient       skip malformed v2 lines (counted on stderr) instead of stopping at the first',
      '  --raw           print each record\'s line exactly as the file has it (line N matches line N without --raw)',
    ].join('\n'),
    run: async (args) => (await import('./snapshot-commands.ts')).runDecode(args),
  },
  { name: 'book', usage: 'book FILE... [--depth N] [--at T]', summary: 'Print one JSON line per reconstructed order book', run: async (args) => (await import('./book-command.ts')).runBook(args) },
  { name: 'get', usage: 'get <path> [--<param> <value> ...] [--all] [--base-url URL]', summary: "Print any endpoint's rows as JSON lines, through the client", run: async (args) => (await import('./get-command.ts')).runGet(args) },
  { name: 'key', usage: 'key set|status|delete [--base-url URL]', summary: 'Manage the API key in the OS keychain (set reads stdin)', run: async (args) => (await import('./key-command.ts')).runKey(args) },
  {
    name: 'download',
    usage: 'download --source S --market M (--date YYYY-MM-DD | --from T --to T) [--root DIR] [--base-url URL] [--concurrency N]',
    summary: 'Download snapshot files into a library folder: verified, resumable, one JSON line per file',
    details: downloadOptionsHelp,
    run: async (args) => (await import('./download-command.ts')).runDownload(args),
  },
  {
    name: 'export',
    usage: 'export (FILE... | --root DIR --source S --market M --from T --to T) --out PATH.(csv|parquet) [--types a,b] [--force]',
    summary: 'Export decoded records to one CSV or Parquet table (columns: docs/export-columns.md)',
    details: [
      '  --types a,b     trade, orderbook, point, perpetual_ticker, option_ticker, intent, quote_ladder, record, unknown (default: every type found)',
      '  --from, --to    Unix ms, a UTC date or an ISO time with a zone; records in [from, to) by collector time',
      '  --force         replace an existing --out',
    ].join('\n'),
    run: async (args) => (await import('./export-command.ts')).runExportCommand(args),
  },
  {
    name: 'metrics',
    usage: metricsUsage,
    summary: 'Order-flow metrics (depth, markouts, bars, footprint, profile, CVD, latency, venues) as CSV or JSON lines',
    details: metricsOptionsHelp,
    run: async (args) => (await import('./metrics/metrics-command.ts')).runMetrics(args),
  },
];
