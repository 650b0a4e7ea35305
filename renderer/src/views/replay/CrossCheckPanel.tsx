import { countsText, differenceText, differingText } from './cross-check-text.ts';
import type { CrossCheckState } from './use-cross-check.ts';

/** Props of the cross-check panel. */
export interface CrossCheckPanelProps {
  check: CrossCheckState;
  /** What the local side is ("rebuilt from /l2-updates", "rebuilt from the file"). */
  localLabel: string;
  levels: number;
  describeTime: (ms: number) => string;
  onSeek: (time: number) => void;
  onClose: () => void;
}

/**
 * The cross-check's findings: the summary (events compared, differing, only on one side, before
 * the other's first book) and each difference, newest last; a click seeks the player there.
 */
export function CrossCheckPanel({ check, localLabel, levels, describeTime, onSeek, onClose }: CrossCheckPanelProps) {
  const counts = check.ended?.summary.counts;
  const status =
    check.startError !== null
      ? `Could not start: ${check.startError.message} ${check.startError.resolution}`
      : check.ended === null
        ? `Comparing… ${check.differences.length.toLocaleString('en-US')} differences so far`
        : check.ended.error !== null
          ? `Stopped (${check.ended.error.side}): ${check.ended.error.message} ${check.ended.error.resolution}`
          : counts !== undefined && counts.differing + counts.onlyA + counts.onlyB === 0
            ? `No differences: ${counts.compared.toLocaleString('en-US')} events agree on the top ${levels} levels`
            : differingText((counts?.differing ?? 0) + (counts?.onlyA ?? 0) + (counts?.onlyB ?? 0), counts?.compared ?? 0);
  return (
    <section className="cross-check" aria-label="Cross-check" data-testid="cross-check" data-state={check.ended === null ? 'running' : 'done'} data-differences={check.differences.length}>
      <header className="replay-panel-title cross-check-title">
        Cross-check · service's books vs {localLabel}
        <button type="button" className="button compact" onClick={onClose}>
          Close
        </button>
      </header>
      <p className="cross-check-status" role="status" data-testid="cross-check-status">
        {status}
      </p>
      {localLabel.includes('l2-updates') && (
        <p className="cross-check-note">
          /l2-updates rows carry at most 25 levels a side, so a book rebuilt from them lacks the deeper levels the service keeps: where the price runs past them, the two differ without either being wrong.
          Cross-checking the hour's snapshot file compares like with like.
        </p>
      )}
      {counts !== undefined && (
        <p className="cross-check-counts">
          {countsText(counts, check.ended?.summary.capped === true ? check.ended.summary.reported : null)}
        </p>
      )}
      <ol className="cross-check-list">
        {check.differences.slice(0, 500).map((difference, i) => (
          <li key={`${difference.time}-${difference.indexA ?? ''}-${difference.indexB ?? ''}-${i}`}>
            <button type="button" className="cross-check-item" onClick={() => onSeek(difference.time)} data-time={difference.time}>
              {differenceText(difference, describeTime)}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
