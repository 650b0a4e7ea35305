import { ApiKeyStore } from '../services/keys/api-key-store.ts';
import { MarketDataClient } from '../services/client/market-data-client.ts';
import { MarketDataError } from '../services/client/market-data-error.ts';
import type { QueryParams } from '../services/client/query-params.ts';
import { routeAliases, routeOfPath, routes, type RouteName } from '../services/client/routes.ts';
import { checkBaseUrl, defaultBaseUrl, UsageError } from './cli-base-url.ts';

/** What `mde get` was asked: the endpoint, its parameters, and whether to page to the end. */
interface GetArguments {
  route: RouteName;
  params: Record<string, string>;
  all: boolean;
  baseUrl: string;
}

const knownPaths = (): string => [...Object.values(routes).map((route) => route.path), ...Object.keys(routeAliases)].join(', ');

/** Parses `<path> [--<param> <value> ...] [--all] [--base-url URL]`; `--name=value` works too. */
export function parseGetArguments(args: readonly string[]): GetArguments {
  let path: string | undefined;
  let all = false;
  let baseUrl = defaultBaseUrl;
  const params: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) {
      if (path !== undefined) throw new UsageError(`Only one path, please: got "${path}" and "${arg}"`);
      path = arg;
      continue;
    }
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (name === 'all') {
      all = true;
      continue;
    }
    const value = inline ?? args[++i];
    if (name === '' || value === undefined) throw new UsageError(`"${arg}" needs a value`);
    if (name === 'base-url') baseUrl = checkBaseUrl(value);
    else if (name === 'cursor') throw new UsageError('--cursor is managed by the client: use --all to page to the end');
    else params[name] = value;
  }
  if (path === undefined) throw new UsageError(`Which endpoint? Give a path: ${knownPaths()}`);
  const route = routeOfPath(path);
  if (route === undefined) throw new UsageError(`Unknown endpoint "${path}". Known paths: ${knownPaths()}`);
  return { route, params, all, baseUrl };
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
  if (route === 'dailyManifest') return writeLines((await client.dailyManifest(params as { source: string; market: string; date: string })).snapshots);
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

/** Prints a failure as the service put it: its message and its resolution. */
export function printFailure(command: string, error: unknown): number {
  if (error instanceof UsageError) {
    console.error(`mde ${command}: ${error.message}`);
    return 2;
  }
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
