import type { EventRows, MarketProgress } from '../../../../shared/contract/market-schemas.ts';
import type { MdeApi } from '../../../../shared/contract/types.ts';
import type { ContractHandlers } from '../../../../electron/host/contract/handlers.ts';
import { EventHub } from '../../../../electron/host/contract/event-hub.ts';
import type { Sleep } from '../../../../electron/host/client/retry-policy.ts';
import { marketHandlers, type MarketCaps } from '../../../../electron/host/market/market-handlers.ts';
import type { ServiceAccess } from '../../../../electron/host/service-access.ts';
import { ipcApi } from '../../client/support/contract-transports.ts';
import { dispatchOnlyHandlers } from '../../client/support/dispatch-only-handlers.ts';
import { testServiceAccess } from './test-service-access.ts';

/** How the main process reaches the service under test. */
export interface MarketRigOptions {
  baseUrl: string;
  /**
   * The key main sends: as the embedded demo's own key, or stored in the (in-memory) keychain of
   * a remote service. Null: a remote service with no key stored.
   */
  key: string | null;
  /** `embedded` (the demo's key) or `remote` (the stored key); default `embedded` with a key, `remote` without. */
  dataSource?: 'embedded' | 'remote';
  caps?: Partial<MarketCaps>;
  /** The fetch the client sends with (to count requests). */
  fetch?: typeof fetch;
  /** The active service's client is handed out only once this settles (a data source still starting). */
  clientReady?: Promise<unknown>;
}

/** The `market.*` channels as the renderer reaches them, and what main pushed and waited. */
export interface MarketRig {
  /** The renderer's API over the Electron path: dispatch (input validation), structured clone, bridge. */
  readonly api: MdeApi;
  readonly handlers: ContractHandlers;
  /** Every `market.progress` event, in order. */
  readonly progress: MarketProgress[];
  /** Every `market.eventRows` event, in order. */
  readonly eventRows: EventRows[];
  /** Every wait the client asked for (backoff, `Retry-After`), in ms; none is waited out. */
  readonly waits: number[];
  /** The row counts pushed for one load. */
  progressOf(requestId: string): number[];
  /** Resolves on the first `market.progress` event of `requestId` (already pushed, or the next). */
  firstProgress(requestId: string): Promise<MarketProgress>;
}

export { memoryKeychain } from './test-service-access.ts';

/**
 * The market handlers wired as `createMainServices` wires them (service access with the
 * interactive client options, one client per base URL), at the fixed test clock, with a sleep
 * that records each wait and returns at once (or rejects when the load is cancelled).
 */
export function marketRig(options: MarketRigOptions): MarketRig {
  const events = new EventHub();
  const progress: MarketProgress[] = [];
  const waiting: { requestId: string; resolve: (event: MarketProgress) => void }[] = [];
  const eventRows: EventRows[] = [];
  events.attach((event, payload) => {
    if (event === 'market.eventRows') eventRows.push(payload as EventRows);
    if (event !== 'market.progress') return;
    const pushed = payload as MarketProgress;
    progress.push(pushed);
    for (const waiter of waiting.filter((entry) => entry.requestId === pushed.requestId)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(pushed);
    }
  });
  const waits: number[] = [];
  const sleep: Sleep = (ms, signal) => {
    waits.push(ms);
    return signal?.aborted === true ? Promise.reject(signal.reason as Error) : Promise.resolve();
  };
  const access = testServiceAccess({
    baseUrl: options.baseUrl,
    key: options.key,
    sleep,
    ...(options.dataSource === undefined ? {} : { dataSource: options.dataSource }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  const clientOf = async (): Promise<Awaited<ReturnType<ServiceAccess['client']>>> => {
    await options.clientReady;
    return access.client();
  };
  const handlers: ContractHandlers = { ...dispatchOnlyHandlers, ...marketHandlers(clientOf, events, options.caps === undefined ? {} : { caps: options.caps }) };
  return {
    api: ipcApi(handlers),
    handlers,
    progress,
    eventRows,
    waits,
    progressOf: (requestId) => progress.filter((event) => event.requestId === requestId).map((event) => event.rows),
    firstProgress: (requestId) => {
      const pushed = progress.find((event) => event.requestId === requestId);
      if (pushed !== undefined) return Promise.resolve(pushed);
      return new Promise((resolve) => waiting.push({ requestId, resolve }));
    },
  };
}
