import { setFlagsFromString } from 'node:v8';
import { parseKeyList, type ApiKeyGrant } from '../server/access-policy.ts';
import { defaultDemoSeed } from '../server/demo-seed.ts';
import { demoDataDir, startEmbeddedService } from '../server/embedded-service.ts';
import type { FaultModes } from '../server/faults.ts';
import { maxSyntheticMarkets } from '../server/store/synthetic-markets.ts';
import { defaultUserDataDir } from '../base/user-data-dir.ts';
import { anyInteger, integerOption, readCommandLine, UsageError } from './command-line.ts';

export { defaultServePort } from './serve-help.ts';
import { defaultServePort } from './serve-help.ts';

const portRule = { min: 0, max: 65535, expected: 'a TCP port (0 to 65535)' };
const extraMarketsRule = { min: 0, max: maxSyntheticMarkets, expected: `a whole number from 0 to ${maxSyntheticMarkets.toLocaleString('en-US')}` };

const serveSyntax = {
  options: { port: 'string', 'download-port': 'string', data: 'string', seed: 'string', 'demo-dir': 'string', keys: 'string', fail: 'string', 'extra-markets': 'string' },
  positionals: { name: 'argument', min: 0, max: 0 },
} as const;

/** What `mde serve` was asked: ports, the data (a folder of files, or the demo and its seed), keys and faults. */
export interface ServeArguments {
  port: number;
  downloadPort: number;
  /** `--data DIR`: serve the user's files; null serves the demo. */
  dataRoot: string | null;
  /** `--demo-dir DIR`: where the demo's hours go; null is the user-data folder. */
  demoDir: string | null;
  seed: number;
  keys: ApiKeyGrant[];
  faults: FaultModes;
  /** `--extra-markets N`: catalog-only synthetic markets added to the catalog and `/count`. */
  extraMarkets: number;
}

/**
 * How far V8 lets the old generation grow past the data that survived its last full collection,
 * in percent, for `mde serve`. Left to itself V8 lets it reach about four times that data when
 * collecting is cheap: under a flood of requests the service kept ~100 MB alive and the heap grew
 * to 450–800 MB between collections (peak RSS ~835 MB); at 50 % the peak was ~430 MB, for ~12 %
 * more time in the flood. V8 reads the setting at every full collection.
 */
export const serveHeapGrowingPercent = 50;

/** Parses `serve [--port N] [--data DIR] [--seed S] [--keys k1,k2] ...`; a mistake is a `UsageError`. */
export function parseServeArguments(args: readonly string[]): ServeArguments {
  const { values } = readCommandLine(args, serveSyntax);
  const faults: FaultModes = { metadata: false, storage: false, auth: false };
  for (const part of (values.fail ?? '').split(',').filter((name) => name !== '')) {
    if (part !== 'metadata' && part !== 'storage' && part !== 'auth') throw new UsageError(`--fail takes metadata, storage and/or auth, not "${part}"`);
    faults[part] = true;
  }
  let keys: ApiKeyGrant[];
  try {
    keys = parseKeyList(values.keys ?? '');
  } catch (error) {
    throw new UsageError(`--keys: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    port: values.port === undefined ? defaultServePort : integerOption('--port', values.port, portRule),
    downloadPort: values['download-port'] === undefined ? 0 : integerOption('--download-port', values['download-port'], portRule),
    dataRoot: values.data ?? null,
    demoDir: values['demo-dir'] ?? null,
    seed: values.seed === undefined ? defaultDemoSeed : integerOption('--seed', values.seed, anyInteger),
    keys,
    faults,
    extraMarkets: values['extra-markets'] === undefined ? 0 : integerOption('--extra-markets', values['extra-markets'], extraMarketsRule),
  };
}

/**
 * `mde serve`: the local Market Data Service on 127.0.0.1, over the simulated demo or, with
 * `--data DIR`, over a folder of the user's own snapshot files. Serves until stopped.
 */
export async function runServe(args: readonly string[]): Promise<number> {
  const { port, downloadPort, dataRoot, demoDir, seed, keys, faults, extraMarkets } = parseServeArguments(args);
  // This process only serves: it trades some collection time for a heap that stays near its data.
  setFlagsFromString(`--heap-growing-percent=${serveHeapGrowingPercent}`);
  const data =
    dataRoot !== null ? ({ kind: 'directory', root: dataRoot } as const) : ({ kind: 'demo', dataDir: demoDir ?? demoDataDir(defaultUserDataDir()), seed } as const);
  const service = await startEmbeddedService({
    data,
    keys,
    port,
    warm: true,
    extraMarkets,
    extra: { faults, downloadPort },
  });
  const extras = extraMarkets > 0 ? `, plus ${extraMarkets.toLocaleString('en-US')} synthetic catalog-only markets` : '';
  console.log(`Market Data Service (${data.kind === 'demo' ? `simulated demo, seed ${seed}` : `files in ${data.root}`}${extras}) at ${service.baseUrl}`);
  console.log(`Download host: ${service.downloadHost.origin}   Keys: ${keys.length === 0 ? 'none (anonymous windows only)' : keys.length}   Ctrl+C stops`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await service.close();
  return 0;
}
