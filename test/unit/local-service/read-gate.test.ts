import { describe, expect, it } from 'vitest';
import { ReadGate } from '../../../electron/server/read-gate.ts';

// The local service runs at most a few data reads at once; the rest wait, in arrival order.

/** A read the test ends by hand. */
function handRead(log: string[], name: string): { read: () => Promise<string>; finish: () => void; fail: () => void } {
  let finish: () => void = () => {};
  let fail: () => void = () => {};
  const read = (): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = () => resolve(name);
      fail = () => reject(new Error(name));
    });
  return { read, finish: () => finish(), fail: () => fail() };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the read gate', () => {
  it('runs at most its slots at once and the others in arrival order, also after a read fails', async () => {
    const gate = new ReadGate(2);
    const log: string[] = [];
    const reads = ['a', 'b', 'c', 'd', 'e'].map((name) => handRead(log, name));
    const results = reads.map((read) => gate.run(read.read).catch((error: unknown) => `failed ${String(error)}`));
    await turn();
    expect(log).toEqual(['start a', 'start b']);
    expect([gate.running, gate.waiting]).toEqual([2, 3]);
    reads[1]?.fail();
    await turn();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    reads[0]?.finish();
    await turn();
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
    // A read arriving now waits behind e, which came first.
    const late = handRead(log, 'f');
    const lateResult = gate.run(late.read);
    reads[2]?.finish();
    await turn();
    expect(log.slice(-1)).toEqual(['start e']);
    reads[3]?.finish();
    await turn();
    expect(log.slice(-1)).toEqual(['start f']);
    reads[4]?.finish();
    late.finish();
    expect(await Promise.all(results)).toEqual(['a', 'failed Error: b', 'c', 'd', 'e']);
    expect(await lateResult).toBe('f');
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('needs at least one slot', () => {
    expect(() => new ReadGate(0)).toThrow(/at least one slot/);
  });
});
