import { describe, expect, it } from 'vitest';
import { Slots } from '../../../electron/host/client/host-slots.ts';
import { sleep } from '../../../electron/host/client/retry-policy.ts';

// A wait the caller abandons ends with the signal's reason exactly as it was given: downloads
// abort with the strings 'pause' and 'cancel', and read them back from the rejection.

/** The reason a promise rejected with, or 'resolved'. */
async function outcomeOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'resolved',
    (reason: unknown) => reason,
  );
}

describe('abandoned waits reject with the signal reason as given', () => {
  it('sleep: aborted before it starts, and while it waits', async () => {
    expect(await outcomeOf(sleep(60_000, AbortSignal.abort('pause')))).toBe('pause');
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    const reason = new Error('user moved on');
    controller.abort(reason);
    expect(await outcomeOf(waiting)).toBe(reason);
  });

  it('sleep: ends normally without a signal', async () => {
    expect(await outcomeOf(sleep(0))).toBe('resolved');
  });

  it('Slots: a waiter that gives up leaves with the reason and takes no slot', async () => {
    const slots = new Slots(1);
    const release = await slots.acquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort('cancel');
    expect(await outcomeOf(waiting)).toBe('cancel');
    expect(slots.inUse).toBe(1);
    release();
    expect(slots.inUse).toBe(0);
    expect(await outcomeOf(slots.acquire(AbortSignal.abort('pause')))).toBe('pause');
  });

  it('Slots: a waiter given the slot keeps it even if its signal aborts later', async () => {
    const slots = new Slots(1);
    const release = await slots.acquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    release();
    const second = await waiting;
    controller.abort('pause');
    expect(slots.inUse).toBe(1);
    second();
    expect(slots.inUse).toBe(0);
  });
});
