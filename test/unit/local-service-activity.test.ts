import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { quietMoment, ServiceActivity } from '../../electron/server/service-activity.ts';

describe('service activity', () => {
  it('is quiet only with nothing in flight and nothing ended within the quiet time', () => {
    let now = 1_000;
    const activity = new ServiceActivity(() => now);
    expect(activity.isQuiet(1_500)).toBe(true);
    activity.started();
    activity.started();
    now = 5_000;
    expect(activity.inFlight).toBe(2);
    expect(activity.isQuiet(1_500)).toBe(false);
    activity.ended();
    expect(activity.isQuiet(0)).toBe(false);
    activity.ended();
    // Both answered at 5,000: quiet from 6,500 on.
    now = 6_499;
    expect(activity.isQuiet(1_500)).toBe(false);
    now = 6_500;
    expect(activity.isQuiet(1_500)).toBe(true);
  });

  it('never counts below zero', () => {
    const activity = new ServiceActivity(() => 0);
    activity.ended();
    expect(activity.inFlight).toBe(0);
  });

  it('a quiet moment is waited for until the service is quiet, or until the wait is aborted', async () => {
    let now = 0;
    const activity = new ServiceActivity(() => now);
    activity.started();
    let checks = 0;
    // Each poll advances the clock by 500 ms and ends the request on the second one.
    const polling = quietMoment(activity, 1_000, new AbortController().signal, 0).then(() => checks);
    const tick = setInterval(() => {
      checks++;
      now += 500;
      if (checks === 2) activity.ended();
    }, 0);
    await polling;
    clearInterval(tick);
    // Ended at 1,000 (second tick); quiet from 2,000, reached on the fourth tick.
    expect(checks).toBeGreaterThanOrEqual(4);
    expect(activity.isQuiet(1_000)).toBe(true);

    const stop = new AbortController();
    activity.started();
    const aborted = quietMoment(activity, 1_000, stop.signal, 60_000);
    stop.abort();
    await aborted;
    expect(activity.inFlight).toBe(1);
  });

  it('holds at most one listener on the long-lived stop signal however long the service stays busy (no leak, no MaxListeners warning)', async () => {
    const activity = new ServiceActivity(() => 0);
    activity.started();
    const stop = new AbortController();
    const most = { listeners: 0, polls: 0 };
    const waiting = quietMoment(activity, 1_000, stop.signal, 0);
    // Watch 40 polls of a busy service (a download running), then let it go quiet.
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        most.polls++;
        most.listeners = Math.max(most.listeners, getEventListeners(stop.signal, 'abort').length);
        if (most.polls === 40) {
          clearInterval(tick);
          activity.ended();
          resolve();
        }
      }, 0);
    });
    stop.abort();
    await waiting;
    expect(most.listeners).toBe(1);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });
});
