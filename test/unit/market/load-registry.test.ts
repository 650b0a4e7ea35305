import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract/errors.ts';
import { LoadRegistry, type LoadContext } from '../../../electron/host/market/load-registry.ts';
import { rejectionOf } from '../../support/rejection.ts';

/** A load that reports progress and then waits until its signal aborts (as a client's fetch does). */
function untilAborted(context: LoadContext): Promise<never> {
  context.progress(10);
  return new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason as Error), { once: true }));
}

describe('LoadRegistry', () => {
  it('runs a load, reports its progress under its id, and forgets it when done', async () => {
    const pushed: [string, number][] = [];
    const loads = new LoadRegistry((id, rows) => pushed.push([id, rows]));
    const value = await loads.run('r-1', 'market.trades', (context) => {
      context.progress(3);
      context.progress(7);
      return Promise.resolve('rows');
    });
    expect(value).toBe('rows');
    expect(pushed).toEqual([['r-1', 3], ['r-1', 7]]);
    expect(loads.size).toBe(0);
    expect(loads.cancel('r-1')).toBe(false);
  });

  it('cancels a running load: its signal aborts, it fails as cancelled, and the id is free again', async () => {
    const loads = new LoadRegistry(() => {});
    const running = loads.run('r-2', 'market.candles', untilAborted);
    expect(loads.size).toBe(1);
    expect(loads.cancel('r-2')).toBe(true);
    const error = await rejectionOf(running, ContractError);
    expect(error).toMatchObject({ kind: 'cancelled', channel: 'market.candles', message: 'market.candles was cancelled' });
    expect(loads.size).toBe(0);
    await expect(loads.run('r-2', 'market.candles', () => Promise.resolve(1))).resolves.toBe(1);
  });

  it('refuses a second load under an id still running, without disturbing the first', async () => {
    const loads = new LoadRegistry(() => {});
    let release = (): void => {};
    const first = loads.run('r-3', 'market.trades', () => new Promise<string>((resolve) => (release = () => resolve('first'))));
    let secondStarted = false;
    const second = await rejectionOf(
      loads.run('r-3', 'market.trades', () => {
        secondStarted = true;
        return Promise.resolve('second');
      }),
      ContractError,
    );
    expect(second).toMatchObject({ kind: 'invalid-request', channel: 'market.trades' });
    expect(secondStarted).toBe(false);
    release();
    await expect(first).resolves.toBe('first');
  });

  it('passes a failure of a load that was not cancelled through unchanged', async () => {
    const loads = new LoadRegistry(() => {});
    const failure = new Error('service down');
    await expect(loads.run('r-4', 'market.funding', () => Promise.reject(failure))).rejects.toBe(failure);
    expect(loads.size).toBe(0);
  });
});
