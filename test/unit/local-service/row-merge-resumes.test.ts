import { describe, expect, it } from 'vitest';
import { RowMergeResumes } from '../../../electron/server/rows/row-merge-resumes.ts';
import { RowMerge } from '../../../electron/server/rows/row-pager.ts';
import type { MarketDataStore } from '../../../electron/server/store/market-data-store.ts';

// Merges kept between pages are handed back only for the cursor and principal that left them,
// once, and within their byte budget.

const noStore: MarketDataStore = new Proxy({} as MarketDataStore, {
  get: () => {
    throw new Error('a merge that was never paged reads nothing');
  },
});

function merge(): RowMerge {
  return new RowMerge(noStore, { kinds: ['trade'], datasets: [], range: { start: 0, end: 1 }, instrument: undefined, after: undefined, options: { latestHourFunding: false, candlesByCollectorTime: false } });
}

describe('merges kept between pages', () => {
  it('go on only for the principal whose page left them, and only once', () => {
    const resumes = new RowMergeResumes();
    const kept = merge();
    resumes.keep('cursor-1', 'key:alice', kept);
    expect(resumes.take('cursor-1', 'key:bob')).toBeUndefined();
    expect(resumes.take('cursor-1', 'anonymous')).toBeUndefined();
    expect(resumes.take('cursor-2', 'key:alice')).toBeUndefined();
    expect(resumes.take('cursor-1', 'key:alice')).toBe(kept);
    // A second request with the same cursor (a retry) starts afresh.
    expect(resumes.take('cursor-1', 'key:alice')).toBeUndefined();
  });

  it('keep no more bytes than their budget: the least recently kept goes first', () => {
    // An unpaged merge holds its 4 KiB of bookkeeping: two do not fit in 6 KiB.
    const resumes = new RowMergeResumes({ maxBytes: 6 * 1024 });
    const first = merge();
    const second = merge();
    resumes.keep('a', 'key:k', first);
    resumes.keep('b', 'key:k', second);
    expect(resumes.bytes).toBe(4096);
    expect(resumes.take('a', 'key:k')).toBeUndefined();
    expect(resumes.take('b', 'key:k')).toBe(second);
  });
});
