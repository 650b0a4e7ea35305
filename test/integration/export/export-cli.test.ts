import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'snapshots');
const tempDir = useTempDirs();

function mde(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(root, 'electron', 'cli', 'mde.ts'), ...args], { cwd: root, encoding: 'utf8' });
}

async function compressed(dir: string, name: string): Promise<string> {
  const path = join(dir, `${name}.zst`);
  await writeFile(path, compressZstdFrame(new TextEncoder().encode(await readFile(join(fixtures, name), 'utf8'))));
  return path;
}

describe('mde export', () => {
  it('writes a Parquet file, prints its path, rows and bytes, and refuses to replace it without --force', async () => {
    const dir = await tempDir();
    const file = await compressed(dir, 'v2-book-trades.jsonl');
    const out = join(dir, 'trades.parquet');
    const first = mde('export', file, '--types', 'trade', '--out', out);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    const size = (await readFile(out)).length;
    expect(first.stdout).toBe(`${out}\t3 rows\t${size} bytes\n`);
    const rows = await parquetReadObjects({ file: await asyncBufferFromFile(out) });
    expect(rows.map((row): unknown => row.price)).toEqual([3502.5, 3501, 3500.5]);

    const again = mde('export', file, '--out', out);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect(again.stderr).toContain('--force');
    const forced = mde('export', file, '--out', out, '--force');
    expect(forced.status).toBe(0);
    expect(forced.stdout).toContain('\t11 rows\t');
  });

  it('exits 1 for a bad file and 2 for a bad command line, leaving nothing', async () => {
    const dir = await tempDir();
    const bad = join(dir, 'bad.jsonl.zst');
    await writeFile(bad, 'not zstd at all');
    const failed = mde('export', bad, '--out', join(dir, 'x.csv'));
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('bad.jsonl.zst');
    expect(failed.stderr).toContain('not a zstd file');
    const usage = mde('export', bad, '--types', 'trades', '--out', join(dir, 'x.csv'));
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('"trades" is not a record type');
    expect(await readdir(dir)).toEqual(['bad.jsonl.zst']);
  });
});
