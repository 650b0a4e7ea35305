import { describe, expect, it } from 'vitest';
import { defaultBaseUrl } from '../../../electron/cli/cli-base-url.ts';
import { UsageError } from '../../../electron/cli/command-line.ts';
import { formatDuration, parseDownloadArguments, progressLine } from '../../../electron/cli/download-command.ts';
import { formatBytes } from '../../../shared/byte-size.ts';
import type { DownloadQueue } from '../../../shared/contract/library-schemas.ts';

function usageMessage(args: readonly string[]): string {
  try {
    parseDownloadArguments(args, '/work');
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('expected a UsageError');
}

describe('mde download arguments', () => {
  it('reads a day, the defaults (./market-data under the working folder, mde serve\'s base URL, 3 at once)', () => {
    expect(parseDownloadArguments(['--source', 'hyperliquid', '--market', 'BTC', '--date', '2026-03-02'], '/work')).toEqual({
      source: 'hyperliquid',
      market: 'BTC',
      span: { kind: 'date', date: '2026-03-02' },
      root: '/work/market-data',
      baseUrl: defaultBaseUrl,
      concurrency: 3,
    });
  });

  it('reads a range of ISO times (UTC unless an offset is named) or dates, a root and a concurrency', () => {
    const args = parseDownloadArguments(['--source', 's', '--market', 'm', '--from', '2026-03-02T10:00', '--to', '2026-03-03', '--root', 'lib', '--concurrency', '5', '--base-url', 'http://127.0.0.1:9/'], '/work');
    expect(args).toMatchObject({ span: { kind: 'range', from: Date.UTC(2026, 2, 2, 10), to: Date.UTC(2026, 2, 3) }, root: '/work/lib', concurrency: 5, baseUrl: 'http://127.0.0.1:9' });
    expect(parseDownloadArguments(['--source', 's', '--market', 'm', '--from', '2026-03-02T10:00:00+02:00', '--to', '2026-03-02T10:00:00Z'], '/').span).toEqual({ kind: 'range', from: Date.UTC(2026, 2, 2, 8), to: Date.UTC(2026, 2, 2, 10) });
  });

  it('names what is wrong', () => {
    expect(usageMessage(['--market', 'm', '--date', '2026-03-02'])).toBe('--source is required');
    expect(usageMessage(['--source', 's', '--date', '2026-03-02'])).toBe('--market is required');
    expect(usageMessage(['--source', 's', '--market', 'm'])).toContain('give --date YYYY-MM-DD, or both --from and --to');
    expect(usageMessage(['--source', 's', '--market', 'm', '--from', '2026-03-02'])).toContain('both --from and --to');
    expect(usageMessage(['--source', 's', '--market', 'm', '--date', '2026-03-02', '--to', '2026-03-03'])).toContain('not both');
    expect(usageMessage(['--source', 's', '--market', 'm', '--date', '2026-3-2'])).toContain('--date must be a UTC date YYYY-MM-DD, not "2026-3-2"');
    expect(usageMessage(['--source', 's', '--market', 'm', '--from', 'yesterday', '--to', '2026-03-03'])).toContain('--from must be an ISO 8601');
    expect(usageMessage(['--source', 's', '--market', 'm', '--from', '2026-03-03', '--to', '2026-03-03'])).toContain('--from must be before --to');
    expect(usageMessage(['--source', 's', '--market', 'm', '--date', '2026-03-02', '--concurrency', '0'])).toContain('--concurrency must be a whole number from 1 to 16, not "0"');
    expect(usageMessage(['--source', 's', '--market', 'm', '--date', '2026-03-02', 'extra'])).toContain('unexpected argument "extra"');
    expect(usageMessage(['--source', 's', '--market', 'm', '--date', '2026-03-02', '--base-url', 'ftp://x'])).toContain('--base-url must be http or https');
  });
});

describe('mde download progress', () => {
  it('formats bytes and durations for people', () => {
    expect([formatBytes(999), formatBytes(1500), formatBytes(2_500_000), formatBytes(3_210_000_000)]).toEqual(['999 B', '1.50 KB', '2.50 MB', '3.21 GB']);
    expect([formatDuration(400), formatDuration(45_000), formatDuration(200_000), formatDuration(7_500_000)]).toEqual(['1 s', '45 s', '3 min 20 s', '2 h 5 min']);
  });

  it('draws landed plus flowing bytes of the whole, the rate, the ETA and files done of all', () => {
    const item = { source: 's', market: 'm', date: '2026-03-02', hour: 0, rateBps: 0, etaMs: null, attempts: 0, failure: null };
    const queue: DownloadQueue = {
      items: [
        { ...item, key: 'a', state: 'done', bytes: 1_000_000, totalBytes: 1_000_000 },
        { ...item, key: 'b', state: 'downloading', bytes: 500_000, totalBytes: 2_000_000 },
        { ...item, key: 'c', state: 'queued', bytes: 0, totalBytes: 1_000_000 },
      ],
      paused: false,
      concurrency: 3,
      totals: { bytes: 500_000, totalBytes: 3_000_000, rateBps: 250_000, etaMs: 10_000, active: 1, queued: 1, done: 1, failed: 0 },
    };
    // 1.5 MB of 4 MB: 9 of 24 cells.
    expect(progressLine(queue)).toBe(`[${'#'.repeat(9)}${'.'.repeat(15)}] 1.50 MB/4.00 MB  250 KB/s  ETA 10 s  files 1/3`);
  });
});
