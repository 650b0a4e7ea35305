import { describe, expect, it } from 'vitest';
import { eventFields, l2Levels } from '../../../renderer/src/views/event-stream/event-fields.ts';
import { countByType, toggleType, typesParam } from '../../../renderer/src/views/event-stream/event-types.ts';
import { rowKinds } from '../../../shared/rows/row-kinds.ts';
import { at, l2, l2Row, quote, trade } from './event-fixtures.ts';

describe('eventFields', () => {
  it('lists every field in the row’s order, null as an em dash and times with their UTC time', () => {
    const fields = new Map(eventFields(trade(null), 'utc'));
    expect([...fields.keys()].slice(0, 3)).toEqual(['event_id', 'source', 'market']);
    expect(fields.get('side')).toBe('—');
    expect(fields.get('price')).toBe('99440.7');
    expect(fields.get('collector_timestamp')).toBe(`2026-11-22 19:04:08.742 (${String(at)})`);
    expect(fields.get('exchange_timestamp')).toBe('—');
  });

  it('keeps 256-bit amounts as the exact strings sent', () => {
    expect(new Map(eventFields(quote, 'utc')).get('input_amount')).toBe('100000000000000000');
  });

  it('leaves the 100 level fields of an L2 row to the level table', () => {
    const item = l2(false, [[1, 2]], []);
    const names = eventFields(item, 'utc').map(([name]) => name);
    expect(names).toContain('source_event_is_snapshot');
    expect(names.some((name) => name.startsWith('bid_px_'))).toBe(false);
    expect(l2Levels(l2Row(false, [[1, 2]], []))).toEqual([{ slot: 0, bidPx: 1, bidSz: 2, askPx: null, askSz: null }]);
  });
});

describe('event types', () => {
  it('counts events per type, zero for types absent', () => {
    const counts = countByType([trade('buy'), trade('sell'), quote]);
    expect(counts.trade).toBe(2);
    expect(counts.quote).toBe(1);
    expect(counts.ohlcv).toBe(0);
  });

  it('sends no types when all seven are on, else the chosen ones in the spec’s order', () => {
    expect(typesParam(new Set(rowKinds))).toBeUndefined();
    expect(typesParam(new Set(['ohlcv', 'trade'] as const))).toEqual(['trade', 'ohlcv']);
  });

  it('switches one type on or off', () => {
    const off = toggleType(new Set(rowKinds), 'quote');
    expect(off.has('quote')).toBe(false);
    expect(toggleType(off, 'quote').has('quote')).toBe(true);
  });
});
