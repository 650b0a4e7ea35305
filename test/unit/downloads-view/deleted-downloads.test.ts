import { describe, expect, it } from 'vitest';
import type { DownloadItem, LibraryFile, LibraryIndex } from '../../../shared/contract/library-schemas.ts';
import { deletedDownloads } from '../../../renderer/src/views/downloads/deleted-downloads.ts';

// A finished download whose file left the library is shown as deleted, not done (README, Downloads).

const hourKey = (market: string, date: string, hour: number): string => `standard-demo-${market}-${date}-${String(hour).padStart(2, '0')}`;

function item(market: string, date: string, hour: number, state: DownloadItem['state'], span?: 'day'): DownloadItem {
  const key = span === 'day' ? `standard-demo-${market}-${date}` : hourKey(market, date, hour);
  return { key, source: 'demo', market, date, hour, ...(span === undefined ? {} : { span }), state, bytes: 10, totalBytes: 10, rateBps: 0, etaMs: null, attempts: 0, failure: null };
}

function hourFile(market: string, date: string, hour: number): LibraryFile {
  return { key: hourKey(market, date, hour), date, hour, bytes: 10, records: 1, layout: 'standard' };
}

function index(files: Record<string, LibraryFile[]>): LibraryIndex {
  return { root: '/library', datasets: Object.entries(files).map(([market, list]) => ({ source: 'demo', market, bytes: 10 * list.length, files: list })), bytes: 0, freeBytes: null };
}

describe('deletedDownloads', () => {
  it('names the done downloads whose hour file is gone, per dataset, and no other state', () => {
    const items = [
      item('BTC', '2026-11-20', 0, 'done'),
      item('BTC', '2026-11-20', 1, 'done'),
      item('ETH', '2026-11-20', 1, 'done'),
      item('BTC', '2026-11-20', 2, 'failed'),
      item('BTC', '2026-11-20', 3, 'cancelled'),
      item('BTC', '2026-11-20', 4, 'downloading'),
    ];
    // BTC 01:00 was deleted; ETH has the same hour, which does not count for BTC.
    const library = index({ BTC: [hourFile('BTC', '2026-11-20', 0)], ETH: [hourFile('ETH', '2026-11-20', 1)] });
    expect([...deletedDownloads(items, library)]).toEqual([hourKey('BTC', '2026-11-20', 1)]);
    // A dataset with no file left at all.
    expect([...deletedDownloads(items, index({}))]).toEqual([hourKey('BTC', '2026-11-20', 0), hourKey('BTC', '2026-11-20', 1), hourKey('ETH', '2026-11-20', 1)]);
  });

  it('names nothing while the library index is not known', () => {
    expect(deletedDownloads([item('BTC', '2026-11-20', 0, 'done')], undefined).size).toBe(0);
  });

  it('counts a whole-day file as holding each hour of its day, and a day download as held by a day file or all 24 hour files', () => {
    const day: LibraryFile = { key: 'standard-demo-BTC-2026-11-20', date: '2026-11-20', hour: 0, span: 'day', bytes: 240, records: 24, layout: 'standard' };
    const items = [item('BTC', '2026-11-20', 7, 'done'), item('BTC', '2026-11-20', 0, 'done', 'day'), item('BTC', '2026-11-21', 0, 'done', 'day')];
    const allHours = Array.from({ length: 24 }, (_, hour) => hourFile('BTC', '2026-11-21', hour));
    expect([...deletedDownloads(items, index({ BTC: [day, ...allHours] }))]).toEqual([]);
    expect([...deletedDownloads(items, index({ BTC: [day, ...allHours.slice(1)] }))]).toEqual(['standard-demo-BTC-2026-11-21']);
    expect([...deletedDownloads(items, index({ BTC: allHours }))]).toEqual([hourKey('BTC', '2026-11-20', 7), 'standard-demo-BTC-2026-11-20']);
  });
});
