import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decompress } from 'fzstd';
import { beforeAll, describe, expect, it } from 'vitest';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { builtCliPath, ensureBuiltCli, runBuiltCli } from '../support/built-cli.ts';
import { useTempDirs } from '../support/temp-dir.ts';

// The bundled `mde` (what `npm run mde` runs) must print byte for byte what the command line
// printed before it was bundled and sped up. The golden outputs in test/fixtures/cli/golden were
// written by the tsx-run CLI of commit 501e6a6 over these fixtures (the decode outputs again when F14
// made decode lossless: the same lines with exchange_sequence, the rows' other fields and
// `normalized` added, checked field by field against the old ones); the big ones are zstd-compressed.

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const golden = join(fixtures, 'cli', 'golden');
const snapshotFixtures = ['v2-book-trades', 'v2-quote-ladder', 'v2-tickers-intents', 'legacy-mixed'];
const tempDir = useTempDirs();

/** A folder holding every fixture as `{name}.jsonl.zst`, so outputs name files as the goldens do. */
async function fixtureFolder(): Promise<string> {
  const dir = await tempDir();
  for (const name of snapshotFixtures) {
    const text = await readFile(join(fixtures, 'snapshots', `${name}.jsonl`));
    await writeFile(join(dir, `${name}.jsonl.zst`), compressZstdFrame(text));
  }
  await copyFile(join(fixtures, 'cli', 'v2-l2-busy.jsonl.zst'), join(dir, 'v2-l2-busy.jsonl.zst'));
  return dir;
}

async function expected(name: string): Promise<Buffer> {
  if (name.endsWith('.zst')) return Buffer.from(decompress(await readFile(join(golden, name))));
  return readFile(join(golden, name));
}

/** Where two outputs first differ, as a line number and both lines (a readable failure). */
function firstDifference(actual: Buffer, wanted: Buffer): string | null {
  if (actual.equals(wanted)) return null;
  const a = actual.toString('utf8').split('\n');
  const b = wanted.toString('utf8').split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? Math.min(a.length, b.length) : line;
  return `line ${at + 1} differs (${actual.length} bytes printed, ${wanted.length} expected)\n  printed:  ${(a[at] ?? '<end>').slice(0, 400)}\n  expected: ${(b[at] ?? '<end>').slice(0, 400)}`;
}

/** What stderr says besides the output: only the lenient decode of the legacy file's two bad lines. */
const legacySkipped = 'mde decode: skipped 2 malformed line(s); run "mde inspect" to see samples.\n';

const cases: { name: string; args: string[]; golden: string; stderr?: string }[] = [
  ...[...snapshotFixtures, 'v2-l2-busy'].flatMap((name) => [
    { name: `decode ${name}`, args: ['decode', `${name}.jsonl.zst`, '--lenient'], golden: name === 'v2-l2-busy' ? `decode-${name}.out.zst` : `decode-${name}.out`, ...(name === 'legacy-mixed' ? { stderr: legacySkipped } : {}) },
    { name: `inspect --json ${name}`, args: ['inspect', `${name}.jsonl.zst`, '--json', '--lenient'], golden: `inspect-${name}.json` },
    { name: `inspect ${name}`, args: ['inspect', `${name}.jsonl.zst`, '--lenient'], golden: `inspect-${name}.txt` },
  ]),
  { name: 'book --depth 25 (default)', args: ['book', 'v2-l2-busy.jsonl.zst', '--depth', '25'], golden: 'book-v2-l2-busy-depth25.out.zst' },
  { name: 'book --depth 5', args: ['book', 'v2-l2-busy.jsonl.zst', '--depth', '5'], golden: 'book-v2-l2-busy-depth5.out.zst' },
  { name: 'book of a small file', args: ['book', 'v2-book-trades.jsonl.zst'], golden: 'book-v2-book-trades.out.zst' },
  { name: 'book --at', args: ['book', 'v2-l2-busy.jsonl.zst', '--at', '1717200015000'], golden: 'book-v2-l2-busy-at.out.zst' },
  { name: 'book over two files', args: ['book', 'v2-l2-busy.jsonl.zst', 'legacy-mixed.jsonl.zst', '--depth', '10'], golden: 'book-two-files-depth10.out.zst' },
];

describe('the bundled mde prints what the command line printed before', () => {
  beforeAll(async () => {
    await ensureBuiltCli();
  }, 60_000);

  it.each(cases)('$name', async ({ args, golden: goldenName, stderr }) => {
    const dir = await fixtureFolder();
    const run = await runBuiltCli(args, dir);
    expect(run.stderr).toBe(stderr ?? '');
    expect(run.status).toBe(0);
    expect(firstDifference(run.stdout, await expected(goldenName))).toBeNull();
  });
});

describe('a reader that stops early', () => {
  beforeAll(async () => {
    await ensureBuiltCli();
  }, 60_000);

  it('ends mde quietly when its output pipe closes (mde book FILE | head -1)', async () => {
    const dir = await fixtureFolder();
    const child = spawn(process.execPath, [builtCliPath, 'book', 'v2-l2-busy.jsonl.zst'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let first = '';
    child.stdout.once('data', (chunk: Buffer) => {
      first = chunk.toString().split('\n')[0] ?? '';
      child.stdout.destroy();
    });
    const [code] = (await once(child, 'close')) as [number | null];
    expect(first.startsWith('{"collector_timestamp":')).toBe(true);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
