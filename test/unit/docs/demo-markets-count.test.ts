import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoDatasetsAt } from '../../../electron/server/simulator/demo-datasets.ts';

// The command-line page (docs/command-line.md) counts the demo's sources and markets in words a reader checks against the catalog.

const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

describe('the docs count the demo as the simulator builds it', () => {
  it('names as many sources and markets as the demo has', () => {
    const page = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'command-line.md'), 'utf8');
    const match = /\*\*The demo data is simulated\.\*\* (\w+) sources and (\d+) markets/.exec(page);
    expect(match).not.toBeNull();
    const datasets = demoDatasetsAt(Date.UTC(2026, 11, 7, 12));
    expect(Number(match?.[2])).toBe(datasets.length);
    expect(words.indexOf((match?.[1] ?? '').toLowerCase())).toBe(new Set(datasets.map((dataset) => dataset.source)).size);
  });
});
