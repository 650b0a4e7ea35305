import { afterEach, describe, expect, it } from 'vitest';
import { startWorker } from '../../../electron/base/workers/start-worker.ts';
import { WorkerCallError, WorkerChannel, WorkerStoppedError, type WorkerChannelOptions } from '../../../electron/base/workers/worker-channel.ts';
import { workerEntry } from '../../../electron/base/workers/worker-entry.ts';
import type { TestWorkerProtocol } from '../../support/channel-test-worker.ts';

// The one worker wrapper, against a small test worker: calls and their answers, errors, events,
// moved buffers, and what waiting calls get when the worker ends.

const entry = workerEntry(import.meta.url, { sourceFile: '../../support/channel-test-worker.ts', builtFile: 'channel-test-worker.js' });
const open: WorkerChannel<TestWorkerProtocol>[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((channel) => channel.terminate()));
});

function channel(options: Partial<WorkerChannelOptions<TestWorkerProtocol>> = {}): WorkerChannel<TestWorkerProtocol> {
  const made = new WorkerChannel<TestWorkerProtocol>(startWorker(entry), { name: 'the test worker', ...options });
  open.push(made);
  return made;
}

/** What a promise settled with: its value, or the error it rejected with. */
async function settled<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  try {
    return { value: await promise };
  } catch (error) {
    return { error };
  }
}

describe('the worker channel', () => {
  it('answers each call with its own output, by sequence number, in whatever order the worker answers', async () => {
    const worker = channel();
    const first = worker.call('held', 'first');
    const second = worker.call('held', 'second');
    // Answered while the two above wait in the worker.
    expect(await worker.call('echo', 'third')).toBe('third');
    expect(worker.pendingCalls).toBe(2);
    worker.tell('release');
    expect(await Promise.all([second, first])).toEqual(['second', 'first']);
    expect(worker.pendingCalls).toBe(0);
  });

  it('carries an error thrown in the worker to the call, with its message, kind and resolution, and fails a call whose input or answer cannot cross the thread', async () => {
    const worker = channel();
    const thrown = await settled(worker.call('fail', { message: 'the file is not zstd', kind: 'not-zstd', resolution: 'Download it again.' }));
    expect('error' in thrown && thrown.error).toBeInstanceOf(WorkerCallError);
    expect('error' in thrown && thrown.error).toMatchObject({ message: 'the file is not zstd', kind: 'not-zstd', resolution: 'Download it again.' });
    // Without a kind the error's name stands for it; a rejected promise fails the call the same way.
    expect(await settled(worker.call('fail', { message: 'out of range', later: true }))).toMatchObject({ error: { message: 'out of range', kind: 'RangeError', resolution: null } });
    expect(await settled(worker.call('fail', { message: 'a bare string', text: true }))).toMatchObject({ error: { message: 'a bare string', kind: 'Error' } });
    // What cannot cross the thread fails its call, either way.
    expect(await settled(worker.call('uncloneable'))).toMatchObject({ error: { kind: 'DataCloneError' } });
    expect(await settled(worker.call('ignore', () => 'not data'))).toMatchObject({ error: { name: 'DataCloneError' } });
    // The worker lives on.
    expect(await worker.call('echo', 'still here')).toBe('still here');
  });

  it('delivers events in the order posted, all before the answer posted after them', async () => {
    const ticks: number[] = [];
    const worker = channel({ events: { tick: (tick) => ticks.push(tick), chunk: () => {}, kept: () => {} } });
    const answer = await worker.call('count', 500);
    expect(answer).toBe(500);
    expect(ticks).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
  });

  it('moves a buffer listed for transfer (detached on the sending side), and copies one that is not', async () => {
    const worker = channel();
    const copied = new ArrayBuffer(1024);
    expect(await worker.call('measure', copied)).toBe(1024);
    expect(copied.byteLength).toBe(1024);
    const movedAway = new ArrayBuffer(2048);
    expect(await worker.call('measure', movedAway, [movedAway])).toBe(2048);
    expect(movedAway.byteLength).toBe(0);

    // From the worker: the answer and an event's payload both moved, nothing left behind there.
    const chunks: ArrayBuffer[] = [];
    let kept: (lengths: [number, number]) => void = () => {};
    const keptThere = new Promise<[number, number]>((resolve) => (kept = resolve));
    const giving = channel({ events: { tick: () => {}, chunk: (chunk) => chunks.push(chunk), kept: (lengths) => kept(lengths) } });
    const answer = await giving.call('give', 4096);
    expect(answer.byteLength).toBe(4096);
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([4096]);
    expect(await keptThere).toEqual([0, 0]);
  });

  it('fails every waiting call when the worker throws, once, names the worker, and fails later calls at once', async () => {
    const stops: WorkerStoppedError[] = [];
    const worker = channel({ onStop: (error) => stops.push(error) });
    const waiting = [settled(worker.call('never')), settled(worker.call('held', 'x'))];
    const crashed = await settled(worker.call('crash', 'out of memory, pretend'));
    const outcomes = [...(await Promise.all(waiting)), crashed];
    for (const outcome of outcomes) {
      expect('error' in outcome && outcome.error).toBeInstanceOf(WorkerStoppedError);
      expect(outcome).toMatchObject({ error: { message: 'the test worker failed (out of memory, pretend)', end: { kind: 'failed' } } });
    }
    expect(stops).toHaveLength(1);
    expect(stops[0]?.end.kind).toBe('failed');
    expect(worker.end?.kind).toBe('failed');
    expect(worker.pendingCalls).toBe(0);
    expect(await settled(worker.call('echo', 'too late'))).toMatchObject({ error: { message: 'the test worker failed (out of memory, pretend)' } });
  });

  it('fails every waiting call when the worker exits, with its exit code', async () => {
    const stops: WorkerStoppedError[] = [];
    const worker = channel({ onStop: (error) => stops.push(error) });
    const waiting = settled(worker.call('never'));
    expect(await settled(worker.call('exit', 3))).toMatchObject({ error: { message: 'the test worker stopped', end: { kind: 'exited', code: 3 } } });
    expect(await waiting).toMatchObject({ error: { end: { kind: 'exited', code: 3 } } });
    expect(stops.map((error) => error.end)).toEqual([{ kind: 'exited', code: 3 }]);
  });

  it('terminate resolves once the thread has stopped, failing the waiting calls as terminated, and is no stop of the worker’s own', async () => {
    const stops: WorkerStoppedError[] = [];
    const worker = channel({ onStop: (error) => stops.push(error) });
    expect(await worker.call('echo', 'up')).toBe('up');
    const waiting = settled(worker.call('never'));
    await worker.terminate();
    expect(await waiting).toMatchObject({ error: { message: 'the test worker was terminated', end: { kind: 'terminated' } } });
    expect(worker.end).toEqual({ kind: 'terminated' });
    expect(stops).toEqual([]);
    // A note to an ended worker is dropped; a call rejects at once.
    worker.tell('release');
    expect(await settled(worker.call('echo', 'gone'))).toMatchObject({ error: { end: { kind: 'terminated' } } });
  });
});
