import WebSocket from 'ws';
import { createApi } from '../../shared/contract/bridge.ts';
import { contractSocketPath } from '../../shared/contract/ws-protocol.ts';
import type { MdeApi } from '../../shared/contract/types.ts';
import { createWebSocketBridge } from '../../renderer/src/transport/ws-bridge.ts';

/** A Node client of a running browser mode: the renderer's own WebSocket bridge and `createApi`. */
export interface ContractClient {
  api: MdeApi;
  close(): void;
}

/**
 * Connects to the contract WebSocket of the browser mode that printed `url` (`Open: …?token=…`),
 * as the page does after trading the token for its cookie: the cookie `mde_token_{port}` and the
 * server's own Origin (see `test/integration/client/support/contract-transports.ts`).
 */
export function connectContract(url: string): ContractClient {
  const parsed = new URL(url);
  const token = parsed.searchParams.get('token');
  if (token === null) throw new Error(`the printed URL carries no token: ${url}`);
  const headers = { origin: parsed.origin, cookie: `mde_token_${parsed.port}=${token}` };
  const ws = createWebSocketBridge(`ws://${parsed.host}${contractSocketPath}`, (socketUrl) => {
    const socket = new WebSocket(socketUrl, { headers });
    // A refused (re)connection closes the socket, which the bridge handles; unheard, `ws` would throw it.
    socket.on('error', () => {});
    return socket;
  });
  return { api: createApi(ws.bridge), close: () => ws.close() };
}

/** The value at quantile `q` (0..1) of `values` (nearest rank), NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Round trips of `app.info` (ms) and the calls that failed. */
export interface AppInfoSamples {
  times: number[];
  failures: string[];
}

/**
 * Calls `app.info` on a fixed schedule, one call every `everyMs` whether or not the previous one
 * has answered (a stall of the server then shows as the wait every call issued during it saw,
 * not as one slow sample), until `stop()` says so or `count` calls were made; answers once every
 * call has settled. Each round trip is timed in this process with `performance.now()`.
 */
export async function sampleAppInfo(api: MdeApi, options: { everyMs: number; count?: number; stop?: () => boolean }): Promise<AppInfoSamples> {
  const samples: AppInfoSamples = { times: [], failures: [] };
  const calls: Promise<void>[] = [];
  const started = performance.now();
  for (let k = 0; (options.count === undefined || k < options.count) && options.stop?.() !== true; k++) {
    await sleep(started + k * options.everyMs - performance.now());
    if (options.stop?.() === true) break;
    const sent = performance.now();
    calls.push(
      api.app.info().then(
        () => void samples.times.push(performance.now() - sent),
        (error: unknown) => void samples.failures.push(error instanceof Error ? error.message : String(error)),
      ),
    );
  }
  await Promise.all(calls);
  return samples;
}
