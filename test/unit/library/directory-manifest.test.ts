import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDirectoryManifest } from '../../../electron/server/store/directory-manifest.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

// datasets.json is written by hand: what reaches the catalog is only what has the shape of a
// dataset or an option contract; anything else is left out, as if the file did not name it.

const tempDir = useTempDirs();

const described = {
  source: 'hyperliquid',
  market: 'BTC',
  symbol: 'BTC-PERP',
  sourceType: 'exchange',
  categories: ['perpetual'],
  terms: { base: 'BTC', quote: 'USD', tick_size: '0.5', lot_size: 0.001, min_notional: null },
  access: { status: 'open', publicCutoffDate: null, gate: 'none' },
};
const contract = { source: 'deribit', market: 'BTC', instrument: 'BTC-27NOV26-1000-C', strike: '1000', expiry_timestamp: 1_795_737_600_000 };

async function manifestOf(text: string): Promise<unknown> {
  const root = await tempDir();
  await writeFile(join(root, 'datasets.json'), text);
  return readDirectoryManifest(root);
}

describe('the datasets.json of a data folder', () => {
  it('keeps well-formed datasets and contracts as written', async () => {
    const withKinds = { ...described, market: 'ETH', rowKinds: ['trade', 'l2_update'] };
    expect(await manifestOf(JSON.stringify({ datasets: [described, withKinds], instruments: [contract] }))).toEqual({ datasets: [described, withKinds], instruments: [contract] });
  });

  it('leaves out a dataset or a contract that lacks a field or has one of the wrong kind', async () => {
    const noGate = { ...described, market: 'ETH', access: { status: 'open', publicCutoffDate: null } };
    const badKind = { ...described, market: 'SOL', rowKinds: ['trades'] };
    const noStrike = { ...contract, strike: 1000 };
    expect(await manifestOf(JSON.stringify({ datasets: [noGate, described, badKind, 'BTC'], instruments: [noStrike, contract] }))).toEqual({ datasets: [described], instruments: [contract] });
  });

  it('reads a file that is not JSON, or whose lists are not lists, as naming nothing', async () => {
    expect(await manifestOf('{ not json')).toEqual({});
    expect(await manifestOf('null')).toEqual({});
    expect(await manifestOf(JSON.stringify({ datasets: described, instruments: 'none' }))).toEqual({ datasets: [], instruments: [] });
  });

  it('is empty when the folder has no datasets.json', async () => {
    expect(await readDirectoryManifest(await tempDir())).toEqual({});
  });
});
