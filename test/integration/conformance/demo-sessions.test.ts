import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DemoStore } from '../../../electron/server/store/demo-store.ts';
import { captureSessionsOf, simulatorVersion } from '../../../electron/server/simulator/capture-sessions.ts';
import { demoDatasetsAt } from '../../../electron/server/simulator/demo-datasets.ts';
import type { L2Row } from '../../../shared/rows/l2-row.ts';
import { hourFileLines } from './support/oracle.ts';
import { pageAll } from './support/paging.ts';
import { demoSeed, fixedNow, hourMs, hourStartOf, paidKey, serviceFixture } from './support/service-fixture.ts';

// The demo's capture sessions: the simulator's schedule names them, the files' sequences place
// them, and its folder carries the simulator's version.

const service = serviceFixture();
const sol = { source: 'hyperliquid', market: 'SOL' } as const;

describe('the demo’s capture sessions', () => {
  it('source_capture_id is the scheduled session, across hours; it changes exactly where the file’s collector_sequence starts again', async () => {
    const from = hourStartOf(fixedNow) - 3 * hourMs;
    const to = hourStartOf(fixedNow) - 1;
    const dataset = demoDatasetsAt(fixedNow).find((entry) => entry.source === sol.source && entry.market === sol.market);
    if (dataset === undefined) throw new Error('no SOL dataset');
    const scheduled = captureSessionsOf(demoSeed, dataset, from, to + 1);
    expect(scheduled.length, 'the three hours hold a restart').toBeGreaterThan(1);
    // The oracle: the files' own sequences, line by line: the n-th restart starts the n-th scheduled session after the first.
    const sessionOfLine = new Map<string, number>();
    let session = 0;
    let last: number | null = null;
    for (let hour = from; hour < to; hour += hourMs) {
      const iso = new Date(hour).toISOString();
      const key = `standard-${sol.source}-${sol.market}-${iso.slice(0, 10)}-${iso.slice(11, 13)}`;
      (await hourFileLines(service, sol.source, sol.market, hour)).forEach((line, index) => {
        if (line.type === 'metadata' || typeof line.collector_sequence !== 'number') return;
        if (last !== null && line.collector_sequence <= last) session++;
        last = line.collector_sequence;
        sessionOfLine.set(`${key}:${index + 1}`, session);
      });
    }
    expect(session).toBe(scheduled.length - 1);
    const rows = (await pageAll<L2Row>(service, '/l2-updates', { query: { ...sol, start: from, end: to, limit: 1000 }, key: paidKey })).items;
    expect(rows.length).toBeGreaterThan(1000);
    for (const row of rows) expect(row.source_capture_id, row.event_id).toBe(scheduled[sessionOfLine.get(row.event_id) ?? -1]?.id);
  });

  it('generated files go in a folder of the seed and the simulator version', async () => {
    expect(await readdir(service.dataDir)).toContain(`seed-${demoSeed}-v${simulatorVersion}`);
  });

  it('the warm-up generates every dataset but those marked not to be warmed up', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mde-demo-warm-'));
    try {
      const generated = new Set<string>();
      const store = new DemoStore({
        dataDir,
        seed: demoSeed,
        now: () => fixedNow,
        generate: (_seed, dataset) => {
          generated.add(`${dataset.source}/${dataset.market}`);
          return Promise.resolve(new Uint8Array([0x28, 0xb5, 0x2f, 0xfd]));
        },
      });
      await store.open();
      await store.warm(new AbortController().signal);
      const datasets = demoDatasetsAt(fixedNow);
      const cold = datasets.filter((dataset) => !dataset.warmUp).map((dataset) => `${dataset.source}/${dataset.market}`);
      expect(cold.length).toBeGreaterThan(0);
      expect([...generated].sort()).toEqual(datasets.map((dataset) => `${dataset.source}/${dataset.market}`).filter((name) => !cold.includes(name)).sort());
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
