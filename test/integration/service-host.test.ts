import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContractError } from '../../shared/contract/errors.ts';
import { JsonText } from '../../electron/host/contract/json-text.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { nodeHostSpawner } from '../../electron/host/process/node-host-process.ts';
import type { HostStart } from '../../electron/host/process/host-protocol.ts';
import { ServiceHostConnection, type HostProcess } from '../../electron/host/process/service-host-connection.ts';
import { useTempDirs } from '../support/temp-dir.ts';

// The service host as the app runs it: a real child process with every service, the front
// forwarding the contract to it. The Electron shell starts the same host in a utility process and
// gives it the same front (ServiceHostConnection) over a MessagePort; here the native dialog is
// the injected `pickFiles`, as there.

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the service host process answers the contract for the front', () => {
  const tempDir = useTempDirs();
  const open: ServiceHostConnection[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.close()));
  });

  async function start(extra: Partial<HostStart> = {}, pickFiles?: () => Promise<string[]>) {
    const userDataDir = await tempDir();
    const spawn = nodeHostSpawner({ userDataDir, mode: 'browser', electronVersion: null, canPickFiles: false, healthIntervalMs: 0, ...extra });
    const hosts: HostProcess[] = [];
    const connection = new ServiceHostConnection(
      () => {
        const host = spawn();
        hosts.push(host);
        return host;
      },
      pickFiles === undefined ? {} : { pickFiles },
    );
    open.push(connection);
    return { connection, hosts, userDataDir };
  }

  it('answers calls in another process, relays its events, and refuses a bad call with a typed error', async () => {
    const { connection, hosts, userDataDir } = await start();
    const info = await connection.call('app.info', undefined);
    expect(info).toMatchObject({ ok: true, value: { mode: 'browser', userDataDir } });
    expect(hosts[0]?.pid).not.toBe(process.pid);

    const changed = new Promise<unknown>((resolve) => connection.events.attach((event, payload) => event === 'settings.changed' && resolve(payload)));
    const updated = await connection.call('settings.update', { ui: { density: 'comfortable' } });
    expect(updated).toMatchObject({ ok: true, value: { ui: { density: 'comfortable' } } });
    expect(await changed).toMatchObject({ ui: { density: 'comfortable' } });

    const bad = await connection.call('settings.update', { ui: { density: 'huge' } });
    expect(bad.ok ? null : bad.error).toMatchObject({ kind: 'invalid-request', channel: 'settings.update' });
    const unknown = await connection.call('no.such-channel', {});
    expect(unknown.ok ? null : unknown.error).toMatchObject({ kind: 'unknown-channel' });
  });

  it('refuses a deeply nested or enormous input with a typed error before sending it, and the front and host stay up', async () => {
    const { connection, hosts } = await start();
    // 5,000 `[` then 5,000 `]`: 10 KB of JSON that overflowed the structured clone's stack in the front.
    const deep: unknown = JSON.parse(`${'['.repeat(5_000)}${']'.repeat(5_000)}`);
    const refused = await connection.call('settings.update', deep);
    expect(refused.ok ? null : refused.error).toMatchObject({ kind: 'invalid-request', channel: 'settings.update', message: expect.stringContaining('nested more than 64 levels') as unknown });
    const wide = await connection.call('settings.update', { ui: new Array<number>(600_000).fill(0) });
    expect(wide.ok ? null : wide.error).toMatchObject({ kind: 'invalid-request', message: expect.stringContaining('more than 500,000 values') as unknown });
    expect(await connection.call('settings.get', undefined)).toMatchObject({ ok: true, value: { dataSource: 'embedded' } });
    expect(hosts).toHaveLength(1);
  });

  it('for a WebSocket front, a value comes back as its JSON text; a book replay\'s result and an error stay values', async () => {
    const { connection } = await start({ valuesAsJson: true });
    const settings = await connection.call('settings.get', undefined);
    if (!settings.ok || !(settings.value instanceof JsonText)) throw new Error(`settings.get did not come back as JSON text: ${JSON.stringify(settings)}`);
    expect(JSON.parse(settings.value.json)).toMatchObject({ ui: { density: 'compact' }, dataSource: 'embedded' });
    const bad = await connection.call('settings.update', { ui: { density: 'huge' } });
    expect(bad.ok ? null : bad.error).toMatchObject({ kind: 'invalid-request' });
    const replay = await connection.call('book.release', { replayId: 'none' });
    expect(replay.ok && replay.value instanceof JsonText).toBe(false);
  });

  it('grants an uploaded file, and refuses a folder with the reason', async () => {
    const { connection } = await start();
    const dir = await tempDir();
    const file = join(dir, 'upload.jsonl.zst');
    const bytes = compressZstdFrame(new TextEncoder().encode('{"a":1}\n'));
    await writeFile(file, bytes);
    const [grant] = await connection.grantUploads([file]);
    expect(grant).toMatchObject({ name: 'upload.jsonl.zst', bytes: bytes.byteLength });
    await expect(connection.grantUploads([dir])).rejects.toBeInstanceOf(ContractError);
  });

  it('files.pick asks the front for its dialog and grants what was chosen (the Electron path)', async () => {
    const dir = await tempDir();
    const file = join(dir, 'chosen.jsonl.zst');
    await writeFile(file, compressZstdFrame(new TextEncoder().encode('{"a":1}\n')));
    const { connection } = await start({ mode: 'electron', electronVersion: '0.0.0-test', canPickFiles: true }, () => Promise.resolve([file]));
    const picked = await connection.call('files.pick', undefined);
    expect(picked).toMatchObject({ ok: true, value: { files: [{ name: 'chosen.jsonl.zst' }] } });
  });

  it('a host killed with SIGKILL is started again, with the settings it had saved; close leaves no process behind', async () => {
    const { connection, hosts } = await start();
    await connection.call('settings.update', { ui: { density: 'comfortable' } });
    const first = hosts[0];
    if (first?.pid === undefined) throw new Error('the host did not start');
    first.kill();
    await first.exited;
    const settings = await connection.call('settings.get', undefined);
    expect(settings).toMatchObject({ ok: true, value: { ui: { density: 'comfortable' } } });
    expect(hosts).toHaveLength(2);
    const second = hosts[1];
    if (second?.pid === undefined) throw new Error('the host was not started again');
    expect(isAlive(second.pid)).toBe(true);
    await connection.close();
    expect(await second.exited).toBe('exit code 0');
    expect(isAlive(second.pid)).toBe(false);
  });
});
