import { formatDuration } from '../../format/row-times.ts';
import type { InstantPlace } from './replay-range-checks.ts';
import './link-instant-notice.css';

/** Props of the notice about a link's instant outside the range loaded. */
export interface LinkInstantNoticeProps {
  at: number;
  place: Exclude<InstantPlace, 'inside'>;
  range: { start: number; end: number; relative: boolean; span: string | null };
  describeTime: (ms: number) => string;
  /** Loads a range around the instant and stands there. */
  onGoThere: () => void;
  /** Forgets the instant and stays in the range loaded. */
  onDismiss: () => void;
}

/**
 * A link's `at` that the range loaded does not hold (a `span=10m` link opened later: the span now
 * ends now, past the instant): says so, and offers to load the instant's own range.
 */
export function LinkInstantNotice({ at, place, range, describeTime, onGoThere, onDismiss }: LinkInstantNoticeProps) {
  const why =
    range.relative && place === 'before'
      ? ` The link's span (${range.span ?? ''}) counts back from now, which has moved on since it was shared: the instant is ${formatDuration(range.start - at)} before the span's start.`
      : '';
  return (
    <section className="link-instant-notice" role="status" aria-label="The link's instant is outside the range" data-testid="link-instant-notice" data-place={place}>
      <span className="link-instant-text">
        This link&apos;s instant, <strong>{describeTime(at)}</strong>, is {place} the range loaded ({describeTime(range.start)} to {describeTime(range.end)}), so the player starts at the range&apos;s
        beginning instead.{why}
      </span>
      <span className="link-instant-actions">
        <button type="button" className="button compact primary" onClick={onGoThere}>
          Go to {describeTime(at)}
        </button>
        <button type="button" className="button compact" onClick={onDismiss}>
          Stay in this range
        </button>
      </span>
    </section>
  );
}
