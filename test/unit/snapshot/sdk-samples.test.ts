import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeBytes, levels, zst } from './decode-helpers.ts';

// The service's own sample files, when the shared folder sits beside the repo. Every behaviour
// checked here is also covered by this repo's fixtures.
const samples = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'samples', 'sdk-fixtures');
const sample = (name: string): Uint8Array => zst(readFileSync(join(samples, name)));

describe.runIf(existsSync(samples))('service sample files', () => {
  it('schema-v2: header as framing, books, trades, point, backward steps', async () => {
    const { records, result } = await decodeBytes(sample('schema-v2.jsonl'));
    expect(result.ok).toBe(true);
    expect(records.map((r) => r.collectorSequence)).toEqual([7, 9, 15, 21, 22, 25, 30, 31]);
    expect(result.summary.header?.eventCount).toBe(999);
    expect(result.summary.backwardSteps).toBe(3);
    const delta = records[1];
    if (delta?.type !== 'orderbook') throw new Error('expected a book');
    expect(levels(delta.asks)).toEqual([101, 0, 102, 5]);
  });

  it('quote ladders: market from the header, amount of 2^256-1 intact, other series raw', async () => {
    const { records } = await decodeBytes(sample('propamm-fermiswap-v2.jsonl'));
    expect(records.map((r) => [r.type, r.market])).toEqual([['record', 'ethereum'], ['quote_ladder', 'ethereum']]);
    const ladder = records[1];
    if (ladder?.type !== 'quote_ladder') throw new Error('expected a ladder');
    expect(ladder.values.quotes[0]?.amount_in).toBe(((1n << 256n) - 1n).toString());
    const metric = await decodeBytes(sample('propamm-metric-v2.jsonl'));
    expect(metric.records[0]).toMatchObject({ type: 'quote_ladder', values: { pool: '0xpool', oracle: '0xoracle' } });
  });

  it('legacy, intents, options and new event shapes', async () => {
    const legacy = await decodeBytes(sample('legacy-v1.jsonl'));
    expect(legacy.records.map((r) => r.type)).toEqual(['orderbook', 'orderbook', 'trade', 'point']);
    expect(legacy.result.summary.format).toBe('legacy');
    const intents = await decodeBytes(sample('intents-v2.jsonl'));
    expect(intents.records.map((r) => r.type)).toEqual(['intent', 'intent', 'intent', 'trade', 'intent']);
    const options = await decodeBytes(sample('options-v2.jsonl'));
    expect(options.records.map((r) => r.type)).toEqual(['option_ticker', 'option_ticker', 'trade']);
    const shapes = await decodeBytes(sample('new-event-shapes-v2.jsonl'));
    expect(shapes.records.map((r) => r.type)).toEqual(['perpetual_ticker', 'perpetual_ticker', 'option_ticker', 'trade', 'trade', 'intent']);
    expect(shapes.records[3]).toMatchObject({ maker: '0xmaker', taker: '0xtaker' });
  });
});
