import type { CatalogMarkets, KeyStatusView, UsageView } from '../../shared/contract/service-schemas.ts';
import type { Settings } from '../../shared/settings.ts';
import { MarketDataClient, type MarketDataClientOptions } from './client/market-data-client.ts';
import type { UsageSnapshot } from './client/usage-monitor.ts';
import { catalogOfPages } from './catalog-reading.ts';
import { contractError, contractErrorOf } from './contract-errors.ts';
import type { DataSourceTarget } from './data-source/probe-health.ts';
import { ApiKeyStore, InvalidApiKey } from './keys/api-key-store.ts';

/** What service access needs from its surroundings. */
export interface ServiceAccessDeps {
  target: () => Promise<DataSourceTarget>;
  settings: () => Promise<Settings>;
  /** The key the embedded services (the demo, the library) accept; the main process sends it, the renderer never sees it. */
  demoKey: string;
  keys?: ApiKeyStore;
  onUsage: (usage: UsageView) => void;
  /** How the clients reach the service (tests inject fetch, clocks and sleep); defaults to `interactiveClientOptions`. */
  clientOptions?: Omit<MarketDataClientOptions, 'baseUrl' | 'apiKey'>;
}

/**
 * A view is waiting on these calls, so a `Retry-After` longer than a few seconds is shown (as a
 * countdown the user can see) rather than waited out in silence for up to a minute.
 */
export const interactiveClientOptions: Omit<MarketDataClientOptions, 'baseUrl' | 'apiKey'> = {
  retry: { maxRateLimitWaitMs: 5_000 },
};

function usageView(baseUrl: string, usage: UsageSnapshot): UsageView {
  return {
    baseUrl,
    rateLimit: usage.rateLimit === null ? null : { limit: usage.rateLimit.limit, remaining: usage.rateLimit.remaining, resetSeconds: usage.rateLimit.resetSeconds },
    monthly: usage.monthly,
    observedAt: usage.observedAt,
  };
}

/**
 * The main process's access to the active Market Data Service: one client per base URL (with
 * the right key: the stored one for a remote service, the local one for the demo and the library), the
 * API key in the keychain, and the usage figures for the status bar.
 */
export class ServiceAccess {
  readonly #deps: ServiceAccessDeps;
  readonly #keys: ApiKeyStore;
  readonly #clients = new Map<string, { client: MarketDataClient; local: boolean }>();

  constructor(deps: ServiceAccessDeps) {
    this.#deps = deps;
    this.#keys = deps.keys ?? new ApiKeyStore();
  }

  /** The client of the active data source. */
  async client(): Promise<{ client: MarketDataClient; target: DataSourceTarget }> {
    const target = await this.#deps.target();
    const known = this.#clients.get(target.baseUrl);
    if (known !== undefined) return { client: known.client, target };
    // The embedded services (demo, library) take the per-run local key; a remote one its stored key.
    const local = target.dataSource !== 'remote';
    const client = new MarketDataClient({
      ...(this.#deps.clientOptions ?? interactiveClientOptions),
      baseUrl: target.baseUrl,
      apiKey: () => (local ? this.#deps.demoKey : this.#keys.get(target.baseUrl)),
    });
    client.onUsage((usage) => this.#deps.onUsage(usageView(target.baseUrl, usage)));
    // A local service restarted (a switch of source or folder) has a new port: the old client goes.
    if (local) for (const [baseUrl, entry] of this.#clients) if (entry.local) this.#clients.delete(baseUrl);
    this.#clients.set(target.baseUrl, { client, local });
    return { client, target };
  }

  /**
   * Whether requests to the active source carry a key: the embedded demo and the library always
   * send the local key; a remote service, when one is stored for it. Read from settings, so it
   * never waits for a local service to start.
   */
  async hasKey(): Promise<boolean> {
    const settings = await this.#deps.settings();
    if (settings.dataSource !== 'remote') return true;
    return settings.remoteBaseUrl !== null && this.#keys.get(settings.remoteBaseUrl) !== null;
  }

  /**
   * Every well-formed market of the active source's catalog. Entries that break the schema are
   * skipped and named in a warning; when no entry is usable, a clear `invalid-response` error.
   */
  async catalog(): Promise<CatalogMarkets> {
    const { client, target } = await this.client();
    try {
      const { markets, warnings } = await catalogOfPages(client.catalog().pages(), target.baseUrl);
      return { markets, warnings, updatedAt: new Date().toISOString(), simulated: target.simulated };
    } catch (error) {
      throw contractErrorOf(error, 'catalog.markets');
    }
  }

  /** The latest usage figures of the active source. */
  async usage(): Promise<UsageView> {
    const { client, target } = await this.client();
    return usageView(target.baseUrl, client.usage);
  }

  /** The key status of the configured remote service. */
  async keyStatus(): Promise<KeyStatusView> {
    const baseUrl = (await this.#deps.settings()).remoteBaseUrl;
    if (baseUrl === null) return { baseUrl: null, hasKey: false, last4: null, storage: 'keychain', warning: null };
    return { baseUrl, ...this.#keys.status(baseUrl) };
  }

  /** Stores the key of the configured remote service in the keychain. */
  async setKey(key: string): Promise<KeyStatusView> {
    const baseUrl = await this.#remoteBaseUrl('keys.set');
    try {
      return { baseUrl, ...this.#keys.set(baseUrl, key) };
    } catch (error) {
      if (error instanceof InvalidApiKey) {
        throw contractError('invalid-request', 'keys.set', error.message, 'Paste the key exactly as your account shows it.');
      }
      throw error;
    }
  }

  /** Deletes the key of the configured remote service. */
  async deleteKey(): Promise<KeyStatusView> {
    const baseUrl = await this.#remoteBaseUrl('keys.delete');
    return { baseUrl, ...this.#keys.delete(baseUrl) };
  }

  async #remoteBaseUrl(channel: string): Promise<string> {
    const baseUrl = (await this.#deps.settings()).remoteBaseUrl;
    if (baseUrl === null) {
      throw contractError('invalid-request', channel, 'No remote service is configured, so there is nothing to keep a key for', 'Enter the remote service base URL under Data source and save it first.');
    }
    return baseUrl;
  }
}
