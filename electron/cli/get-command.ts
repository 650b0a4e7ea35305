import { ApiKeyStore } from '../host/keys/api-key-store.ts';
import { MarketDataClient } from '../host/client/market-data-client.ts';
import { MarketDataError } from '../host/client/market-data-error.ts';
import type { QueryParams } from '../host/client/query-params.ts';
import { routeAliases, routeOfPath, routes, type RouteName } from '../host/client/routes.ts';
import { checkBaseUrl, defaultBaseUrl } from './cli-base-url.ts';
import { anyInteger, integerOption, readCommandLine, UsageError } from './command-line.ts';

/** What `mde get` was asked: the endpoint, its parameters, and whether to page to the end. */
interface GetArguments {
  route: RouteName;
  params: Record<string, string>;
  all: boolean;
  baseUrl: string;
}

const knownPaths = (): string => [...Object.values(routes).map((route) => route.path), ...Object.keys(routeAliases)].join(', ');

const getSyntax = { options: { all: 'flag', 'base-url': 'string' }, positionals: { name: 'path', min: 0, max: 1 }, freeOptions: true } as const;

/** Query parameters that are integers wherever they appear (spec part 4): checked here, so a typo is not sent. */
const integerParams = ['limit', 'start', 'end', 'expiry'];

/** Parses `<path> [--<param> <value> ...] [--all] [--base-url URL]`; `--name=value` works too. A mistake is a `UsageError`. */
export function parseGetArguments(args: readonly string[]): GetArguments {
  if (args.some((arg) => arg === '--cursor' || arg.startsWith('--cursor='))) throw new UsageError('--cursor is managed by the client: use --all to page to the end');
  const { values, flags, positionals, free } = readCommandLine(args, getSyntax);
  for (const name of integerParams) {
    const value = free[name];
    if (value !== undefined) integerOption(`--${name}`, value, anyInteger);
  }
  const path = positionals[0];
  if (path === undefined) throw new UsageError(`Which endpoint? Give a path: ${knownPaths()}`);
  const route = routeOfPath(path);
  if (route === undefined) throw new UsageError(`Unknown endpoint "${path}". Known paths: ${knownPaths()}`);
  const baseUrl = values['base-url'] === undefined ? defaultBaseUrl : checkBaseUrl(values['base-url']);
  return { route, params: free, all: flags.has('all'), baseUrl };
}

/** The key `mde get` sends: MDE_API_KEY when set, else the key stored for the base URL, else none. */
export function cliApiKey(baseUrl: string): string | null {
  const fromEnvironment = process.env['MDE_API_KEY']?.trim();
  if (fromEnvironment !== undefined && fromEnvironment !== '') return fromEnvironment;
  return new ApiKeyStore().get(baseUrl);
}

function writeLines(values: readonly unknown[]): Promise<void> {
  if (values.length === 0) return Promise.resolve();
  const text = `${values.map((value) => JSON.stringify(value)).join('\n')}\n`;
  return new Promise((resolve, reject) => process.stdout.write(text, (error) => (error == null ? resolve() : reject(error))));
}

async function printRows(client: MarketDataClient, request: GetArguments): Promise<void> {
  const { route, params, all } = request;
  const query: QueryParams = params;
  if (route === 'count') return writeLines([await client.count()]);
  if (route === 'dailyManifest') {
    const { source, market, date } = params;
    if (source === undefined || market === undefined || date === undefined) throw new UsageError('/download needs --source SOURCE --market MARKET --date YYYY-MM-DD');
    return writeLines((await client.dailyManifest({ source, market, date })).snapshots);
  }
  if (route === 'snapshotDownload') {
    const key = params['key'];
    if (key === undefined) throw new UsageError('/snapshots/download needs --key KEY');
    if (params['mode'] !== undefined) return writeLines([await client.fetchJson(route, query)]);
    return writeLines([{ url: await client.snapshotRedirectTarget(key) }]);
  }
  const stream = client.query(route, query);
  if (!all) return writeLines((await stream.firstPage()).items);
  for await (const page of stream.pages()) await writeLines(page.items);
}

/** Prints a failure as the service put it (its message and resolution) and gives exit code 1; other errors pass through. */
export function printFailure(command: string, error: unknown): number {
  if (error instanceof MarketDataError) {
    console.error(`mde ${command}: ${error.message}${error.status === null ? '' : ` (HTTP ${error.status})`} [${error.kind}]`);
    if (error.resolution !== null) console.error(`  ${error.resolution}`);
    return 1;
  }
  throw error;
}

/**
 * `mde get`: prints the rows of any endpoint as JSON lines, one row per line (list items for the
 * catalog, instruments, snapshot listings and manifests), through the client, so retries, waits
 * and 422 splitting apply. Without `--all`, only the first page.
 */
export async function runGet(args: readonly string[]): Promise<number> {
  try {
    const request = parseGetArguments(args);
    const client = new MarketDataClient({
      baseUrl: request.baseUrl,
      apiKey: cliApiKey(request.baseUrl),
      log: (line) => console.error(`mde get: ${line}`),
    });
    await printRows(client, request);
    return 0;
  } catch (error) {
    return printFailure('get', error);
  }
}
