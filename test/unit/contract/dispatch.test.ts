import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract/errors.ts';
import { defaultSettings } from '../../../shared/settings.ts';
import { dispatch } from '../../../electron/host/contract/dispatch.ts';
import type { ContractHandlers } from '../../../electron/host/contract/handlers.ts';
import { unusedMarketHandlers } from '../../support/unused-market-handlers.ts';
import { unusedFileViewHandlers } from '../../support/unused-file-view-handlers.ts';
import { unusedLibraryHandlers } from '../../support/unused-library-handlers.ts';
import { unusedResearchHandlers } from '../../support/unused-research-handlers.ts';

const handlers: ContractHandlers = {
  'app.info': () =>
    Promise.resolve({
      name: 'Market Data Explorer',
      version: '0.0.0',
      mode: 'browser',
      platform: 'linux-x64',
      electronVersion: null,
      nodeVersion: '20',
      userDataDir: '/tmp/x',
    }),
  'app.notices': () => Promise.resolve({ notices: [] }),
  'settings.get': () => Promise.resolve(defaultSettings),
  'settings.update': (patch) => Promise.resolve({ ...defaultSettings, ...(patch.dataSource ? { dataSource: patch.dataSource } : {}) }),
  'health.check': () => Promise.reject(new Error('probe exploded')),
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
  'catalog.markets': () => Promise.resolve({ markets: [], warnings: [], updatedAt: '2026-11-20T00:00:00Z', simulated: true }),
  'keys.status': () => Promise.resolve({ baseUrl: null, hasKey: false, last4: null, storage: 'keychain', warning: null }),
  'keys.set': ({ key }) => Promise.resolve({ baseUrl: 'https://api.example.com', hasKey: true, last4: key.slice(-4), storage: 'keychain', warning: null }),
  'keys.delete': () => Promise.resolve({ baseUrl: 'https://api.example.com', hasKey: false, last4: null, storage: 'keychain', warning: null }),
  'usage.get': () => Promise.resolve({ baseUrl: null, rateLimit: null, monthly: null, observedAt: null }),
  ...unusedMarketHandlers,
};

describe('dispatch validates every incoming call', () => {
  it('runs a valid call and returns its value', async () => {
    const result = await dispatch(handlers, 'settings.get', undefined);
    expect(result).toEqual({ ok: true, value: defaultSettings });
  });

  it.each([
    ['a channel that does not exist', 'settings.delete', undefined, 'unknown-channel'],
    ['a non-string channel', 42, undefined, 'unknown-channel'],
    ['a prototype key as channel', '__proto__', undefined, 'unknown-channel'],
    ['input where none is taken', 'settings.get', { x: 1 }, 'invalid-request'],
    ['a patch with a wrong type', 'settings.update', { dataSource: 'mars' }, 'invalid-request'],
    ['a patch with an unknown key', 'settings.update', { apiKey: 'secret' }, 'invalid-request'],
    ['a patch that is not an object', 'settings.update', 'embedded', 'invalid-request'],
    ['a base URL with credentials', 'settings.update', { remoteBaseUrl: 'https://u:p@host' }, 'invalid-request'],
    ['an empty API key', 'keys.set', { key: '' }, 'invalid-request'],
    ['an API key that is not a string', 'keys.set', { key: 12345 }, 'invalid-request'],
  ])('rejects %s with a typed error', async (_name, channel, input, kind) => {
    const result = await dispatch(handlers, channel, input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe(kind);
    expect(result.error.message.length).toBeGreaterThan(10);
    expect(result.error.resolution.length).toBeGreaterThan(10);
  });

  it('names the offending field of an invalid input', async () => {
    const result = await dispatch(handlers, 'settings.update', { ui: { density: 'huge' } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.issues?.[0]?.path).toBe('ui.density');
    expect(result.error.message).toContain('ui.density');
  });

  it.each([
    ['no file ids', { fileIds: [] }, 'fileIds'],
    ['an empty file id', { fileIds: [''] }, 'fileIds.0'],
    ['paths instead of file ids', { paths: ['/data/a.jsonl.zst'] }, 'fileIds'],
    ['a fractional depth', { fileIds: ['f-1'], depth: 2.5 }, 'depth'],
    ['a zero depth', { fileIds: ['f-1'], depth: 0 }, 'depth'],
    ['a negative band', { fileIds: ['f-1'], bandBps: -1 }, 'bandBps'],
  ])('rejects book.replayFiles with %s', async (_name, input, path) => {
    const result = await dispatch(handlers, 'book.replayFiles', input);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request', channel: 'book.replayFiles' } });
    if (!result.ok) expect(result.error.issues?.map((issue) => issue.path)).toContain(path);
  });

  const marketReplay = { source: 'hyperliquid', market: 'BTC', start: 1_700_000_000_000, end: 1_700_000_060_000, rows: 'l2-updates' };

  it('accepts a well-formed book.replayMarket', async () => {
    expect(await dispatch(handlers, 'book.replayMarket', { ...marketReplay, instrument: 'BTC', depth: 10, bandBps: 5 })).toEqual({ ok: true, value: { replayId: 'r-2', readFrom: { kind: 'pages', path: '/l2-orderbooks', why: 'a test' } } });
  });

  it.each([
    ['no source', { ...marketReplay, source: undefined }, 'source'],
    ['an empty market', { ...marketReplay, market: '' }, 'market'],
    ['an empty instrument', { ...marketReplay, instrument: '' }, 'instrument'],
    ['no start', { ...marketReplay, start: undefined }, 'start'],
    ['a fractional end', { ...marketReplay, end: 1.5 }, 'end'],
    ['an ISO start', { ...marketReplay, start: '2024-03-10T07:00:00Z' }, 'start'],
    ['an end before start', { ...marketReplay, end: marketReplay.start - 1 }, 'end'],
    ['an unknown row kind', { ...marketReplay, rows: 'l2-snapshots' }, 'rows'],
    ['no row kind', { ...marketReplay, rows: undefined }, 'rows'],
    ['a zero depth', { ...marketReplay, depth: 0 }, 'depth'],
    ['a negative band', { ...marketReplay, bandBps: -1 }, 'bandBps'],
  ])('rejects book.replayMarket with %s', async (_name, input, path) => {
    const result = await dispatch(handlers, 'book.replayMarket', input);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request', channel: 'book.replayMarket' } });
    if (!result.ok) expect(result.error.issues?.map((issue) => issue.path)).toContain(path);
  });

  const crossCheck = { source: 'hyperliquid', market: 'BTC', start: 1_700_000_000_000, end: 1_700_000_060_000, local: { kind: 'l2-updates' } };

  it('accepts a well-formed book.crossCheck', async () => {
    const files = { ...crossCheck, local: { kind: 'files', fileIds: ['f-1'] }, levels: 10, maxDifferences: 100 };
    expect(await dispatch(handlers, 'book.crossCheck', files)).toMatchObject({ ok: true, value: { checkId: 'c-1' } });
  });

  it.each([
    ['no local side', { ...crossCheck, local: undefined }, 'local'],
    ['an unknown local kind', { ...crossCheck, local: { kind: 'l2-orderbooks' } }, 'local.kind'],
    ['files without ids', { ...crossCheck, local: { kind: 'files', fileIds: [] } }, 'local.fileIds'],
    ['an end before start', { ...crossCheck, end: crossCheck.start - 1 }, 'end'],
    ['more levels than the service books hold', { ...crossCheck, levels: 26 }, 'levels'],
    ['a zero difference cap', { ...crossCheck, maxDifferences: 0 }, 'maxDifferences'],
  ])('rejects book.crossCheck with %s', async (_name, input, path) => {
    const result = await dispatch(handlers, 'book.crossCheck', input);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request', channel: 'book.crossCheck' } });
    if (!result.ok) expect(result.error.issues?.map((issue) => issue.path)).toContain(path);
  });

  it('turns a handler crash into an internal error value and logs it', async () => {
    const logged: string[] = [];
    const result = await dispatch(handlers, 'health.check', undefined, (message) => logged.push(message));
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal', channel: 'health.check' } });
    if (!result.ok) expect(result.error.message).toContain('probe exploded');
    expect(logged).toEqual(['contract channel health.check failed']);
  });

  it('passes a ContractError through with its kind and resolution', async () => {
    const failing: ContractHandlers = {
      ...handlers,
      'settings.get': () =>
        Promise.reject(new ContractError({ kind: 'not-found', message: 'gone', resolution: 'look elsewhere', channel: null })),
    };
    const result = await dispatch(failing, 'settings.get', undefined);
    expect(result).toEqual({
      ok: false,
      error: { kind: 'not-found', message: 'gone', resolution: 'look elsewhere', channel: 'settings.get' },
    });
  });
});
