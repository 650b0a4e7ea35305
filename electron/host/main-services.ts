import { randomBytes } from 'node:crypto';
import { arch, platform } from 'node:os';
import type { AppInfo } from '../../shared/contract/channels.ts';
import type { ContractHandlers } from './contract/handlers.ts';
import { EventHub } from './contract/event-hub.ts';
import { appName, appVersion } from '../base/app-version.ts';
import { bookReplayHandlers } from './book/book-replay-handlers.ts';
import { FileGrants } from './files/file-grants.ts';
import { fileHandlers, type FilePicker } from './files/file-handlers.ts';
import { createFileViews } from './file-view/file-view-handlers.ts';
import { DataSourceManager } from './data-source/data-source-manager.ts';
import { downloadClientOf } from './downloads/download-client.ts';
import { createDownloadServices } from './downloads/download-services.ts';
import { exportHandlers } from './export/export-handlers.ts';
import { defaultDemoSeed, demoDataDir } from '../server/embedded-service.ts';
import { startEmbeddedServiceThread } from '../server/embedded-thread.ts';
import { libraryRootOf } from './library/library-root.ts';
import { marketHandlers } from './market/market-handlers.ts';
import { researchHandlers } from './research/research-handlers.ts';
import { ServiceAccess } from './service-access.ts';
import { SettingsStore } from './settings/settings-store.ts';
import { StateNoticeBoard } from './state/state-notice-board.ts';

/** How the main-side services are hosted. */
export interface MainServicesOptions {
  userDataDir: string;
  mode: AppInfo['mode'];
  electronVersion?: string | null;
  /** Health re-check period; 0 disables the timer (tests). */
  healthIntervalMs?: number;
  /** The host's native open dialog for `files.pick`; the Electron shell provides it. */
  pickFiles?: FilePicker;
  /** Told after the snapshot library changed on disk (a download landed, files were deleted). */
  onLibraryChanged?: () => void;
  /** Where a state file set aside is logged (the console by default). */
  logStateNotice?: (line: string) => void;
  /** Build the demo's busy market's last whole day ahead, when the app has been idle a while (the app's host; off in tests). */
  pregenerateDemo?: boolean;
}

/** The main process's services, wired together, with the contract handlers over them. */
export interface MainServices {
  readonly handlers: ContractHandlers;
  readonly events: EventHub;
  readonly settings: SettingsStore;
  readonly dataSource: DataSourceManager;
  /** Files the renderer may use by id; the library (F9) grants its downloads here with `'library'`. */
  readonly files: FileGrants;
  /** Stops timers and servers. */
  close(): Promise<void>;
}

/** How many recently viewed markets have their live demo hour generated at start. */
const recentWarmed = 3;

/** `source/market` keys as markets (the source is up to the first `/`; a market may contain more). */
function marketsOfKeys(keys: readonly string[]): { source: string; market: string }[] {
  return keys.flatMap((key) => {
    const slash = key.indexOf('/');
    return slash <= 0 ? [] : [{ source: key.slice(0, slash), market: key.slice(slash + 1) }];
  });
}

/**
 * Creates every main-side service. Plain Node: the Electron shell and browser mode both call
 * this and only differ in the transport they put in front of `handlers`.
 */
export function createMainServices(options: MainServicesOptions): MainServices {
  const events = new EventHub();
  const notices = new StateNoticeBoard(options.logStateNotice);
  const settings = new SettingsStore(
    options.userDataDir,
    (next) => {
      events.emit('settings.changed', next);
      void dataSource.checkHealth();
    },
    { onNotice: (notice) => notices.add(notice) },
  );
  // The embedded services (the demo and the library) accept one key, made fresh for each run; the
  // main process sends it so that their whole history can be shown. The renderer never sees it.
  const demoKey = randomBytes(24).toString('base64url');
  const dataSource = new DataSourceManager({
    settings: () => settings.get(),
    // The local service runs in a thread of its own: its work never holds up the calls answered here.
    startEmbedded: async () =>
      startEmbeddedServiceThread({
        data: { kind: 'demo', dataDir: demoDataDir(options.userDataDir), seed: defaultDemoSeed },
        keys: [{ key: demoKey, tier: 'paid' }],
        warm: true,
        // The markets viewed last are likely opened first: their live hours are generated at once.
        warmFirst: marketsOfKeys((await settings.get()).markets.recent.slice(0, recentWarmed)),
        // Recent ranges (the Events view's last ten minutes) then find the live hours on disk.
        keepLiveFresh: true,
        // The busy market's last whole day is built ahead while the app is idle: its manifest and replays find it on disk.
        pregenerate: options.pregenerateDemo === true,
      }),
    startLibrary: async (root) => {
      const service = await startEmbeddedServiceThread({ data: { kind: 'directory', root }, keys: [{ key: demoKey, tier: 'paid' }] });
      if (service.directory === null) throw new Error('The library service started without its folder index');
      return { baseUrl: service.baseUrl, directory: service.directory, close: () => service.close() };
    },
    libraryRoot: (current) => libraryRootOf(current, options.userDataDir),
    onHealth: (health) => events.emit('health.changed', health),
  });
  const interval = options.healthIntervalMs ?? 15_000;
  if (interval > 0) dataSource.startMonitor(interval);

  const appInfo: AppInfo = {
    name: appName,
    version: appVersion,
    mode: options.mode,
    platform: `${platform()}-${arch()}`,
    electronVersion: options.electronVersion ?? null,
    nodeVersion: process.versions.node,
    userDataDir: options.userDataDir,
  };

  const access = new ServiceAccess({
    target: () => dataSource.target(),
    settings: () => settings.get(),
    demoKey,
    onUsage: (usage) => events.emit('usage.changed', usage),
  });

  const files = new FileGrants();
  const fileViews = createFileViews(events, files);
  // A granted file is usually opened next: the viewer's worker starts meanwhile.
  files.onGranted(() => fileViews.warm());
  const downloads = createDownloadServices({
    userDataDir: options.userDataDir,
    libraryRoot: async () => (await settings.get()).libraryRoot,
    clientOf: () => downloadClientOf(() => settings.get(), async () => (await access.client()).client),
    hasKey: () => access.hasKey(),
    grants: files,
    onQueue: (queue) => events.emit('downloads.changed', queue),
    onNotice: (notice) => notices.add(notice),
    onLibrary: (index) => events.emit('library.changed', index),
    // The library source reads the folder again, so what landed or went is served (and counted) at once.
    onLibraryChanged: () => {
      void dataSource.libraryChanged();
      options.onLibraryChanged?.();
    },
  });
  const exports = exportHandlers({ events, files, libraryRoot: async () => libraryRootOf(await settings.get(), options.userDataDir) });
  const { close: closeResearch, ...research } = researchHandlers({
    events,
    files,
    access: { clientOf: () => access.client(), hasKey: () => access.hasKey() },
    libraryRoot: async () => libraryRootOf(await settings.get(), options.userDataDir),
  });
  const handlers: ContractHandlers = {
    'app.info': () => Promise.resolve(appInfo),
    // After the state files have been read at start (settings, the download journal), so the
    // window hears of anything set aside however early it asks.
    'app.notices': async () => {
      await settings.get().catch(() => undefined);
      await downloads.ready;
      await downloads.library.readCounts();
      return { notices: notices.list() };
    },
    'settings.get': () => settings.get(),
    'settings.update': (patch) => settings.update(patch),
    'health.check': () => dataSource.checkHealth(),
    'catalog.markets': () => access.catalog(),
    'keys.status': () => access.keyStatus(),
    'keys.set': ({ key }) => access.setKey(key),
    'keys.delete': () => access.deleteKey(),
    'usage.get': () => access.usage(),
    ...fileHandlers(files, { mode: options.mode, pickFiles: options.pickFiles ?? null }),
    ...marketHandlers(() => access.client(), events),
    ...bookReplayHandlers(events, files, {
      market: {
        clientOf: () => access.client(),
        hasKey: () => access.hasKey(),
        hourFiles: { enqueue: (request) => downloads.queue.enqueue(request), settled: (key) => downloads.queue.settled(key), pathOf: (key) => downloads.library.pathOf(key) },
      },
    }),
    ...fileViews.handlers,
    ...downloads.handlers,
    'export.start': exports['export.start'],
    'export.cancel': exports['export.cancel'],
    ...research,
  };

  return {
    handlers,
    events,
    settings,
    dataSource,
    files,
    close: async () => {
      closeResearch();
      await Promise.all([dataSource.close(), fileViews.close(), downloads.close(), exports.close()]);
    },
  };
}
