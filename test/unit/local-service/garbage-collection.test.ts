import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../../electron/server/store/garbage-collection.ts';

// An idle service allocates nothing, so nothing collects what its caches dropped; it asks for a
// collection itself. The heap after it must no longer hold what was let go of.

describe('asking for a garbage collection', () => {
  it('frees what nothing refers to any more, without waiting for allocation to trigger it', async () => {
    const mb = 1024 * 1024;
    // 64 MB of plain number arrays (8 B an element), garbage once `fill` returns.
    const fill = (): number => Array.from({ length: 64 }, (_unused, i) => Array.from({ length: mb / 8 }, (_value, j) => i + j + 0.5)).length;
    expect(fill()).toBe(64);
    const held = process.memoryUsage().heapUsed;
    await collectGarbage();
    // At least 48 of the 64 MB are gone from the heap (the test's own objects come and go).
    expect(held - process.memoryUsage().heapUsed).toBeGreaterThan(48 * mb);
  });

  it('shares one collection among callers that ask while it runs', async () => {
    const first = collectGarbage();
    expect(collectGarbage()).toBe(first);
    await first;
    expect(collectGarbage()).not.toBe(first);
  });
});
