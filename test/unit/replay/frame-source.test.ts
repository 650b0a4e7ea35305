import { describe, expect, it } from 'vitest';
import { blankFrameChunk } from '../../../shared/book/book-frames.ts';
import type { BookWindow } from '../../../shared/contract/book-session-schemas.ts';
import { FrameSource, seekAfter, seekBefore, windowAfter, windowBefore, type FrameFetcher } from '../../../renderer/src/views/replay/session/frame-source.ts';

// The player's windows of frames against a fake replay: 20,000 events, event i at clock 10·i
// (two events share each clock from 10,000 on), answered the way main answers.

const total = 20_000;
const clockOf = (i: number): number => (i < 1_000 ? 10 * i : 10_000 + 10 * Math.floor((i - 1_000) / 2));

function lastAtOrBefore(t: number): number {
  let at = -1;
  for (let i = 0; i < total && clockOf(i) <= t; i++) at = i;
  return at;
}

function windowOf(first: number, count: number, anchor: number, strideMs = 0, indices?: number[]): BookWindow {
  const list = indices ?? Array.from({ length: Math.max(0, Math.min(count, total - first)) }, (_, k) => first + k);
  return {
    total,
    anchor,
    strideMs,
    chunk: blankFrameChunk(1, Math.max(1, list.length), list.length),
    indices: Float64Array.from(list).buffer,
    clocks: Float64Array.from(list.map(clockOf)).buffer,
  };
}

function fakeReplay(): { fetcher: FrameFetcher; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    fetcher: {
      window: (input) => {
        asked.push(input.at === undefined ? `first ${input.first ?? 0}` : `at ${input.at} -${input.before}+${input.after}`);
        const anchor = input.at === undefined ? (input.first ?? 0) : lastAtOrBefore(input.at);
        const first = Math.max(0, anchor - input.before);
        return Promise.resolve(windowOf(first, anchor - first + 1 + input.after, anchor));
      },
      sampled: (input) => {
        asked.push(`sampled ${input.t0} ${input.strideMs}`);
        const indices: number[] = [lastAtOrBefore(input.t0)];
        for (let slot = 1; slot < input.maxFrames; slot++) {
          const end = input.t0 + slot * input.strideMs;
          if (end > input.t1) break;
          const at = lastAtOrBefore(end);
          if (at > (indices[indices.length - 1] ?? -1)) indices.push(at);
        }
        return Promise.resolve(windowOf(0, 0, indices[0] ?? -1, input.strideMs, indices));
      },
    },
  };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('frame windows', () => {
  it('asks for a window around the clock, then answers the last event at or before any time inside it', async () => {
    const { fetcher, asked } = fakeReplay();
    const source = new FrameSource(fetcher);
    source.setEntries(total);
    expect(source.frameAtTime(5_000)).toBeNull();
    source.ensureTime(5_000);
    await settle();
    // Nothing was loaded: a jump, answered with the small seek window (64 before, 448 after).
    expect(asked).toEqual([`at 5000 -${seekBefore}+${seekAfter}`]);
    expect(seekBefore + seekAfter).toBe((windowBefore + windowAfter) / 8);
    expect(source.frameAtTime(5_000)?.index).toBe(500);
    expect(source.frameAtTime(5_004)?.index).toBe(500);
    expect(source.frameAtIndex(500 + seekAfter)?.index).toBe(500 + seekAfter);
    expect(source.frameAtIndex(500 + seekAfter + 1)).toBeNull();
    // Before the window's first frame, nothing can be said.
    expect(source.frameAtTime(5_000 - seekBefore * 10 - 10)).toBeNull();
    // Events 1,002 and 1,003 share 10,010: the later one is in force.
    source.ensureTime(10_010);
    await settle();
    expect(source.frameAtTime(10_010)?.index).toBe(1_003);
  });

  it('asks for the next window once the clock is well into the current one, not before', async () => {
    const { fetcher, asked } = fakeReplay();
    const source = new FrameSource(fetcher);
    source.setEntries(total);
    source.ensureTime(0);
    await settle();
    // The seek window holds events 0 … 448 (anchor 0). The next is asked once the clock is 60% of
    // the way past the anchor and the window no longer reaches 30% of its span beyond the clock:
    // here from event 314 (4,480 > t + 1,344 until t = 3,136).
    source.ensureTime(clockOf(300));
    await settle();
    expect(asked).toEqual([`at 0 -${seekBefore}+${seekAfter}`]);
    source.ensureTime(clockOf(320));
    await settle();
    // Playing on asks for a full window ahead.
    expect(asked).toEqual([`at 0 -${seekBefore}+${seekAfter}`, `at ${clockOf(320)} -${windowBefore}+${windowAfter}`]);
    expect(source.frameAtIndex(320 + windowAfter)?.index).toBe(320 + windowAfter);
    // That window (events 0 … 3,904) is anchored at event 320: 60% past it is event 2,471.
    source.ensureTime(clockOf(2_400));
    await settle();
    expect(asked).toHaveLength(2);
    source.ensureTime(clockOf(2_800));
    await settle();
    expect(asked).toHaveLength(3);
  });

  it('steps to an event outside the loaded windows by asking for a window from it', async () => {
    const { fetcher, asked } = fakeReplay();
    const source = new FrameSource(fetcher);
    source.setEntries(total);
    source.ensureIndex(15_000);
    await settle();
    expect(asked).toEqual([`first ${15_000 - windowBefore}`]);
    expect(source.frameAtIndex(15_000)?.index).toBe(15_000);
    expect(source.frameAtIndex(15_000 + windowAfter)?.index).toBe(15_000 + windowAfter);
  });

  it('plays fast from sampled frames, one per slot, and falls back to per-event windows for the exact event', async () => {
    const { fetcher, asked } = fakeReplay();
    const source = new FrameSource(fetcher);
    source.setEntries(total);
    source.ensureTime(20_000, 800);
    await settle();
    expect(asked).toEqual(['sampled 20000 800']);
    // At 20,900 the last sample at or before is the one for the slot ending 20,800.
    expect(source.frameAtTime(20_900, 800)?.index).toBe(lastAtOrBefore(20_800));
    // A per-event question is not answered from samples.
    expect(source.frameAtTime(20_900, 0)).toBeNull();
  });

  it('keeps only a few windows, whatever the range', async () => {
    const { fetcher } = fakeReplay();
    const source = new FrameSource(fetcher);
    source.setEntries(total);
    for (let i = 0; i < 10; i++) {
      source.ensureIndex(i * 1_900 + 1);
      await settle();
    }
    const loaded = Array.from({ length: 10 }, (_, i) => source.frameAtIndex(i * 1_900 + 1) !== null).filter(Boolean).length;
    expect(loaded).toBeLessThanOrEqual(4 + 3);
    expect(source.frameAtIndex(1)).toBeNull();
  });
});
