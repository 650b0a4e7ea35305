import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { useTempDirs } from '../support/temp-dir.ts';
import { rleFrame } from '../unit/snapshot/zstd-bomb.ts';

const root = join(import.meta.dirname, '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'snapshots');
const tempDir = useTempDirs();

function mde(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(root, 'electron', 'cli', 'mde.ts'), ...args], { cwd: root, encoding: 'utf8' });
}

async function compressed(name: string, transform: (text: string) => string = (t) => t): Promise<string> {
  const dir = await tempDir();
  const path = join(dir, `${name}.zst`);
  writeFileSync(path, compressZstdFrame(new TextEncoder().encode(transform(readFileSync(join(fixtures, name), 'utf8')))));
  return path;
}

describe('mde decode and inspect', () => {
  it('decode prints one normalized JSON object per event record', async () => {
    const result = mde('decode', await compressed('v2-book-trades.jsonl'));
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(7);
    expect(lines[0]).toEqual({
      type: 'orderbook', collector_timestamp: 1717200000100, collector_sequence: 3, exchange_timestamp: 1717199999950, exchange_sequence: 'b-1',
      source: 'aster', market: 'ETH-USDT', instrument: null,
      data: { is_snapshot: true, bids: [[3501.25, 1.5], [3501, 0.75]], asks: [[3502.5, 2], [3503.75, 0.125]] },
    });
  });

  it('decode prints quote amounts as exact decimal strings', async () => {
    const result = mde('decode', await compressed('v2-quote-ladder.jsonl'));
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('"amount_in":"115792089237316195423570985008687907853269984665640564039457584007913129639935"');
    expect(result.stdout).toContain('"market":"base"');
  });

  it('decode fails with exit 1 and the line on stderr for a malformed v2 line, and --lenient skips it', async () => {
    const path = await compressed('v2-book-trades.jsonl', (text) => text.replace('"type":"point"', '"type":"point",,'));
    const strict = mde('decode', path);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('malformed-line');
    expect(strict.stderr).toContain('line 6 (byte offset');
    const lenient = mde('decode', path, '--lenient');
    expect(lenient.status).toBe(0);
    expect(lenient.stdout.trimEnd().split('\n')).toHaveLength(6);
    expect(lenient.stderr).toContain('skipped 1 malformed line');
  });

  it('inspect --json shows format, header counts beside found counts, time range and backward steps', async () => {
    const result = mde('inspect', await compressed('v2-book-trades.jsonl'), '--json');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      ok: true, format: 'v2', schema_version: 'v2', source: 'aster', market: 'ETH-USDT', records: 7,
      counts: { orderbook: { header: 3, found: 3 }, trade: { header: 3, found: 3 }, point: { header: 1, found: 1 } },
      first_collector_timestamp: 1717200000100, last_collector_timestamp: 1717200000900, backward_steps: 1, error: null,
    });
  });

  it('inspect prints a readable report', async () => {
    const result = mde('inspect', await compressed('legacy-mixed.jsonl'));
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('format:      legacy');
    expect(result.stdout).toMatch(/orderbook_delta\s+- \/ 1/);
    expect(result.stdout).toContain('skipped lines:             2');
  });

  it('both exit non-zero with the error on stderr for a file that is not zstd, empty or missing', async () => {
    const dir = await tempDir();
    const empty = join(dir, 'empty.jsonl.zst');
    writeFileSync(empty, '');
    for (const command of ['inspect', 'decode']) {
      const plain = mde(command, join(fixtures, 'v2-book-trades.jsonl'));
      expect(plain.status).toBe(1);
      expect(plain.stderr).toContain('not-zstd');
      expect(mde(command, empty).stderr).toContain('empty-file');
      expect(mde(command, join(dir, 'missing.jsonl.zst')).stderr).toContain('io');
      expect(mde(command).status).toBe(2);
    }
  });

  it('inspect reports an out-of-range collector_timestamp as a malformed line with file, line and field, not "Invalid time value"', async () => {
    for (const value of ['1e300', '1717200000900.5']) {
      const path = await compressed('v2-book-trades.jsonl', (text) => text.replace('"collector_timestamp":1717200000900', `"collector_timestamp":${value}`));
      const strict = mde('inspect', path);
      expect(strict.status).toBe(1);
      expect(strict.stderr).not.toContain('Invalid time value');
      expect(strict.stderr).toMatch(/malformed-line: .*v2-book-trades\.jsonl\.zst: line 8 \(byte offset \d+\): collector_timestamp must be a whole number of Unix milliseconds from 2000-01-01 to 2100-01-01/);
      const lenient = mde('inspect', path, '--lenient');
      expect(lenient.status).toBe(0);
      expect(lenient.stdout).toContain('last collector_timestamp:  1717200000600 (2024-06-01T00:00:00.600Z)');
      expect(lenient.stdout).toMatch(/line 8 \(byte \d+\): collector_timestamp must be/);
    }
  });

  it('inspect of a 1 GiB bomb of blank lines (32 KiB) finishes and counts no records', async () => {
    const dir = await tempDir();
    const path = join(dir, 'blank.jsonl.zst');
    writeFileSync(path, rleFrame(0x0a, 2 ** 30));
    const result = mde('inspect', path, '--json');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, format: null, records: 0, error: null });
  });
});
