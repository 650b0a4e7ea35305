import { describe, expect, it } from 'vitest';
import { tradeSideCode } from '../../../shared/contract/market-schemas.ts';
import { tapeSide } from '../../../renderer/src/components/tape/tape-side.ts';

describe('tapeSide', () => {
  it('shows buys and sells with their colours', () => {
    expect(tapeSide(tradeSideCode.buy)).toEqual({ label: 'buy', className: 'side-buy' });
    expect(tapeSide(tradeSideCode.sell)).toEqual({ label: 'sell', className: 'side-sell' });
  });

  it('shows a trade without a side as an em dash, never as a buy', () => {
    expect(tapeSide(tradeSideCode.unknown)).toEqual({ label: '—', className: 'side-unknown' });
    expect(tapeSide(7).className).toBe('side-unknown');
  });
});
