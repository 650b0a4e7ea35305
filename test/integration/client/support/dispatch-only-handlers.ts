import { defaultSettings } from '../../../../shared/settings.ts';
import type { ContractHandlers } from '../../../../electron/host/contract/handlers.ts';
import { unusedMarketHandlers } from '../../../support/unused-market-handlers.ts';
import { unusedFileViewHandlers } from '../../../support/unused-file-view-handlers.ts';
import { unusedLibraryHandlers } from '../../../support/unused-library-handlers.ts';
import { unusedResearchHandlers } from '../../../support/unused-research-handlers.ts';

/** Contract handlers with fixed answers, for tests that replace the one channel they exercise. */
export const dispatchOnlyHandlers: ContractHandlers = {
  'app.info': () =>
    Promise.resolve({ name: 'Market Data Explorer', version: '0.0.0', mode: 'browser', platform: 'linux-x64', electronVersion: null, nodeVersion: '20', userDataDir: '/tmp/x' }),
  'app.notices': () => Promise.resolve({ notices: [] }),
  'settings.get': () => Promise.resolve(defaultSettings),
  'settings.update': () => Promise.resolve(defaultSettings),
  'health.check': () =>
    Promise.resolve({ dataSource: 'remote', baseUrl: null, status: 'ok', simulated: false, latencyMs: 1, checkedAt: 0, message: 'Connected in 1 ms' }),
  'catalog.markets': () => Promise.resolve({ markets: [], warnings: [], updatedAt: '2026-11-20T00:00:00Z', simulated: false }),
  'keys.status': () => Promise.resolve({ baseUrl: null, hasKey: false, last4: null, storage: 'keychain', warning: null }),
  'keys.set': () => Promise.resolve({ baseUrl: null, hasKey: false, last4: null, storage: 'keychain', warning: null }),
  'keys.delete': () => Promise.resolve({ baseUrl: null, hasKey: false, last4: null, storage: 'keychain', warning: null }),
  'usage.get': () => Promise.resolve({ baseUrl: null, rateLimit: null, monthly: null, observedAt: null }),
  ...unusedMarketHandlers,
  'book.replayFiles': () => Promise.resolve({ replayId: 'r-1' }),
  'book.replayMarket': () => Promise.resolve({ replayId: 'r-2', readFrom: { kind: 'pages', path: '/l2-orderbooks', why: 'a test' } }),
  'book.crossCheck': () => Promise.resolve({ checkId: 'c-1', serverReplayId: 'r-3', localReplayId: 'r-4' }),
  'book.cancel': () => Promise.resolve({ cancelled: false }),
  'book.window': () => Promise.resolve({ total: 0, anchor: -1, strideMs: 0, chunk: { depth: 1, capacity: 1, count: 0, buffer: new ArrayBuffer(0) }, indices: new ArrayBuffer(0), clocks: new ArrayBuffer(0) }),
  'book.sampled': () => Promise.resolve({ total: 0, anchor: -1, strideMs: 1, chunk: { depth: 1, capacity: 1, count: 0, buffer: new ArrayBuffer(0) }, indices: new ArrayBuffer(0), clocks: new ArrayBuffer(0) }),
  'book.latency': () => Promise.resolve({ t0: 0, columnMs: 1, known: [], unknown: [], p50: [], p99: [], max: [] }),
  'book.tiles': () => Promise.resolve({ tiles: [] }),
  'book.trades': () => Promise.resolve({ total: 0, time: new ArrayBuffer(0), price: new ArrayBuffer(0), quantity: new ArrayBuffer(0), side: new ArrayBuffer(0) }),
  'book.release': () => Promise.resolve({ released: false }),
  'files.pick': () => Promise.resolve({ files: [] }),
  'files.grantPath': () => Promise.resolve({ files: [] }),
  'files.grantDropped': () => Promise.resolve({ files: [] }),
  ...unusedFileViewHandlers,
  ...unusedLibraryHandlers,
  ...unusedResearchHandlers,
};
