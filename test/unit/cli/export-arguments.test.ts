import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../electron/cli/command-line.ts';
import { parseExportArgs } from '../../../electron/cli/export-command.ts';

function expectUsageError(parse: () => unknown, ...fragments: string[]): void {
  let message: string | null = null;
  try {
    parse();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    message = error.message;
  }
  expect(message, 'expected a UsageError').not.toBeNull();
  for (const fragment of fragments) expect(message).toContain(fragment);
}

describe('mde export arguments', () => {
  it('reads files, types, the format from --out and --force', () => {
    expect(parseExportArgs(['a.zst', 'b.zst', '--types', 'trade, orderbook', '--out', 'x.PARQUET', '--force'])).toEqual({
      input: { kind: 'files', files: ['a.zst', 'b.zst'] },
      types: ['trade', 'orderbook'],
      out: 'x.PARQUET',
      format: 'parquet',
      force: true,
    });
    expect(parseExportArgs(['a.zst', '--out=x.csv'])).toMatchObject({ types: [], format: 'csv', force: false });
  });

  it('reads a library range with UTC dates, ISO times with a zone, or Unix ms', () => {
    const args = ['--root', 'lib', '--source', 'aster', '--market', 'ETH-USDT', '--from', '2024-06-01', '--to', '2024-06-01T01:30+01:00', '--out', 'x.csv'];
    expect(parseExportArgs(args).input).toEqual({ kind: 'library', root: 'lib', source: 'aster', market: 'ETH-USDT', start: Date.UTC(2024, 5, 1), end: Date.UTC(2024, 5, 1, 0, 30) });
    expect(parseExportArgs([...args.slice(0, 6), '--from', '1717200000000', '--to', '1717200000500', '--out', 'x.csv']).input).toMatchObject({ start: 1717200000000, end: 1717200000500 });
  });

  it('names what is wrong', () => {
    expectUsageError(() => parseExportArgs(['a.zst']), 'missing --out');
    expectUsageError(() => parseExportArgs(['a.zst', '--out', 'x.json']), '.csv or .parquet', 'x.json');
    expectUsageError(() => parseExportArgs(['--out', 'x.csv']), 'missing FILE');
    expectUsageError(() => parseExportArgs(['a.zst', '--root', 'lib', '--out', 'x.csv']), 'not both');
    expectUsageError(() => parseExportArgs(['--root', 'lib', '--source', 's', '--out', 'x.csv']), '--market, --from, --to');
    expectUsageError(() => parseExportArgs(['--root', 'l', '--source', 's', '--market', 'm', '--from', '2024-06-01T10:00', '--to', '2024-06-02', '--out', 'x.csv']), '--from', 'zone');
    expectUsageError(() => parseExportArgs(['--root', 'l', '--source', 's', '--market', 'm', '--from', '2024-06-02', '--to', '2024-06-01', '--out', 'x.csv']), '--to must be after --from');
    expectUsageError(() => parseExportArgs(['a.zst', '--out', 'x.csv', '--overwrite']), '--overwrite');
  });
});
