import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContractResult } from '../../shared/contract/errors.ts';
import type { StateNotices } from '../../shared/contract/state-notices.ts';
import type { Settings } from '../../shared/settings.ts';
import { dispatch } from '../../electron/host/contract/dispatch.ts';
import { createMainServices, type MainServices } from '../../electron/host/main-services.ts';
import { readStateJson } from '../../electron/host/state/state-file.ts';
import { useTempDirs } from '../support/temp-dir.ts';

// The app's state files as the app starts on them: each one that cannot be read is kept aside,
// the app starts, and `app.notices` (the window's banner) and the log say so, once.

const temp = useTempDirs();
const running: MainServices[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((services) => services.close()));
});

function valueOf<T>(result: ContractResult<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value as T;
}

describe('state files that cannot be read', () => {
  it('never stop the app: each is kept aside, told once in the window and once in the log', async () => {
    const userData = await temp();
    await mkdir(join(userData, 'settings.json'));
    await writeFile(join(userData, 'downloads.json'), '{"version":1,"items":[{"key":');
    await mkdir(join(userData, 'library-index.json'));
    const log: string[] = [];
    const services = createMainServices({ userDataDir: userData, mode: 'browser', healthIntervalMs: 0, logStateNotice: (line) => log.push(line) });
    running.push(services);
    const settings = valueOf<Settings>(await dispatch(services.handlers, 'settings.get', undefined));
    expect(settings.dataSource).toBe('embedded');
    const { notices } = valueOf<StateNotices>(await dispatch(services.handlers, 'app.notices', undefined));
    expect(notices.map((notice) => notice.file).sort()).toEqual(['downloads.json', 'library-index.json', 'settings.json']);
    for (const notice of notices) {
      expect(notice.keptAs).toMatch(new RegExp(`^${join(userData, notice.file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.unreadable-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z$`));
      expect(existsSync(notice.keptAs ?? '')).toBe(true);
    }
    expect(notices.find((notice) => notice.file === 'settings.json')?.reason).toBe('it is a folder, not a file');
    // Asked again: the same notices, not new ones; the log has one line each.
    expect(valueOf<StateNotices>(await dispatch(services.handlers, 'app.notices', undefined)).notices).toHaveLength(3);
    expect(log).toHaveLength(3);
    expect(log.every((line) => line.startsWith('[state] ') && line.includes('could not be read'))).toBe(true);
    // The app works on: settings save, the queue answers.
    await dispatch(services.handlers, 'settings.update', { ui: { density: 'comfortable' } });
    expect((await readdir(userData)).filter((name) => name === 'settings.json')).toEqual(['settings.json']);
  });

  it('keep aside a settings file the app has no permission to read, and start on the defaults', async () => {
    const userData = await temp();
    await writeFile(join(userData, 'settings.json'), JSON.stringify({ dataSource: 'remote', remoteBaseUrl: 'https://example.invalid' }));
    await chmod(join(userData, 'settings.json'), 0o000);
    // Root reads any file: the app then runs as an unprivileged user, who may write the folder but not read the file.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) await chmod(userData, 0o777);
    const child = join(import.meta.dirname, '..', 'support', 'state-notices-child.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', child, userData], {
      cwd: join(import.meta.dirname, '..', '..'),
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
      env: { ...process.env, HOME: userData },
    });
    const told = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { notices: ContractResult<StateNotices>; settings: ContractResult<Settings>; log: string[] };
    const notices = valueOf<StateNotices>(told.notices).notices;
    expect(notices.map((notice) => [notice.file, notice.reason])).toEqual([['settings.json', 'the app has no permission to read it']]);
    expect(existsSync(notices[0]?.keptAs ?? '')).toBe(true);
    expect(existsSync(join(userData, 'settings.json'))).toBe(false);
    expect(valueOf<Settings>(told.settings).dataSource).toBe('embedded');
    expect(told.log).toHaveLength(1);
  }, 60_000);

  it('never wait on a FIFO or read a device: each is kept aside with what it is, and the app answers at once', async () => {
    const userData = await temp();
    // A FIFO no one writes: opened blocking, settings.get and every call after it waited forever.
    execFileSync('mkfifo', [join(userData, 'settings.json')]);
    execFileSync('mkfifo', [join(userData, 'downloads.json')]);
    // A link to /dev/zero: read whole, it took the services process past 5.9 GB.
    await symlink('/dev/zero', join(userData, 'library-index.json'));
    const services = createMainServices({ userDataDir: userData, mode: 'browser', healthIntervalMs: 0, logStateNotice: () => {} });
    running.push(services);
    expect(valueOf<Settings>(await dispatch(services.handlers, 'settings.get', undefined)).dataSource).toBe('embedded');
    expect(valueOf<{ items: unknown[] }>(await dispatch(services.handlers, 'downloads.queue', undefined)).items).toEqual([]);
    const { notices } = valueOf<StateNotices>(await dispatch(services.handlers, 'app.notices', undefined));
    const reasons = Object.fromEntries(notices.map((notice) => [notice.file, notice.reason]));
    expect(reasons['settings.json']).toBe('it is a named pipe (FIFO), not a regular file (a pipe is never read: it can wait forever)');
    expect(reasons['downloads.json']).toBe('it is a named pipe (FIFO), not a regular file (a pipe is never read: it can wait forever)');
    expect(reasons['library-index.json']).toBe('it is a device, not a regular file (a device is never read: it may never end)');
    for (const notice of notices) expect(existsSync(notice.keptAs ?? '')).toBe(true);
  }, 30_000);

  it('refuse a state file larger than any the app writes, reading no more than the cap', async () => {
    const path = join(await temp(), 'settings.json');
    await writeFile(path, `{"pad":"${'x'.repeat(2_000)}"}`);
    expect(await readStateJson(path, 1_000)).toEqual({ kind: 'unreadable', reason: 'it is larger than 1,000 bytes, far more than the app ever writes' });
    expect(await readStateJson(path, 10_000)).toMatchObject({ kind: 'json' });
    expect(await readStateJson(join(path, '..', 'absent.json'))).toEqual({ kind: 'absent' });
  });

  it('say nothing when every file reads (or none exists yet)', async () => {
    const services = createMainServices({ userDataDir: await temp(), mode: 'browser', healthIntervalMs: 0, logStateNotice: () => {} });
    running.push(services);
    expect(valueOf<StateNotices>(await dispatch(services.handlers, 'app.notices', undefined)).notices).toEqual([]);
  });
});
