import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute } from '../../../renderer/src/navigation/route.ts';
import { historyModeFor } from '../../../renderer/src/navigation/route-history.ts';
import { viewRegistry } from '../../../renderer/src/views/view-registry.ts';

// A file replay's address names its files: `file=<grant id>:<name>` per file, read back exactly.

const grant = { fileId: '3f2a9c1e-7b7d-4d55-9a0e-2b1c7f00aa01', name: 'standard-binance-BTCUSDT-2026-03-10-07.jsonl.zst' };

describe('a file replay in the address', () => {
  it('is written as one file= pair per file, by hand: id, a colon, the name', () => {
    expect(formatRoute('replay', { source: 'binance', market: 'BTCUSDT', files: [grant] })).toBe(
      '#/replay/binance/BTCUSDT?file=3f2a9c1e-7b7d-4d55-9a0e-2b1c7f00aa01:standard-binance-BTCUSDT-2026-03-10-07.jsonl.zst',
    );
  });

  it('reads back the files in order, names with colons, spaces, commas and & intact', () => {
    const files = [grant, { fileId: 'b-2', name: 'my book: day 1, part & 2.jsonl.zst' }];
    const parsed = parseRoute(formatRoute('replay', { files, at: Date.UTC(2026, 2, 10, 7, 30) }), viewRegistry);
    expect(parsed).toEqual({ kind: 'route', route: { view: 'replay', params: { files, at: Date.UTC(2026, 2, 10, 7, 30) } }, dropped: [] });
  });

  it('drops a file= without an id, and says so', () => {
    const parsed = parseRoute('#/replay?file=:name.jsonl.zst', viewRegistry);
    expect(parsed.kind === 'route' ? parsed.dropped : []).toEqual(['file ":name.jsonl.zst": not a granted file (write file=<grant id>:<name>)']);
  });

  it('opening or closing files is a new history entry, so Back returns to what played before', () => {
    const market = { view: 'replay' as const, params: { source: 'binance', market: 'BTCUSDT' } };
    const files = { view: 'replay' as const, params: { source: 'binance', market: 'BTCUSDT', files: [grant] } };
    expect(historyModeFor(market, files)).toBe('push');
    expect(historyModeFor(files, market)).toBe('push');
    expect(historyModeFor(files, { ...files, params: { ...files.params, at: 5 } })).toBe('replace');
  });
});
