import { useEffect, useRef } from 'react';

/** What the Market view's keys do. */
export interface WorkspaceShortcuts {
  /** `[` (−1) and `]` (+1): the previous or next interval. */
  stepInterval: (step: -1 | 1) => void;
  /** `l`: jump the chart to the latest candle. */
  latest: () => void;
  /** `t`: focus the trades tape. */
  focusTape: () => void;
  /** `b`: replay this market's book over the last ten minutes of the range. */
  replayBook: () => void;
  /** `c` candles, `f` footprint, `a` activity bars (again: the next kind). */
  chartMode: (key: 'c' | 'f' | 'a') => void;
  /** `+` (coarser, +1) and `−` (finer, −1): the footprint's price step; false when not in footprint mode (the key is not taken). */
  footprintStep: (direction: 1 | -1) => boolean;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The Market view's keys: `[` `]` interval, `l` latest, `t` tape, `b` book replay, `c` `f` `a` chart
 * mode, `+` `−` footprint step. Ignored while typing in a field,
 * with a modifier held, or while a dialog (the shortcut sheet, the palette) is open.
 */
export function useWorkspaceShortcuts(actions: WorkspaceShortcuts): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (document.querySelector('dialog[open]') !== null) return;
      const act = latest.current;
      switch (event.key) {
        case '[':
          act.stepInterval(-1);
          break;
        case ']':
          act.stepInterval(1);
          break;
        case 'l':
          act.latest();
          break;
        case 't':
          act.focusTape();
          break;
        case 'b':
          act.replayBook();
          break;
        case 'c':
        case 'f':
        case 'a':
          act.chartMode(event.key);
          break;
        case '+':
        case '=':
          if (!act.footprintStep(1)) return;
          break;
        case '-':
        case '−':
          if (!act.footprintStep(-1)) return;
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
