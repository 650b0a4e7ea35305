import { afterAll, describe, expect, it } from 'vitest';
import { demoDatasets } from '../../electron/server/simulator/demo-datasets.ts';
import { generateHourFile } from '../../electron/server/simulator/generate-hour.ts';
import { defaultGenerationWorkers, WorkerHourGenerator } from '../../electron/server/simulator/hour-generator.ts';

const hour = Date.UTC(2026, 10, 18, 7);
const btc = demoDatasets.find((d) => d.source === 'hyperliquid' && d.market === 'BTC');

describe('demo hours generated in a worker thread', () => {
  const generator = new WorkerHourGenerator();
  afterAll(() => generator.close());

  it('gives the same bytes as generating in-process, for whole and live hours', async () => {
    if (btc === undefined) throw new Error('no BTC dataset');
    const whole = await generator.generate(5, btc, hour, Number.POSITIVE_INFINITY);
    expect(Buffer.from(whole).equals(Buffer.from(generateHourFile(5, btc, hour)))).toBe(true);
    const live = await generator.generate(5, btc, hour, hour + 10 * 60_000);
    expect(Buffer.from(live).equals(Buffer.from(generateHourFile(5, btc, hour, hour + 10 * 60_000)))).toBe(true);
  });

  it('keeps the calling thread free while it generates', async () => {
    if (btc === undefined) throw new Error('no BTC dataset');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await Promise.all([generator.generate(6, btc, hour, Number.POSITIVE_INFINITY), generator.generate(7, btc, hour, Number.POSITIVE_INFINITY)]);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
  });

  it('reports an unknown dataset as a rejected promise, not a crash', async () => {
    if (btc === undefined) throw new Error('no BTC dataset');
    await expect(generator.generate(1, { ...btc, source: 'nowhere' }, hour, Number.POSITIVE_INFINITY)).rejects.toThrow('no dataset nowhere/BTC');
  });
});

describe('an idle generation worker', () => {
  it('ends after the idle time with nothing to do, and a later hour starts a new one', async () => {
    if (btc === undefined) throw new Error('no BTC dataset');
    const timers: { run: () => void; delayMs: number; cancelled: boolean; ran: boolean }[] = [];
    const waiting = (): typeof timers => timers.filter((timer) => !timer.cancelled && !timer.ran);
    const generator = new WorkerHourGenerator(undefined, {
      idleMs: 20_000,
      timer: (run, delayMs) => {
        const timer = {
          run: () => {
            timer.ran = true;
            run();
          },
          delayMs,
          cancelled: false,
          ran: false,
        };
        timers.push(timer);
        return () => {
          timer.cancelled = true;
        };
      },
    });
    try {
      expect(generator.running).toBe(false);
      const first = await generator.generate(5, btc, hour, hour + 60_000);
      expect(generator.running).toBe(true);
      // Nothing left to do: one stop is waiting, for the idle time.
      expect(waiting().map((timer) => timer.delayMs)).toEqual([20_000]);
      waiting()[0]?.run();
      expect(generator.running).toBe(false);
      // The next hour starts a worker again, with the same bytes.
      const again = await generator.generate(5, btc, hour, hour + 60_000);
      expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
      // A call that arrives while a stop waits cancels it.
      const stop = waiting();
      expect(stop).toHaveLength(1);
      const pending = generator.generate(6, btc, hour, hour + 60_000);
      expect(stop[0]?.cancelled).toBe(true);
      await pending;
      expect(generator.running).toBe(true);
    } finally {
      await generator.close();
    }
  });
});

describe('a pool of generation workers', () => {
  it('builds hours on several threads at once, each with the bytes generated in-process, whatever the order', async () => {
    if (btc === undefined) throw new Error('no BTC dataset');
    const eth = demoDatasets.find((d) => d.source === 'hyperliquid' && d.market === 'ETH') ?? btc;
    const generator = new WorkerHourGenerator(undefined, { workers: 3 });
    try {
      // Asked for newest first and mixed across datasets; compared with a plain in-process run, oldest first.
      const asked = [
        { dataset: eth, hourStart: hour + 2 * 3_600_000, until: hour + 2 * 3_600_000 + 5 * 60_000 },
        { dataset: btc, hourStart: hour + 3_600_000, until: hour + 3_600_000 + 5 * 60_000 },
        { dataset: btc, hourStart: hour, until: hour + 4 * 60_000 },
        { dataset: eth, hourStart: hour, until: hour + 6 * 60_000 },
        { dataset: btc, hourStart: hour - 3_600_000, until: hour - 30 * 60_000 },
      ];
      const pending = asked.map((job) => generator.generate(9, job.dataset, job.hourStart, job.until));
      // Three threads take the first three hours at once; the other two wait for a free one.
      expect(generator.threads).toBe(3);
      const pooled = await Promise.all(pending);
      const reference = [...asked].reverse().map((job) => generateHourFile(9, job.dataset, job.hourStart, job.until)).reverse();
      pooled.forEach((bytes, index) => expect(Buffer.from(bytes).equals(Buffer.from(reference[index] ?? new Uint8Array(0))), `hour ${index}`).toBe(true));
    } finally {
      await generator.close();
    }
    expect(generator.running).toBe(false);
  });

  it('starts no more threads than its size, and queued hours fail when it closes', async () => {
    if (btc === undefined) throw new Error('no BTC dataset');
    const generator = new WorkerHourGenerator(undefined, { workers: 1 });
    const first = generator.generate(3, btc, hour, hour + 60_000);
    const queued = generator.generate(3, btc, hour, hour + 2 * 60_000);
    expect(generator.threads).toBe(1);
    const closing = generator.close();
    await expect(first).rejects.toThrow('closed');
    await expect(queued).rejects.toThrow('closed');
    await closing;
  });

  it('is sized to the cores, at least 1 and at most 4', () => {
    expect([0, 1, 2, 3, 4, 16].map((cores) => defaultGenerationWorkers(cores))).toEqual([1, 1, 2, 3, 4, 4]);
  });
});
