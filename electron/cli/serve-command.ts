import { parseArgs } from 'node:util';
import { parseKeyList } from '../services/local-service/access-policy.ts';
import { defaultDemoSeed, demoDataDir, startEmbeddedService } from '../services/local-service/embedded-service.ts';
import type { FaultModes } from '../services/local-service/faults.ts';
import { defaultUserDataDir } from '../services/user-data-dir.ts';

/** The port `mde serve` uses unless told otherwise. */
export const defaultServePort = 8600;

function portOf(text: string, flag: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${flag} must be a TCP port (0 to 65535), not "${text}"`);
  return port;
}

/**
 * `mde serve`: the local Market Data Service on 127.0.0.1, over the simulated demo or, with
 * `--data DIR`, over a folder of the user's own snapshot files. Serves until stopped.
 */
export async function runServe(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      port: { type: 'string', default: String(defaultServePort) },
      'download-port': { type: 'string', default: '0' },
      data: { type: 'string' },
      seed: { type: 'string', default: String(defaultDemoSeed) },
      'demo-dir': { type: 'string' },
      keys: { type: 'string', default: '' },
      fail: { type: 'string', default: '' },
    },
    allowPositionals: false,
  });
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be an integer, not "${values.seed}"`);
  const faults: FaultModes = { metadata: false, storage: false, auth: false };
  for (const part of values.fail.split(',').filter((name) => name !== '')) {
    if (part !== 'metadata' && part !== 'storage' && part !== 'auth') throw new Error(`--fail takes metadata, storage and/or auth, not "${part}"`);
    faults[part] = true;
  }
  const keys = parseKeyList(values.keys);
  const data =
    values.data !== undefined
      ? ({ kind: 'directory', root: values.data } as const)
      : ({ kind: 'demo', dataDir: values['demo-dir'] ?? demoDataDir(defaultUserDataDir()), seed } as const);
  const service = await startEmbeddedService({
    data,
    keys,
    port: portOf(values.port, '--port'),
    warm: true,
    extra: { faults, downloadPort: portOf(values['download-port'], '--download-port') },
  });
  console.log(`Market Data Service (${data.kind === 'demo' ? `simulated demo, seed ${seed}` : `files in ${data.root}`}) at ${service.baseUrl}`);
  console.log(`Download host: ${service.downloadHost.origin}   Keys: ${keys.length === 0 ? 'none (anonymous windows only)' : keys.length}   Ctrl+C stops`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await service.close();
  return 0;
}
