import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../../../electron/server/embedded-service.ts';
import type { LocalService } from '../../../electron/server/local-service.ts';
import { writeSourceSnapshot, type SourceSnapshot } from '../../support/snapshot-source.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { ContractError } from '../../../shared/contract/errors.ts';
import { DownloadJournal } from '../../../electron/host/downloads/download-journal.ts';
import { DownloadQueue } from '../../../electron/host/downloads/download-queue.ts';
import { createSnapshotTransfer } from '../../../electron/host/downloads/snapshot-transfer.ts';
import { SnapshotLibrary } from '../../../electron/host/library/snapshot-library.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

// A queue survives a crash: a child process downloading a day is killed (SIGKILL) while a file
// is half on disk; a second process over the same user-data folder finishes the day from the
// journal, and every file lands byte-identical to the service's copy, with no .part left.

const repo = join(import.meta.dirname, '..', '..', '..');
const day = '2026-03-02';
const hourOf = (hour: number): number => Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000;

let serviceRoot: string;
let service: LocalService;
const served: SourceSnapshot[] = [];
const temp = useTempDirs();

beforeAll(async () => {
  serviceRoot = await mkdtemp(join(tmpdir(), 'mde-restart-service-'));
  for (const hour of [4, 5, 6]) served.push(await writeSourceSnapshot(serviceRoot, { source: 'hyperliquid', market: 'BTC', hour: hourOf(hour) }, 20_000, hour));
  service = await startEmbeddedService({ data: { kind: 'directory', root: serviceRoot }, extra: { now: () => hourOf(23) } });
});

afterAll(async () => {
  await service.close();
  await rm(serviceRoot, { recursive: true, force: true });
});

interface Child {
  process: ChildProcess;
  lines: string[];
  /** Resolves with the first line that starts with `prefix`. */
  line(prefix: string): Promise<string>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startChild(userData: string, dates: string[], stallAfterBytes: number | null): Child {
  const args = { userData, baseUrl: service.baseUrl, source: 'hyperliquid', market: 'BTC', dates, stallAfterBytes };
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/download-queue-child.ts', JSON.stringify(args)], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiting: { prefix: string; resolve: (line: string) => void }[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const waiter of waiting.filter((entry) => line.startsWith(entry.prefix))) waiter.resolve(line);
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    process: child,
    lines,
    exit,
    line: (prefix) =>
      new Promise((resolve, reject) => {
        const found = lines.find((line) => line.startsWith(prefix));
        if (found !== undefined) resolve(found);
        waiting.push({ prefix, resolve });
        void exit.then(({ code }) => reject(new Error(`the child exited (${code ?? 'signal'}) before "${prefix}":\n${lines.join('\n')}\n${stderr}`)));
      }),
  };
}

const dayFolder = (userData: string): string => join(userData, 'library', 'data', 'standard', 'hyperliquid', 'BTC', day);
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('the download queue across a crash', () => {
  it('resumes a day after SIGKILL mid-file: every file lands byte-identical and no .part is left', async () => {
    const userData = await temp();
    const first = startChild(userData, [day], 64 * 1024);
    const stalled = await first.line('stalled ');
    first.process.kill('SIGKILL');
    expect((await first.exit).signal).toBe('SIGKILL');

    // Killed mid-file: a partial .part, no complete file of that key, the day in the journal.
    const part = stalled.slice('stalled '.length);
    const partBytes = (await stat(part)).size;
    const firstFile = served[0];
    expect(part).toBe(join(dayFolder(userData), `${firstFile?.key ?? ''}.jsonl.zst.part`));
    expect(partBytes).toBeGreaterThan(0);
    expect(partBytes).toBeLessThan(firstFile?.bytes.length ?? 0);
    // Beside it, the lock the killed process held (its process is gone: the next start takes it over).
    expect((await readdir(dayFolder(userData))).sort()).toEqual([`${firstFile?.key ?? ''}.jsonl.zst.part`, `${firstFile?.key ?? ''}.jsonl.zst.part.lock`]);
    const journal = JSON.parse(await readFile(join(userData, 'downloads.json'), 'utf8')) as { items: { key: string; state: string }[] };
    expect(journal.items.map((item) => [item.key, item.state])).toEqual(served.map((file) => [file.key, 'queued']));

    const second = startChild(userData, [], null);
    expect(await second.line('opened ')).toBe(`opened ${served.map((file, i) => `${file.key}:${i === 0 ? 'downloading' : 'queued'}`).join(',')}`);
    expect((await second.exit).code).toBe(0);
    expect(second.lines.filter((line) => line.startsWith('landed '))).toEqual(served.map((file) => `landed ${file.key} ${file.sha256}`));
    expect((await readdir(dayFolder(userData))).sort()).toEqual(served.map((file) => `${file.key}.jsonl.zst`).sort());
    for (const file of served) expect(sha256(await readFile(join(dayFolder(userData), `${file.key}.jsonl.zst`)))).toBe(file.sha256);
    const after = JSON.parse(await readFile(join(userData, 'downloads.json'), 'utf8')) as { items: unknown[] };
    expect(after.items).toEqual([]);
  });

  it('removes the part of a crashed download nobody asks for any more', async () => {
    const userData = await temp();
    const first = startChild(userData, [day], 64 * 1024);
    const stalled = await first.line('stalled ');
    first.process.kill('SIGKILL');
    await first.exit;
    const part = stalled.slice('stalled '.length);
    expect(existsSync(part)).toBe(true);
    // The journal is lost (or the items were cancelled elsewhere): the part belongs to no one.
    await unlink(join(userData, 'downloads.json'));
    const second = startChild(userData, [], null);
    expect(await second.line('opened')).toBe('opened ');
    expect((await second.exit).code).toBe(0);
    expect(existsSync(part)).toBe(false);
    expect(await readdir(dayFolder(userData))).toEqual([]);
  });

  it('never removes or writes a part another running program is downloading into the same library; once that program is gone, its part is removed', async () => {
    // `mde download --root L` in a terminal: stalled mid-file, alive, holding its part.
    const cliUserData = await temp();
    const cli = startChild(cliUserData, [day], 64 * 1024);
    const stalled = await cli.line('stalled ');
    const part = stalled.slice('stalled '.length);
    const partBytes = (await stat(part)).size;
    const libraryRoot = join(cliUserData, 'library');
    try {
      // The app starts on library L with a journal of its own that owns nothing there.
      const appUserData = await temp();
      const app = (): DownloadQueue =>
        new DownloadQueue({
          transfer: createSnapshotTransfer(),
          links: { manifest: () => Promise.resolve([]), link: () => Promise.reject(new Error('no links in this test')) },
          library: new SnapshotLibrary({ root: () => Promise.resolve(libraryRoot), countsPath: join(appUserData, 'library-index.json'), count: () => Promise.resolve(0) }),
          journal: new DownloadJournal(join(appUserData, 'downloads.json')),
        });
      const first = app();
      await first.open();
      await first.close();
      expect((await stat(part)).size).toBe(partBytes);

      // The app asked for the same file meanwhile: refused with the reason, the other's bytes untouched.
      const transfer = createSnapshotTransfer({ verifier: () => ({ push: () => Promise.resolve(), finish: () => Promise.resolve({ records: 0 }), abandon: () => undefined }) });
      const refused = await rejectionOf(
        transfer({ key: served[0]?.key ?? '', destination: part.slice(0, -'.part'.length), url: `${service.baseUrl}/nowhere`, refreshUrl: () => Promise.reject(new Error('unused')), signal: new AbortController().signal, onProgress: () => undefined }),
        ContractError,
      );
      expect(refused).toMatchObject({ kind: 'unavailable', message: `${served[0]?.key ?? ''}.jsonl.zst is being downloaded by another program on this library (process ${cli.process.pid ?? 0})` });
      expect((await stat(part)).size).toBe(partBytes);

      // The program is gone (killed): its part is left over, and the next start removes it and its lock.
      cli.process.kill('SIGKILL');
      await cli.exit;
      const second = app();
      await second.open();
      await second.close();
      expect(await readdir(dayFolder(cliUserData))).toEqual([]);
    } finally {
      cli.process.kill('SIGKILL');
    }
  });
});
