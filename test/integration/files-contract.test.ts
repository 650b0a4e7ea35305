import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookReplayEnded } from '../../shared/contract/book-replay-schemas.ts';
import type { ContractErrorShape, ContractResult } from '../../shared/contract/errors.ts';
import type { FileGrants } from '../../shared/contract/file-schemas.ts';
import { dispatch } from '../../electron/host/contract/dispatch.ts';
import type { FilePicker } from '../../electron/host/files/file-handlers.ts';
import { createMainServices, type MainServices } from '../../electron/host/main-services.ts';
import { hourOfEvents, writeSnapshotFile, type SnapshotFileSpec } from '../support/book-files.ts';
import { makeFifo, releaseFifoReaders } from '../support/fifo.ts';
import { useTempDirs } from '../support/temp-dir.ts';

const hour: SnapshotFileSpec = { source: 'binance', market: 'BTC-USDT', hour: Date.UTC(2024, 2, 10, 7) };

describe('files reach book.replayFiles only as grants', () => {
  const tempDir = useTempDirs();
  const running: MainServices[] = [];
  const fifos: string[] = [];
  afterEach(async () => {
    releaseFifoReaders(fifos.splice(0));
    await Promise.all(running.splice(0).map((services) => services.close()));
  });

  const start = async (mode: 'electron' | 'browser', pickFiles?: FilePicker): Promise<MainServices> => {
    const services = createMainServices({ userDataDir: await tempDir(), mode, healthIntervalMs: 0, ...(pickFiles === undefined ? {} : { pickFiles }) });
    running.push(services);
    return services;
  };
  const call = (services: MainServices, channel: string, input?: unknown): Promise<ContractResult<unknown>> => dispatch(services.handlers, channel, input);
  const granted = (result: ContractResult<unknown>): FileGrants => {
    expect(result).toMatchObject({ ok: true });
    return (result.ok ? result.value : { files: [] }) as FileGrants;
  };
  const refusal = (result: ContractResult<unknown>): ContractErrorShape => {
    expect(result.ok).toBe(false);
    return result.ok ? { kind: 'internal', message: '', resolution: '', channel: null } : result.error;
  };
  const snapshotFile = async (): Promise<string> => writeSnapshotFile(await tempDir(), hour, hourOfEvents(hour, 7, 300));
  const replayEnded = (services: MainServices, replayIds: readonly string[]): Promise<Map<string, BookReplayEnded>> =>
    new Promise((resolve) => {
      const ended = new Map<string, BookReplayEnded>();
      const detach = services.events.attach((event, payload) => {
        if (event !== 'book.replayEnded') return;
        const end = payload as BookReplayEnded;
        if (replayIds.includes(end.replayId)) ended.set(end.replayId, end);
        if (ended.size === replayIds.length) {
          detach();
          resolve(ended);
        }
      });
    });

  it('in browser mode, grants a typed path and replays it by id', async () => {
    const services = await start('browser');
    const path = await snapshotFile();
    const { files } = granted(await call(services, 'files.grantPath', { paths: [path] }));
    expect(files).toEqual([{ fileId: expect.any(String) as unknown, name: path.split('/').at(-1), bytes: expect.any(Number) as unknown }]);
    const fileIds = files.map((file) => file.fileId);
    const reply = await call(services, 'book.replayFiles', { fileIds, depth: 5 });
    expect(reply).toMatchObject({ ok: true });
    const replayId = reply.ok ? (reply.value as { replayId: string }).replayId : '';
    const ended = await replayEnded(services, [replayId]);
    expect(ended.get(replayId)).toMatchObject({ ok: true, error: null, progress: { events: 300 } });
  });

  it('refuses a path given to book.replayFiles, as paths or as a file id', async () => {
    const services = await start('browser');
    const path = await snapshotFile();
    const asPaths = refusal(await call(services, 'book.replayFiles', { paths: [path] }));
    expect(asPaths).toMatchObject({ kind: 'invalid-request', channel: 'book.replayFiles' });
    const asId = refusal(await call(services, 'book.replayFiles', { fileIds: [path] }));
    expect(asId).toMatchObject({ kind: 'not-found', channel: 'book.replayFiles' });
    expect(asId.message).toContain(JSON.stringify(path));
  });

  it('answers not-found for a file id that was never granted, even beside a granted one', async () => {
    const services = await start('browser');
    const { files } = granted(await call(services, 'files.grantPath', { paths: [await snapshotFile()] }));
    const error = refusal(await call(services, 'book.replayFiles', { fileIds: [files[0]?.fileId, 'f-made-up'] }));
    expect(error).toMatchObject({ kind: 'not-found', channel: 'book.replayFiles' });
    expect(error.message).toContain('"f-made-up"');
  });

  it('in the Electron app, refuses typed paths and grants only through the dialog and drops', async () => {
    const path = await snapshotFile();
    const picks: (readonly string[])[] = [[path], []];
    const services = await start('electron', () => Promise.resolve(picks.shift() ?? []));

    const typed = refusal(await call(services, 'files.grantPath', { paths: [path] }));
    expect(typed).toMatchObject({ kind: 'unavailable', channel: 'files.grantPath' });
    expect(typed.resolution).toContain('Open…');

    const picked = granted(await call(services, 'files.pick'));
    expect(picked.files.map((file) => file.name)).toEqual([path.split('/').at(-1)]);
    expect(granted(await call(services, 'files.pick'))).toEqual({ files: [] });
    const dropped = granted(await call(services, 'files.grantDropped', { paths: [path] }));
    expect(dropped.files.map((file) => file.fileId)).toEqual(picked.files.map((file) => file.fileId));
    expect(await call(services, 'book.replayFiles', { fileIds: [picked.files[0]?.fileId] })).toMatchObject({ ok: true });
  });

  it('in browser mode, has no dialog and no dropped paths, and says what to do instead', async () => {
    const services = await start('browser');
    const pick = refusal(await call(services, 'files.pick'));
    expect(pick).toMatchObject({ kind: 'unavailable', channel: 'files.pick' });
    expect(pick.resolution).toContain('Type the full path');
    expect(refusal(await call(services, 'files.grantDropped', { paths: [await snapshotFile()] }))).toMatchObject({ kind: 'unavailable' });
  });

  describe.runIf(process.platform !== 'win32')('files that are not regular files', () => {
    it.each([
      ['a FIFO', (dir: string) => {
        fifos.push(makeFifo(join(dir, 'pipe.jsonl.zst')));
        return Promise.resolve(join(dir, 'pipe.jsonl.zst'));
      }, 'invalid-request', 'is a named pipe (FIFO), not a regular file'],
      ['/dev/zero', () => Promise.resolve('/dev/zero'), 'invalid-request', 'is a character device, not a regular file'],
      ['a directory', async (dir: string) => {
        await mkdir(join(dir, 'day.jsonl.zst'));
        return join(dir, 'day.jsonl.zst');
      }, 'invalid-request', 'is a folder, not a file'],
      ['a missing file', (dir: string) => Promise.resolve(join(dir, 'gone.jsonl.zst')), 'not-found', 'does not exist'],
    ])('refuses %s at grant time, naming it', async (_name, makePath, kind, what) => {
      const services = await start('browser');
      const path = await makePath(await tempDir());
      const error = refusal(await call(services, 'files.grantPath', { paths: [path] }));
      expect(error).toMatchObject({ kind, channel: 'files.grantPath' });
      expect(error.message).toBe(`${path} ${what}`);
      expect(error.resolution.length).toBeGreaterThan(10);
    });

    it('keeps answering settings.update while replays of granted files that became FIFOs are requested', async () => {
      // The original symptom: a replay opening a FIFO held a thread-pool thread forever, and with
      // four of them (the pool's size) the atomic settings write waited behind them.
      const services = await start('browser');
      const dir = await tempDir();
      const paths = await Promise.all([1, 2, 3, 4, 5].map(async (i) => {
        const path = join(dir, `hour-${i}.jsonl.zst`);
        await writeFile(path, 'granted while it was a regular file');
        return path;
      }));
      const { files } = granted(await call(services, 'files.grantPath', { paths }));
      for (const path of paths) {
        await rm(path);
        fifos.push(makeFifo(path));
      }
      const replayIds = await Promise.all(
        files.map(async (file) => {
          const reply = await call(services, 'book.replayFiles', { fileIds: [file.fileId] });
          return reply.ok ? (reply.value as { replayId: string }).replayId : '';
        }),
      );
      const ended = replayEnded(services, replayIds);

      const saved = await call(services, 'settings.update', { ui: { density: 'comfortable' } });
      expect(saved).toMatchObject({ ok: true, value: { ui: { density: 'comfortable' } } });
      const ends = await ended;
      for (const [i, replayId] of replayIds.entries()) {
        const end = ends.get(replayId);
        expect(end).toMatchObject({ ok: false, error: { kind: 'snapshot-file' } });
        expect(end?.error?.message).toContain(`${paths[i] ?? ''} is a named pipe (FIFO)`);
      }
    });
  });
});
