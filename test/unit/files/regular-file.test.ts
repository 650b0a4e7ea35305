import { mkdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NotRegularFileError, openRegularFile, regularFileSize, type NotRegularReason } from '../../../electron/base/regular-file.ts';
import { SnapshotDecodeError } from '../../../shared/snapshot/decode-errors.ts';
import { useFifos } from '../../support/fifo.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { useTempDirs } from '../../support/temp-dir.ts';


describe.runIf(process.platform !== 'win32')('only regular files are opened', () => {
  const tempDir = useTempDirs();
  const fifo = useFifos(tempDir);

  it('opens a regular file, also through a symbolic link, and reads its bytes', async () => {
    const dir = await tempDir();
    const file = join(dir, 'hour.jsonl.zst');
    await writeFile(file, 'sixteen bytes!!\n');
    await symlink(file, join(dir, 'link.jsonl.zst'));
    for (const path of [file, join(dir, 'link.jsonl.zst')]) {
      const handle = await openRegularFile(path);
      try {
        expect((await handle.readFile()).toString()).toBe('sixteen bytes!!\n');
      } finally {
        await handle.close();
      }
      expect(await regularFileSize(path)).toBe(16);
    }
  });

  const cases: [string, () => Promise<string>, NotRegularReason, string][] = [
    ['a FIFO', fifo, 'fifo', 'is a named pipe (FIFO), not a regular file'],
    ['a symbolic link to a FIFO', async () => {
      const link = join(await tempDir(), 'link.jsonl.zst');
      await symlink(await fifo(), link);
      return link;
    }, 'fifo', 'is a named pipe (FIFO), not a regular file'],
    ['/dev/zero', () => Promise.resolve('/dev/zero'), 'character-device', 'is a character device, not a regular file'],
    ['a directory', async () => {
      const dir = join(await tempDir(), 'hours.jsonl.zst');
      await mkdir(dir);
      return dir;
    }, 'directory', 'is a folder, not a file'],
    ['a missing file', async () => join(await tempDir(), 'gone.jsonl.zst'), 'missing', 'does not exist'],
    ['a path through a file', async () => {
      const file = join(await tempDir(), 'plain');
      await writeFile(file, 'x');
      return join(file, 'below.jsonl.zst');
    }, 'missing', 'does not exist'],
  ];

  it.each(cases)('refuses %s with a typed error naming the file, what it is and what to do', async (_name, makePath, reason, what) => {
    const path = await makePath();
    for (const attempt of [openRegularFile, regularFileSize]) {
      const error = await rejectionOf(attempt(path), NotRegularFileError);
      expect(error).toBeInstanceOf(SnapshotDecodeError);
      expect(error.kind).toBe('io');
      expect(error.reason).toBe(reason);
      expect(error.file).toBe(path);
      // The message says what to do as well as the resolution, for callers that show only one.
      const todo = reason === 'missing' ? 'check the path' : 'choose the .jsonl.zst snapshot file itself';
      expect(error.what).toBe(`${path} ${what}`);
      expect(error.message).toContain(`${path} ${what}: `);
      expect(error.message).toContain(todo);
      expect(error.resolution.toLowerCase()).toContain(todo);
    }
  });

  it('refuses a FIFO swapped in after the check, at once, from the opened handle', async () => {
    // The path looked like a regular file when it was checked; by the time it is opened it is a
    // pipe with no writer. A blocking open would wait forever; this one must answer.
    const dir = await tempDir();
    const regular = join(dir, 'regular.jsonl.zst');
    await writeFile(regular, 'x');
    const path = await fifo();
    const error = await rejectionOf(openRegularFile(path, () => stat(regular)), NotRegularFileError);
    expect(error.reason).toBe('fifo');
    expect(error.message).toContain(`${path} is a named pipe (FIFO)`);
  });
});
