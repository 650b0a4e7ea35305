import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseBookArgs } from '../../../electron/cli/book-command.ts';
import { readCommandLine, UsageError } from '../../../electron/cli/command-line.ts';
import { parseGetArguments } from '../../../electron/cli/get-command.ts';
import { parseKeyArguments } from '../../../electron/cli/key-command.ts';
import { runMde } from '../../../electron/cli/run-mde.ts';
import { parseServeArguments } from '../../../electron/cli/serve-command.ts';
import { parseDecodeArgs, parseInspectArgs } from '../../../electron/cli/snapshot-commands.ts';

/** The usage error `parse` throws, or a failure when it throws none. */
function usageErrorOf(parse: () => unknown): UsageError {
  try {
    parse();
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('expected a UsageError, got none');
}

function expectUsageError(parse: () => unknown, ...fragments: string[]): void {
  const message = usageErrorOf(parse).message;
  for (const fragment of fragments) expect(message).toContain(fragment);
}

describe('the shared parser (every command reads its options with it)', () => {
  const syntax = { options: { depth: 'string', json: 'flag' }, positionals: { name: 'FILE', min: 1, max: 2 } } as const;

  it('reads --name value and --name=value alike, flags, and positionals in order (after -- too)', () => {
    expect(readCommandLine(['a', '--depth', '5', 'b'], syntax)).toEqual({ values: { depth: '5' }, flags: new Set(), positionals: ['a', 'b'], free: {} });
    expect(readCommandLine(['--depth=5', 'a', '--json'], syntax)).toEqual({ values: { depth: '5' }, flags: new Set(['json']), positionals: ['a'], free: {} });
    expect(readCommandLine(['--depth=-3', '--', '-file'], syntax).values.depth).toBe('-3');
    expect(readCommandLine(['--', '--json'], syntax).positionals).toEqual(['--json']);
  });

  it('names an unknown option, long or short', () => {
    expectUsageError(() => readCommandLine(['a', '--deep', '5'], syntax), 'unknown option --deep');
    expectUsageError(() => readCommandLine(['a', '-d'], syntax), 'unknown option -d');
  });

  it('names an option whose value is missing: at the end, before another option, or a dash value not written with =', () => {
    expectUsageError(() => readCommandLine(['a', '--depth'], syntax), '--depth needs a value');
    expectUsageError(() => readCommandLine(['a', '--depth', '--json'], syntax), '--depth needs a value');
    expectUsageError(() => readCommandLine(['a', '--depth', '-3'], syntax), '--depth needs a value', '--depth=VALUE');
  });

  it('refuses a value given to a flag, and an option given twice (a repeated flag is harmless)', () => {
    expectUsageError(() => readCommandLine(['a', '--json=yes'], syntax), '--json takes no value');
    expectUsageError(() => readCommandLine(['a', '--depth', '5', '--depth=6'], syntax), '--depth is given twice ("5" and "6")');
    expect(readCommandLine(['a', '--json', '--json'], syntax).flags.has('json')).toBe(true);
  });

  it('counts positionals', () => {
    expectUsageError(() => readCommandLine(['--json'], syntax), 'missing FILE');
    expectUsageError(() => readCommandLine(['a', 'b', 'c'], syntax), 'one FILE at a time (got 3)');
  });
});

describe('mde book', () => {
  it('reads files, --depth and --at in either form', () => {
    expect(parseBookArgs(['a.zst', 'b.zst', '--depth', '3', '--at=2024-06-01T00:30:00Z'])).toEqual({ files: ['a.zst', 'b.zst'], depth: 3, at: Date.UTC(2024, 5, 1, 0, 30) });
    expect(parseBookArgs(['--depth=25', 'a.zst', '--at', '1717201800000'])).toEqual({ files: ['a.zst'], depth: 25, at: 1_717_201_800_000 });
    expect(parseBookArgs(['a.zst'])).toEqual({ files: ['a.zst'], depth: 25, at: null });
  });

  it.each(['x', '2.5', '1e1', '0', '26', ''])('refuses --depth %j, naming the flag', (depth) => {
    expectUsageError(() => parseBookArgs(['a.zst', `--depth=${depth}`]), '--depth must be a whole number from 1 to 25', `"${depth}"`);
  });

  it('refuses a bad --at, a missing value, an unknown option, a repeated --depth and no FILE', () => {
    expectUsageError(() => parseBookArgs(['a.zst', '--at', 'yesterday']), '--at must be', '"yesterday"');
    expectUsageError(() => parseBookArgs(['a.zst', '--at']), '--at needs a value');
    expectUsageError(() => parseBookArgs(['a.zst', '--lenient']), 'unknown option --lenient');
    expectUsageError(() => parseBookArgs(['a.zst', '--depth', '2', '--depth', '3']), '--depth is given twice');
    expectUsageError(() => parseBookArgs(['--depth', '2']), 'missing FILE');
  });
});

describe('mde decode and mde inspect', () => {
  it('read one FILE and their flags', () => {
    expect(parseDecodeArgs(['f.zst', '--lenient'])).toEqual({ file: 'f.zst', lenient: true, json: false, raw: false });
    expect(parseDecodeArgs(['--raw', 'f.zst'])).toEqual({ file: 'f.zst', lenient: false, json: false, raw: true });
    expect(parseInspectArgs(['--json', 'f.zst'])).toEqual({ file: 'f.zst', lenient: false, json: true, raw: false });
    expect(parseInspectArgs(['f.zst', '--lenient'])).toEqual({ file: 'f.zst', lenient: true, json: false, raw: false });
  });

  it('refuse an option of the other command, a flag with a value, two files and none', () => {
    expectUsageError(() => parseDecodeArgs(['f.zst', '--json']), 'unknown option --json');
    expectUsageError(() => parseInspectArgs(['f.zst', '--raw']), 'unknown option --raw');
    expectUsageError(() => parseInspectArgs(['f.zst', '--json=false']), '--json takes no value');
    expectUsageError(() => parseDecodeArgs(['a.zst', 'b.zst']), 'one FILE at a time (got 2)');
    expectUsageError(() => parseInspectArgs([]), 'missing FILE');
  });
});

describe('mde serve', () => {
  it('has its defaults, and reads each option in either form', () => {
    const defaults = parseServeArguments([]);
    expect(defaults).toMatchObject({ port: 8600, downloadPort: 0, dataRoot: null, demoDir: null, keys: [], faults: { metadata: false, storage: false, auth: false }, extraMarkets: 0 });
    expect(Number.isSafeInteger(defaults.seed)).toBe(true);
    expect(parseServeArguments(['--port=0', '--download-port', '9000', '--seed=-7', '--data', '/lib', '--keys=k1,k2:free', '--fail', 'storage,auth'])).toEqual({
      port: 0, downloadPort: 9000, seed: -7, dataRoot: '/lib', demoDir: null,
      keys: [{ key: 'k1', tier: 'paid' }, { key: 'k2', tier: 'free' }], faults: { metadata: false, storage: true, auth: true }, extraMarkets: 0,
    });
  });

  it('reads --extra-markets from 0 to 100000 in either form', () => {
    expect(parseServeArguments(['--extra-markets', '20000']).extraMarkets).toBe(20_000);
    expect(parseServeArguments(['--extra-markets=0']).extraMarkets).toBe(0);
    expect(parseServeArguments(['--extra-markets', '100000']).extraMarkets).toBe(100_000);
  });

  it.each([
    [['--extra-markets', '100001']],
    [['--extra-markets=-1']],
    [['--extra-markets', '2.5']],
    [['--extra-markets', '20k']],
    [['--extra-markets', '1e4']],
    [['--extra-markets=']],
  ])('refuses an --extra-markets that is not a count from 0 to 100000: %j', (args) => {
    expectUsageError(() => parseServeArguments(args), '--extra-markets must be a whole number from 0 to 100,000, not "');
  });

  it('refuses --extra-markets without a value or given twice', () => {
    expectUsageError(() => parseServeArguments(['--extra-markets']), '--extra-markets needs a value');
    expectUsageError(() => parseServeArguments(['--extra-markets', '1', '--extra-markets', '2']), '--extra-markets is given twice');
  });

  it.each([
    [['--port', 'http'], '--port must be a TCP port (0 to 65535), not "http"'],
    [['--port', '70000'], '--port must be a TCP port'],
    [['--port=-1'], '--port must be a TCP port'],
    [['--port', '80.5'], '--port must be a TCP port'],
    [['--download-port', '1e3'], '--download-port must be a TCP port'],
    [['--seed', '1.5'], '--seed must be an integer, not "1.5"'],
    [['--seed', ''], '--seed must be an integer'],
  ])('refuses numbers that are not numbers: %j', (args, message) => {
    expectUsageError(() => parseServeArguments(args), message);
  });

  it('refuses an unknown option, a missing value, a repeated port, a bad fault or key tier, and a positional', () => {
    expectUsageError(() => parseServeArguments(['--bogus']), 'unknown option --bogus');
    expectUsageError(() => parseServeArguments(['--port']), '--port needs a value');
    expectUsageError(() => parseServeArguments(['--seed', '-7']), '--seed needs a value', 'write --seed=VALUE');
    expectUsageError(() => parseServeArguments(['--port', '1', '--port', '2']), '--port is given twice');
    expectUsageError(() => parseServeArguments(['--fail', 'disk']), '--fail takes metadata, storage and/or auth, not "disk"');
    expectUsageError(() => parseServeArguments(['--keys', 'k1:gold']), '--keys', '"gold"');
    expectUsageError(() => parseServeArguments(['now']), 'unexpected argument "now"');
  });
});

describe('mde get', () => {
  it('reads the path and arbitrary --<param> <value> pairs in either form, --all and --base-url', () => {
    expect(parseGetArguments(['/historical/trades', '--source', 'hyperliquid', '--market=BTC', '--start', '1795170000000', '--all', '--base-url', 'https://example.test/'])).toEqual({
      route: 'historicalTrades', params: { source: 'hyperliquid', market: 'BTC', start: '1795170000000' }, all: true, baseUrl: 'https://example.test',
    });
    expect(parseGetArguments(['--q', 'btc', 'catalog'])).toEqual({ route: 'catalog', params: { q: 'btc' }, all: false, baseUrl: 'http://127.0.0.1:8600' });
    expect(parseGetArguments(['/events', '--types=trade,funding_rate', '--q=-x']).params).toEqual({ types: 'trade,funding_rate', q: '-x' });
    expect(Object.entries(parseGetArguments(['/catalog', '--constructor', 'a', '--__proto__', 'b']).params)).toEqual([['constructor', 'a'], ['__proto__', 'b']]);
  });

  it('refuses --cursor in either form, with or without a value', () => {
    for (const args of [['/ohlcv', '--cursor', 'abc'], ['/ohlcv', '--cursor=abc'], ['/ohlcv', '--cursor']]) expectUsageError(() => parseGetArguments(args), '--cursor is managed by the client', '--all');
  });

  it.each([
    ['--limit', 'ten'],
    ['--start', '2026-01-01'],
    ['--end', '17.5'],
    ['--expiry', '1e12'],
  ])('refuses %s %j: a number that is not a number is never sent', (flag, value) => {
    expectUsageError(() => parseGetArguments(['/catalog/instruments', flag, value]), `${flag} must be an integer, not "${value}"`);
  });

  it('refuses a parameter without a value, a repeated parameter, a short option, two paths, no path and an unknown path', () => {
    expectUsageError(() => parseGetArguments(['/catalog', '--market']), '--market needs a value');
    expectUsageError(() => parseGetArguments(['/catalog', '--market', '--all']), '--market needs a value');
    expectUsageError(() => parseGetArguments(['/catalog', '--all=yes']), '--all takes no value');
    expectUsageError(() => parseGetArguments(['/catalog', '--source', 'a', '--source=b']), '--source is given twice ("a" and "b")');
    expectUsageError(() => parseGetArguments(['/catalog', '-s', 'a']), 'unknown option -s');
    expectUsageError(() => parseGetArguments(['/catalog', '/count']), 'one path at a time (got 2)');
    expectUsageError(() => parseGetArguments(['--source', 'a']), 'Which endpoint?');
    expectUsageError(() => parseGetArguments(['/nope']), 'Unknown endpoint "/nope"', 'Known paths');
    expectUsageError(() => parseGetArguments(['/catalog', '--base-url', 'ftp://x']), '--base-url must be http or https');
  });
});

describe('mde key', () => {
  it('reads the action and --base-url in either form', () => {
    expect(parseKeyArguments(['status'])).toEqual({ action: 'status', baseUrl: 'http://127.0.0.1:8600' });
    expect(parseKeyArguments(['set', '--base-url', 'https://example.test'])).toEqual({ action: 'set', baseUrl: 'https://example.test' });
    expect(parseKeyArguments(['--base-url=http://127.0.0.1:9000/', 'delete'])).toEqual({ action: 'delete', baseUrl: 'http://127.0.0.1:9000' });
  });

  it('never repeats an unexpected argument, which may be the key itself', () => {
    const secret = 'sk-live-0123456789abcdef';
    for (const args of [[secret], ['set', secret], ['set', `--token=${secret}`], ['set', `--${secret}`], ['status', '--base-url', 'http://a.test', '--base-url', secret]]) {
      const message = usageErrorOf(() => parseKeyArguments(args)).message;
      expect(message, args.join(' ')).not.toContain(secret);
    }
    expectUsageError(() => parseKeyArguments(['set', secret]), 'not shown', 'read from stdin');
  });

  it('asks for an action, and names a --base-url without a value', () => {
    expectUsageError(() => parseKeyArguments([]), 'Say what to do: set, status or delete');
    expectUsageError(() => parseKeyArguments(['status', '--base-url']), '--base-url needs a value');
  });
});

describe('runMde: a usage error is one line with the command and its usage, exit code 2', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function capture(): { errors: string[]; logs: string[] } {
    const out = { errors: [] as string[], logs: [] as string[] };
    vi.spyOn(console, 'error').mockImplementation((text: unknown) => void out.errors.push(String(text)));
    vi.spyOn(console, 'log').mockImplementation((text: unknown) => void out.logs.push(String(text)));
    return out;
  }

  it.each([
    [['serve', '--port', 'x'], 'mde serve: --port must be a TCP port (0 to 65535), not "x". Usage: npm run -s mde -- serve '],
    [['inspect', 'f.zst', '--bogus'], 'mde inspect: unknown option --bogus. Usage: npm run -s mde -- inspect FILE [--json]'],
    [['decode'], 'mde decode: missing FILE. Usage: npm run -s mde -- decode FILE [--lenient] [--raw]'],
    [['book', 'f.zst', '--depth'], 'mde book: --depth needs a value'],
    [['get', '/catalog', '--limit', 'many'], 'mde get: --limit must be an integer, not "many". Usage: npm run -s mde -- get <path>'],
    [['key', 'set', '--bogus'], 'mde key: Unexpected argument (not shown, in case it is a key). The key is read from stdin, never from the command line. Usage:'],
  ])('%j', async (argv, start) => {
    const out = capture();
    expect(await runMde(argv)).toBe(2);
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]?.includes('\n')).toBe(false);
    expect(out.errors[0]?.startsWith(start), out.errors[0]).toBe(true);
    expect(out.logs).toEqual([]);
  });

  it('prints a command\'s usage for --help and exits 0', async () => {
    const out = capture();
    expect(await runMde(['book', 'f.zst', '--help'])).toBe(0);
    expect(out.logs.join('\n')).toContain('Usage: npm run -s mde -- book FILE... [--depth N] [--at T]');
    expect(out.errors).toEqual([]);
  });

  it('documents every serve option, --extra-markets among them, in mde serve --help', async () => {
    const out = capture();
    expect(await runMde(['serve', '--help'])).toBe(0);
    const help = out.logs.join('\n');
    expect(help).toContain('Usage: npm run -s mde -- serve [--port N] [--data DIR] [--extra-markets N]');
    for (const option of ['--port N', '--download-port N', '--data DIR', '--seed S', '--demo-dir DIR', '--keys', '--fail', '--extra-markets N']) {
      expect(help).toMatch(new RegExp(`^  ${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `, 'm'));
    }
    expect(help).toContain('catalog-only markets (0 to 100,000)');
    expect(out.errors).toEqual([]);
  });

  it('names --extra-markets in the usage error of a bad count', async () => {
    const out = capture();
    expect(await runMde(['serve', '--extra-markets', 'lots'])).toBe(2);
    expect(out.errors[0]).toContain('mde serve: --extra-markets must be a whole number from 0 to 100,000, not "lots"');
  });
});
