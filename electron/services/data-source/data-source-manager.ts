import type { Health } from '../../../shared/contract/channels.ts';
import type { Settings } from '../../../shared/settings.ts';
import { MarketDataClient } from '../client/market-data-client.ts';
import type { LocalService } from '../local-service/local-service.ts';
import { probeHealth, type DataSourceTarget } from './probe-health.ts';

/** What the data-source manager needs from its surroundings. */
export interface DataSourceDeps {
  /** Reads the current settings. */
  settings: () => Promise<Settings>;
  /** Starts the embedded local service (called at most once while it runs). */
  startEmbedded: () => Promise<LocalService>;
  /** Receives every health measurement that differs in status or message from the last. */
  onHealth: (health: Health) => void;
  /** Timeout of one health probe. */
  probeTimeoutMs?: number;
  /** The clock of `checkedAt` and of the probe's latency. */
  now?: () => number;
}

/**
 * Owns the active data source: starts the embedded service on demand, resolves the base URL the
 * client should use, and measures health on request and on a timer.
 */
export class DataSourceManager {
  readonly #deps: DataSourceDeps;
  #embedded: Promise<LocalService> | null = null;
  #last: Health | null = null;
  #timer: NodeJS.Timeout | null = null;
  /** One probing client per base URL: no key, since `/health` and `/count` are public. */
  readonly #probes = new Map<string, MarketDataClient>();

  constructor(deps: DataSourceDeps) {
    this.#deps = deps;
  }

  /** Where requests go now; starts the embedded service when it is the active source. */
  async target(): Promise<DataSourceTarget> {
    const settings = await this.#deps.settings();
    if (settings.dataSource === 'remote' && settings.remoteBaseUrl !== null) {
      return { dataSource: 'remote', baseUrl: settings.remoteBaseUrl, simulated: false };
    }
    this.#embedded ??= this.#deps.startEmbedded().catch((error: unknown) => {
      this.#embedded = null;
      throw error;
    });
    const service = await this.#embedded;
    return { dataSource: 'embedded', baseUrl: service.baseUrl, simulated: true };
  }

  /** Measures health now and publishes it when it changed. */
  async checkHealth(): Promise<Health> {
    let health: Health;
    try {
      const target = await this.target();
      health = await probeHealth(target, this.#probeClient(target.baseUrl), this.#probeOptions());
    } catch (error) {
      const settings = await this.#deps.settings();
      health = {
        dataSource: settings.dataSource,
        baseUrl: null,
        status: 'down',
        simulated: settings.dataSource === 'embedded',
        latencyMs: null,
        checkedAt: (this.#deps.now ?? Date.now)(),
        message: `Embedded service failed to start: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    const previous = this.#last;
    this.#last = health;
    if (
      previous === null ||
      previous.status !== health.status ||
      previous.message !== health.message ||
      previous.baseUrl !== health.baseUrl
    ) {
      this.#deps.onHealth(health);
    }
    return health;
  }

  #probeClient(baseUrl: string): MarketDataClient {
    let client = this.#probes.get(baseUrl);
    if (client === undefined) {
      client = new MarketDataClient(this.#deps.now === undefined ? { baseUrl } : { baseUrl, now: this.#deps.now });
      this.#probes.set(baseUrl, client);
    }
    return client;
  }

  #probeOptions(): { timeoutMs?: number; now?: () => number } {
    const { probeTimeoutMs, now } = this.#deps;
    return { ...(probeTimeoutMs === undefined ? {} : { timeoutMs: probeTimeoutMs }), ...(now === undefined ? {} : { now }) };
  }

  /** The last measurement, if any. */
  get lastHealth(): Health | null {
    return this.#last;
  }

  /** Re-measures health every `intervalMs` until `close()`. */
  startMonitor(intervalMs: number): void {
    this.#timer ??= setInterval(() => void this.checkHealth(), intervalMs);
    this.#timer.unref();
  }

  /** Stops the monitor and the embedded service. */
  async close(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    const embedded = this.#embedded;
    this.#embedded = null;
    if (embedded !== null) await (await embedded.catch(() => null))?.close();
  }
}
