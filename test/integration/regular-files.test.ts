import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BookWorkerClient } from '../../electron/host/book/book-worker-client.ts';
import { decodeSnapshotInWorker } from '../../electron/codec/decode-worker-client.ts';
import { decodeSnapshot } from '../../electron/codec/snapshot-reader.ts';
import { useFifos } from '../support/fifo.ts';
import { useTempDirs } from '../support/temp-dir.ts';

const root = join(import.meta.dirname, '..', '..');

describe.runIf(process.platform !== 'win32')('the decoder, its worker, the book replay and mde read only regular files', () => {
  const tempDir = useTempDirs();
  const makeFifoIn = useFifos(tempDir);
  const fifo = (): Promise<string> => makeFifoIn('binance_BTC-USDT_2024-03-10-07.jsonl.zst');
  const directory = async (): Promise<string> => {
    const path = join(await tempDir(), 'folder.jsonl.zst');
    await mkdir(path);
    return path;
  };

  const notFiles: [string, () => Promise<string>, string][] = [
    ['a FIFO', fifo, 'is a named pipe (FIFO), not a regular file'],
    ['/dev/zero', () => Promise.resolve('/dev/zero'), 'is a character device, not a regular file'],
    ['a directory', directory, 'is a folder, not a file'],
  ];

  it.each(notFiles)('SnapshotReader refuses %s with an io error that names it and says what to do', async (_name, makePath, what) => {
    const path = await makePath();
    const result = await decodeSnapshot({ path });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: 'io', file: path, recordsDecoded: 0 });
    expect(result.error.message).toContain(`${path} ${what}`);
    expect(result.error.message).toContain('choose the .jsonl.zst snapshot file itself');
    expect(result.error.resolution).toContain('the .jsonl.zst snapshot file itself');
    expect(result.summary.compressedBytes).toBe(0);
  });

  it('the decode worker refuses a FIFO', async () => {
    const path = await fifo();
    const result = await decodeSnapshotInWorker(path).result;
    expect(result).toMatchObject({ ok: false, error: { kind: 'io' } });
    if (!result.ok) expect(result.error.message).toContain(`${path} is a named pipe (FIFO)`);
  });

  it('the book worker ends a replay of a FIFO or /dev/zero with a snapshot-file error', async () => {
    const client = new BookWorkerClient();
    for (const path of [await fifo(), '/dev/zero']) {
      const result = await client.replayFiles([path]).result;
      expect(result).toMatchObject({ ok: false, error: { kind: 'snapshot-file' } });
      if (!result.ok) expect(result.error.message).toContain(`${path} is a`);
    }
  });

  it('mde inspect and mde book exit with the error instead of waiting on a FIFO', async () => {
    const path = await fifo();
    // The timeout only keeps a regression from hanging the run; nothing here measures time.
    const mde = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(root, 'electron', 'cli', 'mde.ts'), ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    for (const command of ['inspect', 'book']) {
      const result = mde(command, path);
      expect(result.error).toBeUndefined();
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`${path} is a named pipe (FIFO)`);
    }
  });
});
