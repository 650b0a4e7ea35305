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
  { name: 'decode', usage: 'decode FILE [--lenient]', summary: 'Print the normalized records of a snapshot file as JSON lines', run: async (args) => (await import('./snapshot-commands.ts')).runDecode(args) },
  { name: 'book', usage: 'book FILE... [--depth N] [--at T]', summary: 'Print one JSON line per reconstructed order book', run: async (args) => (await import('./book-command.ts')).runBook(args) },
  { name: 'get', usage: 'get <path> [--<param> <value> ...] [--all] [--base-url URL]', summary: "Print any endpoint's rows as JSON lines, through the client", run: async (args) => (await import('./get-command.ts')).runGet(args) },
  { name: 'key', usage: 'key set|status|delete [--base-url URL]', summary: 'Manage the API key in the OS keychain (set reads stdin)', run: async (args) => (await import('./key-command.ts')).runKey(args) },
  { name: 'download', usage: 'download --source S --market M --from DATE --to DATE', summary: 'Fill the snapshot library through the download queue', plannedIn: 'a later issue' },
  { name: 'export', usage: 'export FILE... --out PATH.(csv|parquet)', summary: 'Export decoded rows to CSV or Parquet', plannedIn: 'a later issue' },
];
