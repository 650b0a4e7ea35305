import { useRef, useState, type SyntheticEvent } from 'react';
import { parseLinkTime } from '../../navigation/route.ts';
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
  event: { index: number; count: number };
  onToggle: () => void;
  onStep: (by: 1 | -1) => void;
  onSpeed: (speed: number) => void;
  /** Seeks to a typed time; answers what was wrong, or null. */
  onGoTo: (time: number) => string | null;
  /** The go-to-time field is focused by the view's `g` key through this. */
  goToRef: React.RefObject<HTMLInputElement | null>;
}

/**
 * Play/pause, step, speed (0.1× to 1000×), the time of the event shown (collector or exchange
 * clock) and a go-to-time field that takes ISO-8601 or Unix ms.
 */
export function TransportBar({ playing, speed, shownTime, timeBasis, onTimeBasis, event, onToggle, onStep, onSpeed, onGoTo, goToRef }: TransportBarProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const submit = (submitted: SyntheticEvent): void => {
    submitted.preventDefault();
    const text = goToRef.current?.value.trim() ?? '';
    const time = parseLinkTime(text);
    const error = time === null ? `"${text}" is not a time: write 2026-11-22T10:00:00.000Z or Unix ms` : onGoTo(time);
    setProblem(error);
    if (error === null) goToRef.current?.blur();
  };
  return (
    <div className="transport-bar" role="toolbar" aria-label="Playback">
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
        event {event.index < 0 ? '—' : (event.index + 1).toLocaleString('en-US')} of {event.count.toLocaleString('en-US')}
      </span>
      <form ref={form} className="transport-goto" onSubmit={submit}>
        <input ref={goToRef} type="text" placeholder="Go to time (g)" aria-label="Go to time" spellCheck={false} aria-invalid={problem !== null} />
      </form>
      {problem !== null && (
        <span className="transport-problem" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
