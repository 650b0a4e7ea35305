import { describe, expect, it } from 'vitest';
import { correlateObservations } from '../../../shared/intents/correlate-observations.ts';

describe('correlateObservations', () => {
  it('joins rows through a shared rfq_id or intent_id, transitively', () => {
    // 0: rfq A only; 1: rfq A + intent X; 2: intent X only; 3: unrelated rfq B; 4: intent X again.
    const rows = [{ rfq_id: 'A' }, { rfq_id: 'A', intent_id: 'X' }, { intent_id: 'X' }, { rfq_id: 'B' }, { intent_id: 'X' }];
    expect(correlateObservations(rows)).toEqual([[0, 1, 2, 4], [3]]);
  });

  it('merges two chains that a later row bridges', () => {
    // rows 0 and 1 look unrelated until row 2 names both ids.
    const rows = [{ rfq_id: 'A' }, { intent_id: 'X' }, { rfq_id: 'C' }, { rfq_id: 'A', intent_id: 'X' }];
    expect(correlateObservations(rows)).toEqual([[0, 1, 3], [2]]);
  });

  it('leaves rows with neither id (null, absent or empty) on their own', () => {
    const rows = [{ rfq_id: null, intent_id: null }, {}, { rfq_id: '', intent_id: '' }, { rfq_id: 'A' }];
    expect(correlateObservations(rows)).toEqual([[0], [1], [2], [3]]);
  });

  it('does not join an rfq_id with an equal intent_id', () => {
    expect(correlateObservations([{ rfq_id: 'same' }, { intent_id: 'same' }])).toEqual([[0], [1]]);
  });

  it('agrees with a naive fixed-point grouping on a shuffled chain', () => {
    // Naive oracle: repeat merging any two groups that share an id until nothing changes.
    const rows = [
      { rfq_id: 'r1' }, { intent_id: 'i2' }, { rfq_id: 'r3', intent_id: 'i3' }, { rfq_id: 'r1', intent_id: 'i1' }, { intent_id: 'i3' },
      { rfq_id: 'r2', intent_id: 'i2' }, {}, { intent_id: 'i1' }, { rfq_id: 'r2' }, { rfq_id: 'r4' },
    ];
    const ids = (row: { rfq_id?: string; intent_id?: string }): string[] => [row.rfq_id === undefined ? '' : `r:${row.rfq_id}`, row.intent_id === undefined ? '' : `i:${row.intent_id}`].filter((id) => id !== '');
    let groups = rows.map((row, index) => ({ members: [index], ids: new Set(ids(row)) }));
    let merged = true;
    while (merged) {
      merged = false;
      outer: for (let a = 0; a < groups.length; a++) {
        for (let b = a + 1; b < groups.length; b++) {
          const ga = groups[a];
          const gb = groups[b];
          if (ga === undefined || gb === undefined) continue;
          if ([...gb.ids].some((id) => ga.ids.has(id))) {
            groups = groups.filter((_, index) => index !== b);
            ga.members.push(...gb.members);
            for (const id of gb.ids) ga.ids.add(id);
            merged = true;
            break outer;
          }
        }
      }
    }
    const naive = groups.map((group) => group.members.sort((x, y) => x - y)).sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0));
    expect(correlateObservations(rows)).toEqual(naive);
    expect(naive).toEqual([[0, 3, 7], [1, 5, 8], [2, 4], [6], [9]]);
  });
});
