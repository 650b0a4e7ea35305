import { describe, expect, it } from 'vitest';
import { progressOfKey } from '../../../renderer/src/hooks/cancellable-load.ts';

describe('the rows-so-far counter of a load', () => {
  it('belongs to the load it was pushed for: a new range shows none until its own first page', () => {
    const sixHours = JSON.stringify(['market', 'embedded', 'trades', 'binance/BTCUSDT', '6h']);
    const sevenDays = JSON.stringify(['market', 'embedded', 'trades', 'binance/BTCUSDT', '7d']);
    const pushed = { key: sixHours, value: 181_625 };
    expect(progressOfKey(pushed, sixHours)).toBe(181_625);
    expect(progressOfKey(pushed, sevenDays)).toBeNull();
    expect(progressOfKey({ key: sevenDays, value: 2_000 }, sevenDays)).toBe(2_000);
    expect(progressOfKey(null, sevenDays)).toBeNull();
  });
});
