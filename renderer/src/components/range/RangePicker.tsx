import { useState, type KeyboardEvent } from 'react';
import type { TimeZoneChoice } from '../../format/market-values.ts';
import { timeInputHelp, zoneWords } from '../../format/time-input-help.ts';
import { spanChoices, type ResolvedRange } from '../../navigation/time-range.ts';
import type { ViewParamsPatch } from '../../stores/ui-store.ts';
import { boundsAfterFrom, boundsAfterTo, boundText, readBound } from './read-bound.ts';
import './range-picker.css';

/** Props of a time-range picker. */
export interface RangePickerProps {
  range: ResolvedRange;
  zone: TimeZoneChoice;
  /** Applies a change of span or bounds to the view's parameters. */
  onChange: (patch: Pick<ViewParamsPatch, 'span' | 'start' | 'end'>) => void;
  /** Spans to leave out (a view whose data has no meaning over 30 days). */
  spans?: readonly string[];
}

/**
 * A typed bound: any form the app's one time parser reads, in the shown zone; a time of day stays
 * on the bound's date. When the bound changes elsewhere (the other bound moved it), the text
 * follows, unless the user is typing in it: what is typed is never thrown away.
 */
function BoundInput({ label, value, zone, onCommit }: { label: string; value: number; zone: TimeZoneChoice; onCommit: (ms: number) => void }) {
  const shown = boundText(value, zone);
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const [followed, setFollowed] = useState(shown);
  // Untouched (the text is still the bound it last showed), it follows even while focused.
  if (shown !== followed && (!focused || text === followed)) {
    setFollowed(shown);
    setText(shown);
    setProblem(null);
  }
  const commit = (): void => {
    const read = readBound(text, value, zone);
    setProblem(read.ok ? null : read.message);
    if (read.ok && read.time !== value) onCommit(read.time);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape') {
      setText(shown);
      setProblem(null);
    }
  };
  return (
    <>
      <input
        className={problem === null ? 'range-input' : 'range-input invalid'}
        aria-label={`${label} (${zoneWords(zone)})`}
        aria-invalid={problem !== null}
        title={problem ?? `${timeInputHelp(zone, value)}. Enter applies`}
        value={text}
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          commit();
        }}
        onKeyDown={onKeyDown}
      />
      {problem !== null && (
        <span className="error-text range-problem" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}

/**
 * Picks a view's time range: a span ending now (10m … 30d) or fixed bounds typed in the user's
 * time zone in any form `format/time-input.ts` reads (Enter applies; a bad bound says why).
 * Access is judged by the view, which knows its endpoint's window.
 */
export function RangePicker({ range, zone, onChange, spans }: RangePickerProps) {
  const offered = spans === undefined ? spanChoices : spanChoices.filter((span) => spans.includes(span.id));
  return (
    <div className="range-picker" role="group" aria-label="Time range">
      <div className="chip-row compact" role="radiogroup" aria-label="Span ending now">
        {offered.map((span) => (
          <button
            key={span.id}
            type="button"
            role="radio"
            aria-checked={range.relative && range.span === span.id}
            className={range.relative && range.span === span.id ? 'chip active' : 'chip'}
            onClick={() => onChange({ span: span.id, start: undefined, end: undefined })}
          >
            {span.label}
          </button>
        ))}
      </div>
      <BoundInput label="From" value={range.start} zone={zone} onCommit={(start) => onChange({ ...boundsAfterFrom(start, range, Date.now()), span: undefined })} />
      <span className="range-arrow" aria-hidden="true">
        →
      </span>
      <BoundInput label="To" value={range.end} zone={zone} onCommit={(end) => onChange({ ...boundsAfterTo(end, range), span: undefined })} />
      <span className="range-zone">{zone === 'utc' ? 'UTC' : 'local'}</span>
    </div>
  );
}
