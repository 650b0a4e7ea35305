import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract/errors.ts';
import { StreamOrderCheck } from '../../../electron/host/research/stream-order.ts';

// A capture stream is served in arrival order: a later page never serves a line of a file before
// one an earlier page served. The demo's lighter (legacy) /l2-orderbooks did page back (page 2
// began after page 1's last line, then fell back through it), which would have read without end.

describe('StreamOrderCheck', () => {
  it('accepts pages that move forward, the same line split across pages, and other files', () => {
    const check = new StreamOrderCheck('research.depth');
    check.page(['f-09:1', 'f-09:2', 'f-09:5'], '/l2-orderbooks');
    check.page(['f-09:5', 'f-09:6', 'f-10:1'], '/l2-orderbooks');
    check.page(['f-10:2', 'f-09:7'], '/l2-orderbooks');
    check.page(['not-an-id'], '/l2-orderbooks');
  });

  it('stops a page that goes back behind what an earlier page served, naming the row', () => {
    const check = new StreamOrderCheck('research.depth');
    check.page(['lighter-09:9873', 'lighter-09:10971'], '/l2-orderbooks');
    let caught: unknown;
    try {
      check.page(['lighter-09:10972', 'lighter-09:10902'], '/l2-orderbooks');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ContractError);
    expect(caught).toMatchObject({ kind: 'invalid-response', channel: 'research.depth' });
    expect((caught as ContractError).message).toBe('/l2-orderbooks served lighter-09:10902 after line 10971 of the same file: its pages go back instead of forward');
  });
});
