import { describe, expect, it } from 'vitest';
import { secondInstanceHandler, type FocusableWindow } from '../../../electron/shell/single-instance.ts';

function fakeWindow(state: { minimized: boolean; destroyed?: boolean }): FocusableWindow & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    isDestroyed: () => state.destroyed ?? false,
    isMinimized: () => state.minimized,
    restore: () => void calls.push('restore'),
    show: () => void calls.push('show'),
    focus: () => void calls.push('focus'),
  };
}

describe('a second launch of the app', () => {
  it('restores, shows and focuses a minimized window, and opens no other', () => {
    const window = fakeWindow({ minimized: true });
    let opened = 0;
    secondInstanceHandler(() => window, () => opened++)();
    expect(window.calls).toEqual(['restore', 'show', 'focus']);
    expect(opened).toBe(0);
  });

  it('shows and focuses a window that is not minimized, without restoring it', () => {
    const window = fakeWindow({ minimized: false });
    let opened = 0;
    const onSecondInstance = secondInstanceHandler(() => window, () => opened++);
    onSecondInstance();
    onSecondInstance();
    expect(window.calls).toEqual(['show', 'focus', 'show', 'focus']);
    expect(opened).toBe(0);
  });

  it('opens a window only when there is none to show', () => {
    let opened = 0;
    secondInstanceHandler(() => null, () => opened++)();
    const closed = fakeWindow({ minimized: false, destroyed: true });
    secondInstanceHandler(() => closed, () => opened++)();
    expect(opened).toBe(2);
    expect(closed.calls).toEqual([]);
  });
});
