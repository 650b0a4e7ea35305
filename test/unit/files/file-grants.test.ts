import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract/errors.ts';
import { FileGrants } from '../../../electron/host/files/file-grants.ts';
import { useTempDirs } from '../../support/temp-dir.ts';
import { rejectionOf } from '../../support/rejection.ts';

const failure = (promise: Promise<unknown>): Promise<ContractError> => rejectionOf(promise, ContractError);

describe('file grants', () => {
  const tempDir = useTempDirs();

  const files = async (...contents: string[]): Promise<string[]> => {
    const dir = await tempDir();
    return Promise.all(
      contents.map(async (content, i) => {
        const path = join(dir, `hour-${i}.jsonl.zst`);
        await writeFile(path, content);
        return path;
      }),
    );
  };

  it('grants regular files as {fileId, name, bytes} and resolves the ids back to their paths', async () => {
    const grants = new FileGrants();
    const [a, b] = await files('four', 'seven!!');
    const granted = await grants.grant([a ?? '', b ?? ''], 'dialog');
    expect(granted).toEqual([
      { fileId: expect.any(String) as unknown, name: 'hour-0.jsonl.zst', bytes: 4 },
      { fileId: expect.any(String) as unknown, name: 'hour-1.jsonl.zst', bytes: 7 },
    ]);
    const ids = granted.map((grant) => grant.fileId);
    expect(new Set(ids).size).toBe(2);
    expect(ids.some((id) => id.includes('hour-') || id.includes('/'))).toBe(false);
    expect(grants.resolve([ids[1] ?? '', ids[0] ?? '']).map((file) => [file.path, file.source])).toEqual([
      [b, 'dialog'],
      [a, 'dialog'],
    ]);
  });

  it('keeps the id of a path granted again, with its new size', async () => {
    const grants = new FileGrants();
    const [a] = await files('four');
    const [first] = await grants.grant([a ?? ''], 'dialog');
    await writeFile(a ?? '', 'now eleven!');
    const [second] = await grants.grant([a ?? ''], 'drop');
    expect(second).toEqual({ fileId: first?.fileId, name: 'hour-0.jsonl.zst', bytes: 11 });
  });

  it('answers not-found for an id it never granted, and for a path used as an id', async () => {
    const grants = new FileGrants();
    const [a] = await files('four');
    for (const id of ['f-unknown', a ?? '']) {
      const error = await failure(Promise.resolve().then(() => grants.resolve([id])));
      expect(error.kind).toBe('not-found');
      expect(error.message).toContain(JSON.stringify(id));
      expect(error.resolution).toContain('Open the file again');
    }
  });

  it('refuses a relative path, and a missing file as not-found', async () => {
    const grants = new FileGrants();
    expect((await failure(grants.grant(['data/hour.jsonl.zst'], 'typed-path'))).kind).toBe('invalid-request');
    const missing = join(await tempDir(), 'gone.jsonl.zst');
    const error = await failure(grants.grant([missing], 'typed-path'));
    expect(error.kind).toBe('not-found');
    expect(error.message).toBe(`${missing} does not exist`);
  });

  it('forgets the oldest grants beyond its limit, so memory stays bounded', async () => {
    const grants = new FileGrants(2);
    const paths = await files('a', 'b', 'c');
    const ids = (await grants.grant(paths, 'typed-path')).map((grant) => grant.fileId);
    expect((await failure(Promise.resolve().then(() => grants.resolve([ids[0] ?? ''])))).kind).toBe('not-found');
    expect(grants.resolve(ids.slice(1)).map((file) => file.path)).toEqual(paths.slice(1));
  });
});
