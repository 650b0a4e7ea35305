import { useRef, useState, type SyntheticEvent } from 'react';
import type { TimeZoneChoice } from '../../format/market-values.ts';
import { parseTimeInput } from '../../format/time-input.ts';
import { timeInputHelp, zoneWords } from '../../format/time-input-help.ts';
import { useTimeZone } from '../../hooks/contract-queries.ts';
import { playbackSpeeds, speedLabel } from './playback-clock.ts';

/** Props of the transport bar. */
export interface TransportBarProps {
  playing: boolean;
  speed: number;
  /** The time shown, already formatted (collector or exchange time of the frame shown). */
  shownTime: string;
  /** Which clock the time is read from. */
  timeBasis: 'collector' | 'exchange';
  onTimeBasis: (basis: 'collector' | 'exchange') => void;
  /** The event shown (-1 before the first) and how many the replay has read. */
  eventIndex: number;
  eventCount: number;
  onToggle: () => void;
  onStep: (by: 1 | -1) => void;
  onSpeed: (speed: number) => void;
  /** Seeks to a typed time; answers what was wrong, or null. */
  onGoTo: (time: number) => string | null;
  /** The go-to-time field is focused by the view's `g` key through this. */
  goToRef: React.RefObject<HTMLInputElement | null>;
  /** The zone the times are shown in, which typed times are read in (the Settings choice when left out). */
  zone?: TimeZoneChoice;
  /** The replay clock (Unix ms): a typed time of day falls on its date. Left out, a time of day needs its date. */
  referenceTime?: number | null;
  /** The replay instant `shownTime` is drawn for (`data-drawn-at`, for the one-clock test); null before any. */
  drawnAt?: number | null;
}

/**
 * Play/pause, step, speed (0.1× to 1000×), the time of the event shown (collector or exchange
 * clock) and a go-to-time field read by the app's one time parser (`format/time-input.ts`): the
 * clock's own text, a time of day on the clock's date, ISO-8601 or Unix ms, in the shown zone.
 */
export function TransportBar({ playing, speed, shownTime, timeBasis, onTimeBasis, eventIndex, eventCount, onToggle, onStep, onSpeed, onGoTo, goToRef, zone, referenceTime = null, drawnAt = null }: TransportBarProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const settingsZone = useTimeZone();
  const readZone = zone ?? settingsZone;
  const form = useRef<HTMLFormElement>(null);
  const submit = (submitted: SyntheticEvent): void => {
    submitted.preventDefault();
    const read = parseTimeInput(goToRef.current?.value ?? '', { zone: readZone, reference: referenceTime });
    const error = read.ok ? onGoTo(read.time) : read.message;
    setProblem(error);
    if (error === null) goToRef.current?.blur();
  };
  return (
    <div className="transport-bar" role="toolbar" aria-label="Playback" data-testid="transport-bar" data-drawn-at={drawnAt ?? ''}>
      <button type="button" className="button" onClick={() => onStep(-1)} title="One event back (←)" aria-label="Step back one event">
        ◀︎|
      </button>
      <button type="button" className="button primary transport-play" onClick={onToggle} title="Play or pause (space)" data-testid="play-toggle" aria-pressed={playing}>
        {playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" className="button" onClick={() => onStep(1)} title="One event forward (→)" aria-label="Step forward one event">
        |▶︎
      </button>
      <label className="transport-speed" title="Speed ([ slower, ] faster)">
        <span className="visually-hidden">Speed</span>
        <select value={speed} onChange={(change) => onSpeed(Number(change.target.value))} aria-label="Playback speed" data-testid="playback-speed">
          {playbackSpeeds.map((choice) => (
            <option key={choice} value={choice}>
              {speedLabel(choice)}
            </option>
          ))}
        </select>
      </label>
      <output className="transport-time" data-testid="replay-time" aria-live="off">
        {shownTime}
      </output>
      <span className="transport-basis" role="radiogroup" aria-label="Time shown">
        {(['collector', 'exchange'] as const).map((basis) => (
          <button key={basis} type="button" role="radio" aria-checked={timeBasis === basis} className={`chip${timeBasis === basis ? ' active' : ''}`} onClick={() => onTimeBasis(basis)}>
            {basis}
          </button>
        ))}
      </span>
      <span className="transport-event" data-testid="replay-event">
        event {eventIndex < 0 ? '—' : (eventIndex + 1).toLocaleString('en-US')} of {eventCount.toLocaleString('en-US')}
      </span>
      <form ref={form} className="transport-goto" onSubmit={submit}>
        <input
          ref={goToRef}
          type="text"
          placeholder={`Go to time, ${zoneWords(readZone)} (g)`}
          title={timeInputHelp(readZone, referenceTime)}
          aria-label="Go to time"
          spellCheck={false}
          aria-invalid={problem !== null}
          onFocus={(focus) => focus.currentTarget.select()}
        />
      </form>
      {problem !== null && (
        <span className="transport-problem" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
