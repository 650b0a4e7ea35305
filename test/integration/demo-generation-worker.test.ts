import { afterAll, describe, expect, it } from 'vitest';
import { demoDatasets } from '../../electron/services/simulator/demo-datasets.ts';
import { generateHourFile } from '../../electron/services/simulator/generate-hour.ts';
import { WorkerHourGenerator } from '../../electron/services/simulator/hour-generator.ts';

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
