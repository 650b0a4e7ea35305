import { describe, expect, it } from 'vitest';
import type { Health, LibraryHealth } from '../../../shared/contract/channels.ts';
import { defaultSettings, type Settings } from '../../../shared/settings.ts';
import { healthDescribes, libraryContentsChanged, sourceIdentityOf } from '../../../renderer/src/hooks/source-identity.ts';
import { sourceBadge, sourceLabel } from '../../../renderer/src/components/source-label.ts';
import { dataSourcePatch, defaultLibraryRootShown } from '../../../renderer/src/views/settings/data-source-form.ts';

// How the renderer names the active source: the identity its queries are filed under (caches of
// two sources never mix), which health report is current, the status bar's words, and the patch
// Settings saves.

const demo: Settings = { ...defaultSettings };
const remote: Settings = { ...defaultSettings, dataSource: 'remote', remoteBaseUrl: 'https://api.example.com' };
const libraryDefault: Settings = { ...defaultSettings, dataSource: 'library', libraryRoot: null };
const libraryAt = (root: string): Settings => ({ ...defaultSettings, dataSource: 'library', libraryRoot: root });

const library = (extra: Partial<LibraryHealth> = {}): LibraryHealth => ({ setting: '/data/md', root: '/data/md', exists: true, files: 12, datasets: 2, bytes: 1234, ...extra });
const report = (extra: Partial<Health> = {}): Health => ({ dataSource: 'library', baseUrl: 'http://127.0.0.1:4000', status: 'ok', simulated: false, latencyMs: 1, checkedAt: 0, message: '', library: library(), ...extra });

describe('source identity', () => {
  it('is distinct for the demo, each remote, the default library and each library folder', () => {
    const names = [demo, remote, { ...remote, remoteBaseUrl: 'https://other.example.com' }, libraryDefault, libraryAt('/data/md'), libraryAt('/data/other')].map(sourceIdentityOf);
    expect(new Set(names).size).toBe(names.length);
    expect(sourceIdentityOf(libraryAt('/data/md'))).toBe('library:/data/md');
  });

  it('a report describes the library only for the folder it was measured on', () => {
    expect(healthDescribes(report(), libraryAt('/data/md'))).toBe(true);
    expect(healthDescribes(report(), libraryAt('/data/other'))).toBe(false);
    expect(healthDescribes(report(), libraryDefault)).toBe(false);
    expect(healthDescribes(report({ library: library({ setting: null, root: '/u/library' }) }), libraryDefault)).toBe(true);
    expect(healthDescribes(report({ dataSource: 'embedded', simulated: true, library: null }), libraryAt('/data/md'))).toBe(false);
    expect(healthDescribes(report(), demo)).toBe(false);
    expect(healthDescribes(report({ dataSource: 'remote', baseUrl: 'https://api.example.com', library: null }), remote)).toBe(true);
  });

  it('a library that gained or lost files counts as changed; another folder or no library does not', () => {
    expect(libraryContentsChanged(report(), report({ library: library({ files: 13 }) }))).toBe(true);
    expect(libraryContentsChanged(report(), report({ library: library({ datasets: 3 }) }))).toBe(true);
    expect(libraryContentsChanged(report(), report({ checkedAt: 5 }))).toBe(false);
    expect(libraryContentsChanged(report(), report({ library: library({ root: '/x', files: 1 }) }))).toBe(false);
    expect(libraryContentsChanged(report({ library: null }), report())).toBe(false);
  });
});

describe('the status bar names the source plainly', () => {
  it('says demo, remote host, or library with its files', () => {
    expect(sourceLabel(demo, undefined)).toBe('Demo · simulated data');
    expect(sourceLabel({ ...remote, remoteBaseUrl: 'https://api.example.com:8443/v1' }, undefined)).toBe('Remote · api.example.com:8443');
    expect(sourceLabel(libraryAt('/data/md'), report())).toBe('Library · offline · 12 files');
    expect(sourceLabel(libraryAt('/data/md'), report({ library: library({ files: 1 }) }))).toBe('Library · offline · 1 file');
    expect(sourceLabel(libraryAt('/data/md'), report({ library: library({ files: 0, datasets: 0 }) }))).toBe('Library · offline · empty');
    expect(sourceLabel(libraryAt('/data/md'), report({ status: 'degraded', library: library({ exists: false, files: 0 }) }))).toBe('Library · offline · folder missing');
    expect(sourceLabel(libraryAt('/data/md'), report({ status: 'down' }))).toBe('Library · offline · not running');
    expect(sourceLabel(libraryAt('/data/md'), undefined)).toBe('Library · offline');
  });
});

describe('the top bar’s badge follows the source and its health (F14 point 10)', () => {
  const remoteHealth = (extra: Partial<Health> = {}): Health => report({ dataSource: 'remote', baseUrl: 'https://api.example.com', library: null, ...extra });

  it('says SIMULATED for any source whose data is simulated: the demo, and a remote whose /health says so', () => {
    expect(sourceBadge(demo, report({ dataSource: 'embedded', simulated: true, library: null }))).toMatchObject({ text: 'SIMULATED DATA · Embedded demo', tone: 'simulated' });
    expect(sourceBadge(remote, remoteHealth({ simulated: true }))).toMatchObject({ text: 'SIMULATED DATA · api.example.com', tone: 'simulated' });
    expect(sourceBadge(remote, remoteHealth())).toMatchObject({ text: 'LIVE SERVICE · api.example.com', tone: 'live' });
    expect(sourceLabel(remote, remoteHealth({ simulated: true }))).toBe('Remote · api.example.com · simulated data');
  });

  it('is never green for a service that is down or not yet measured, and says why', () => {
    const down = sourceBadge(remote, remoteHealth({ status: 'down', message: 'Unreachable: connect ECONNREFUSED' }));
    expect(down).toMatchObject({ text: 'SERVICE DOWN · api.example.com', tone: 'down' });
    expect(down.title).toContain('Unreachable: connect ECONNREFUSED');
    expect(sourceBadge(remote, remoteHealth({ status: 'down', simulated: true }))).toMatchObject({ text: 'SIMULATED DATA · api.example.com · down', tone: 'down' });
    expect(sourceBadge(remote, remoteHealth({ status: 'degraded', message: 'Service answered HTTP 429' }))).toMatchObject({ text: 'DEGRADED · api.example.com', tone: 'degraded' });
    // No report yet, or one about another source (the last one before a switch): not claimed live.
    expect(sourceBadge(remote, undefined)).toMatchObject({ text: 'REMOTE · api.example.com · checking', tone: 'pending' });
    expect(sourceBadge(remote, report({ dataSource: 'embedded', simulated: true, library: null }))).toMatchObject({ tone: 'pending' });
    expect(sourceBadge(demo, report({ dataSource: 'embedded', simulated: true, status: 'down', library: null }))).toMatchObject({ text: 'SIMULATED DATA · Embedded demo · down', tone: 'down' });
    expect(sourceBadge(libraryAt('/data/md'), report({ status: 'down' }))).toMatchObject({ text: 'LOCAL LIBRARY · not running', tone: 'down' });
    expect(sourceBadge(libraryAt('/data/md'), report())).toMatchObject({ text: 'LOCAL LIBRARY · offline', tone: 'library' });
  });
});

describe('Settings → Data source', () => {
  it('shows the default library folder with the user-data folder’s separator', () => {
    expect(defaultLibraryRootShown('/home/me/.config/Market Data Explorer')).toBe('/home/me/.config/Market Data Explorer/library');
    expect(defaultLibraryRootShown('/home/me/mde/')).toBe('/home/me/mde/library');
    expect(defaultLibraryRootShown('C:\\Users\\me\\AppData\\Roaming\\mde')).toBe('C:\\Users\\me\\AppData\\Roaming\\mde\\library');
  });

  it('saves the library with its folder, and the default folder as the default', () => {
    expect(dataSourcePatch('library', '', '/data/md', '/u/library')).toEqual({ dataSource: 'library', libraryRoot: '/data/md' });
    expect(dataSourcePatch('library', '', '/u/library', '/u/library')).toEqual({ dataSource: 'library', libraryRoot: null });
    expect(dataSourcePatch('library', '', ' /u/library ', '/u/library')).toEqual({ dataSource: 'library', libraryRoot: null });
    expect(dataSourcePatch('remote', 'https://api.example.com', '/data/md', null)).toEqual({ dataSource: 'remote', remoteBaseUrl: 'https://api.example.com' });
    expect(dataSourcePatch('embedded', 'https://api.example.com', '/data/md', null)).toEqual({ dataSource: 'embedded' });
  });
});
