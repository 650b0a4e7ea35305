import { mkdir } from 'node:fs/promises';
import type { Health } from '../../../shared/contract/channels.ts';
import type { Settings } from '../../../shared/settings.ts';
import { MarketDataClient } from '../client/market-data-client.ts';
import type { FolderContents } from '../../server/store/directory-store.ts';
import { libraryHealth, libraryHealthOf } from './library-health.ts';
import { probeHealth, type DataSourceTarget } from './probe-health.ts';

/** A running embedded local service, wherever it runs (a thread of its own in the app). */
export interface EmbeddedHandle {
  /** Base URL of the local service. */
  readonly baseUrl: string;
  /** Stops the service. */
  close(): Promise<void>;
}

/** The embedded service over the library folder, with the folder's index. */
export interface LibraryService {
  /** Base URL of the local service. */
  readonly baseUrl: string;
  /** The folder's index: rescanned when the library changes. */
  readonly directory: { scan(): Promise<void>; contents(): FolderContents };
  /** Stops the service. */
  close(): Promise<void>;
}

/** What the data-source manager needs from its surroundings. */
export interface DataSourceDeps {
  /** Reads the current settings. */
  settings: () => Promise<Settings>;
  /** Starts the embedded demo service (called at most once while it runs). */
  startEmbedded: () => Promise<EmbeddedHandle>;
  /** Starts the embedded service over a library folder (called at most once per folder while it runs). */
  startLibrary: (root: string) => Promise<LibraryService>;
  /** The library folder the settings select (`libraryRootOf` with the user-data folder). */
  libraryRoot: (settings: Settings) => string;
  /** Receives every health measurement that differs in status or message from the last. */
  onHealth: (health: Health) => void;
  /**
   * How old the library's index may get before a health check reads the folder again (files
   * written by another process, `mde download` or the public tool, show up within this); 60 s by default.
   */
  libraryRescanMs?: number;
  /** Timeout of one health probe. */
  probeTimeoutMs?: number;
  /** The clock of `checkedAt` and of the probe's latency. */
  now?: () => number;
}

/** The local service that runs now: at most one, the demo's or the library's. */
type Running =
  | { kind: 'embedded'; service: Promise<EmbeddedHandle> }
  | { kind: 'library'; root: string; setting: string | null; service: Promise<LibraryService>; scannedAt: number };

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Owns the active data source: starts the local service the settings select (the simulated demo,
 * or the library folder offline), stops the one they no longer select, resolves the base URL the
 * client should use, and measures health on request and on a timer. At most one local service
 * runs at a time, so switching back and forth leaks no server and no worker.
 */
export class DataSourceManager {
  readonly #deps: DataSourceDeps;
  #running: Running | null = null;
  /** Every change of the running service happens in this chain, one at a time. */
  #chain: Promise<unknown> = Promise.resolve();
  #last: Health | null = null;
  #timer: NodeJS.Timeout | null = null;
  /** The probing client of the last base URL probed: no key, since `/health` and `/count` are public. */
  #probe: { baseUrl: string; client: MarketDataClient } | null = null;
  /** What the last answer of a remote said of its data (`x-mde-simulated`), kept while it is down. */
  #remoteSimulated: { baseUrl: string; simulated: boolean } | null = null;

  constructor(deps: DataSourceDeps) {
    this.#deps = deps;
  }

  /** Where requests go now; starts the local service of the active source (and stops another). */
  target(): Promise<DataSourceTarget> {
    return this.#serially(async () => this.#reconcile(await this.#deps.settings()));
  }

  #serially<T>(step: () => Promise<T>): Promise<T> {
    const result = this.#chain.then(step);
    this.#chain = result.catch(() => undefined);
    return result;
  }

  async #reconcile(settings: Settings): Promise<DataSourceTarget> {
    if (settings.dataSource === 'remote' && settings.remoteBaseUrl !== null) {
      await this.#stop();
      // A remote is simulated when its last answer said so (the app's own demo served as a remote).
      const said = this.#remoteSimulated;
      return { dataSource: 'remote', baseUrl: settings.remoteBaseUrl, simulated: said !== null && said.baseUrl === settings.remoteBaseUrl && said.simulated };
    }
    if (settings.dataSource === 'library') {
      const root = this.#deps.libraryRoot(settings);
      if (this.#running?.kind !== 'library' || this.#running.root !== root) {
        await this.#stop();
        this.#running = { kind: 'library', root, setting: settings.libraryRoot, service: this.#startLibrary(root, settings.libraryRoot === null), scannedAt: this.#now() };
      }
      const service = await this.#started(this.#running.service);
      return { dataSource: 'library', baseUrl: service.baseUrl, simulated: false };
    }
    if (this.#running?.kind !== 'embedded') {
      await this.#stop();
      this.#running = { kind: 'embedded', service: this.#deps.startEmbedded() };
    }
    const service = await this.#started(this.#running.service);
    return { dataSource: 'embedded', baseUrl: service.baseUrl, simulated: true };
  }

  async #startLibrary(root: string, isDefault: boolean): Promise<LibraryService> {
    // The default folder is the app's own, so it is made on first use; a folder the user chose
    // is never created here (a typo or an unmounted drive should say so, not fill a new folder).
    if (isDefault) await mkdir(root, { recursive: true });
    return this.#deps.startLibrary(root);
  }

  /** Awaits a start; a failed start is forgotten so the next call tries again. */
  async #started<T>(service: Promise<T>): Promise<T> {
    try {
      return await service;
    } catch (error) {
      this.#running = null;
      throw error;
    }
  }

  async #stop(): Promise<void> {
    const running = this.#running;
    this.#running = null;
    if (running === null) return;
    const service: Promise<{ close(): Promise<void> } | null> = running.service.catch(() => null);
    await (await service)?.close();
  }

  /** Measures health now and publishes it when it changed. */
  async checkHealth(): Promise<Health> {
    let health: Health;
    try {
      const target = await this.target();
      health = await probeHealth(target, this.#probeClient(target.baseUrl), this.#probeOptions());
      if (target.dataSource === 'library') health = await this.#withLibrary(health);
      if (target.dataSource === 'remote' && health.status === 'ok') this.#remoteSimulated = { baseUrl: target.baseUrl, simulated: health.simulated };
    } catch (error) {
      const settings = await this.#deps.settings();
      const root = this.#deps.libraryRoot(settings);
      const library = settings.dataSource === 'library';
      health = {
        dataSource: settings.dataSource,
        baseUrl: null,
        status: 'down',
        simulated: settings.dataSource === 'embedded',
        latencyMs: null,
        checkedAt: this.#now(),
        message: `${library ? `The library service (${root})` : 'Embedded service'} failed to start: ${errorText(error)}`,
        // Which folder failed, so the renderer knows this report is about the library it selected.
        ...(library ? { library: { setting: settings.libraryRoot, root, exists: false, files: 0, datasets: 0, bytes: 0 } } : {}),
      };
    }
    const previous = this.#last;
    this.#last = health;
    if (
      previous === null ||
      previous.status !== health.status ||
      previous.message !== health.message ||
      previous.simulated !== health.simulated ||
      previous.baseUrl !== health.baseUrl ||
      previous.dataSource !== health.dataSource ||
      previous.library?.root !== health.library?.root
    ) {
      this.#deps.onHealth(health);
    }
    return health;
  }

  async #withLibrary(probed: Health): Promise<Health> {
    const running = this.#running;
    if (running?.kind !== 'library') return probed;
    const library = await running.service;
    // A missing or empty folder costs nothing to read again, so one made or filled by hand shows
    // up at once; a full one is read again once its index is older than `libraryRescanMs`.
    const before = library.directory.contents();
    if (!before.exists || before.files === 0 || this.#now() - running.scannedAt >= (this.#deps.libraryRescanMs ?? 60_000)) {
      running.scannedAt = this.#now();
      await library.directory.scan();
    }
    const contents = library.directory.contents();
    return libraryHealth(probed, libraryHealthOf(running.setting, running.root, contents), contents);
  }

  /**
   * The library folder changed (a download landed, a file was deleted): the library service
   * reads the folder again and the new health is published. Queries under way are not disturbed;
   * decoded hours of unchanged files stay cached. Does nothing when the library is not active.
   */
  async libraryChanged(): Promise<void> {
    const running = this.#running;
    if (running?.kind !== 'library') return;
    const library = await running.service.catch(() => null);
    if (library === null) return;
    running.scannedAt = this.#now();
    await library.directory.scan();
    await this.checkHealth();
  }

  #now(): number {
    return (this.#deps.now ?? Date.now)();
  }

  #probeClient(baseUrl: string): MarketDataClient {
    if (this.#probe?.baseUrl !== baseUrl) {
      const client = new MarketDataClient(this.#deps.now === undefined ? { baseUrl } : { baseUrl, now: this.#deps.now });
      this.#probe = { baseUrl, client };
    }
    return this.#probe.client;
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

  /** Stops the monitor and the local service. */
  async close(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    await this.#serially(() => this.#stop());
  }
}
