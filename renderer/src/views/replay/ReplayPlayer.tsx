import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { metricCount } from '../../../../shared/book/book-metrics.ts';
import type { FrameLocation } from '../../../../shared/book/frame-index.ts';
import type { BookTrack } from '../../../../shared/contract/book-session-schemas.ts';
import type { TradeColumns } from '../../../../shared/contract/market-schemas.ts';
import { useApi } from '../../transport/connection-context.ts';
import { formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';
import { useViewKeyMap } from '../../hooks/use-view-keys.ts';
import { TradesTape } from '../../components/tape/TradesTape.tsx';
import { CrossCheckPanel } from './CrossCheckPanel.tsx';
import { differenceText } from './cross-check-text.ts';
import { DepthLadder } from './DepthLadder.tsx';
import { LiquidityHeatmap } from './heatmap/LiquidityHeatmap.tsx';
import { TileCache } from './heatmap/tile-cache.ts';
import { reportedFrameMarks, reportedHealth, type HealthMark } from './health-marks.ts';
import { ReplayTimeline } from './ReplayTimeline.tsx';
import { LatencyLane } from './LatencyLane.tsx';
import { useLatencyLane } from './use-latency-lane.ts';
import { FrameSource, type FrameAt } from './session/frame-source.ts';
import type { BookMarks } from './session/use-replay-session.ts';
import { TransportBar } from './TransportBar.tsx';
import type { CrossCheckState } from './use-cross-check.ts';
import { usePlayback } from './use-playback.ts';
import './replay-player.css';

/** Props of the player over one book. */
export interface ReplayPlayerProps {
  replayId: string;
  /** The book shown, as far as the replay has read it. */
  track: BookTrack;
  /** The replay has read everything. */
  complete: boolean;
  /** The range the replay was asked for (a market's), so the scrubber spans it while it loads; null for files. */
  range: { start: number; end: number } | null;
  zone: TimeZoneChoice;
  /** The position a link asked for, Unix ms. */
  initialTime: number | null;
  /** Called when the player comes to rest (pause, seek, step), for the link. */
  onSettle: (time: number) => void;
  /** Marks main reported for this book. */
  marks: BookMarks | null;
  sizeDecimals: number;
  /** Decimals of trade prices (from the market's tick size). */
  priceDecimals: number;
  /** The trades of the replay (the service's for a market, the files' own for files), shown up to the clock; null when there are none. */
  trades: TradeColumns | null;
  /** Why there is no tape, when `trades` is null. */
  tapeNote: string;
  /** A running or finished cross-check, shown instead of the tape; null when none. */
  crossCheck: { state: CrossCheckState; localLabel: string; levels: number; onClose: () => void } | null;
}

/** The ladder, re-rendered only when its props change. */
const HeldLadder = memo(DepthLadder);

/** The tape, re-rendered only when its props change (the trades up to the instant drawn). */
const HeldTape = memo(TradesTape);

/** The transport, re-rendered only when its props change (its text is the instant drawn). */
const HeldTransport = memo(TransportBar);

/** The scrubber, re-rendered only when its props change (its playhead is the instant drawn). */
const HeldTimeline = memo(ReplayTimeline);

/** How many trades happened at or before `time` (trade times ascend). */
function tradesUpTo(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((times[mid] ?? Number.POSITIVE_INFINITY) <= time) low = mid + 1;
    else high = mid;
  }
  return low;
}

function locationOf(at: FrameAt | null): FrameLocation | null {
  return at === null ? null : { views: at.window.views, f: at.k, depth: at.window.chunk.depth };
}

function metricOf(at: FrameAt | null, k: number): number {
  return at === null ? Number.NaN : (at.window.views.metrics[at.k * metricCount + k] ?? Number.NaN);
}

/**
 * The book player: the transport (play, pause, step, speed, go to time), the depth ladder at the
 * event shown, the liquidity heatmap anchored at the cursor, the tape, and the scrubber with its
 * data-health lane. Frames and tiles are asked of the replay in main a window at a time, so the
 * range's length costs nothing here. Keys: space play/pause, ← → step one event, [ ] speed,
 * g go to time, f follow, Home/End.
 */
export function ReplayPlayer({ replayId, track, complete, range, zone, initialTime, onSettle, marks, sizeDecimals, priceDecimals, trades, tapeNote, crossCheck }: ReplayPlayerProps) {
  const api = useApi();
  const book = track.key;
  const bookKey = `${replayId}|${book.source}|${book.market}|${book.instrument ?? ''}`;
  const source = useMemo(
    () =>
      new FrameSource({
        window: (input) => api.book.window({ replayId, book, ...input }),
        sampled: (input) => api.book.sampled({ replayId, book, ...input }),
      }),
    // One source per replay and book; `book` is a fresh object on every push of the tracks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, bookKey],
  );
  const tiles = useMemo(
    () => new TileCache({ tiles: async (input) => (await api.book.tiles({ replayId, book, ...input })).tiles }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, bookKey],
  );
  useEffect(() => () => source.close(), [source]);
  useEffect(() => () => tiles.close(), [tiles]);

  const loadedStart = track.firstClock ?? Number.NaN;
  const loadedEnd = track.lastClock ?? Number.NaN;
  const playback = usePlayback(source, { start: loadedStart, end: loadedEnd, entries: track.entries, complete }, initialTime, onSettle);
  const { state, frame, index, instant } = playback;
  const [basis, setBasis] = useState<'collector' | 'exchange'>('collector');
  const [followRequest, setFollowRequest] = useState(0);
  const goTo = useRef<HTMLInputElement>(null);
  const describe = useMemo(() => (ms: number) => formatTimestamp(ms, zone, 'ms'), [zone]);

  // The benchmark's "first played frame": the first frame this player shows (once per player).
  const shownFirst = index >= 0;
  useEffect(() => {
    if (shownFirst) performance.mark('mde:replay-first-frame');
  }, [shownFirst]);

  const healthReports = marks?.health;
  const frameReports = marks?.frames;
  const reported = useMemo(() => [...reportedHealth(healthReports ?? [], describe), ...reportedFrameMarks(frameReports ?? [], describe)], [healthReports, frameReports, describe]);
  const differences = crossCheck?.state.differences;
  const differenceMarks = useMemo(
    () => (differences ?? []).map((difference): HealthMark => ({ kind: 'difference', time: difference.time, frame: null, text: differenceText(difference, describe) })),
    [differences, describe],
  );
  const laneMarks = useMemo(() => [...reported, ...differenceMarks].sort((a, b) => a.time - b.time), [reported, differenceMarks]);
  const start = range?.start ?? loadedStart;
  const end = range === null ? loadedEnd : Math.max(range.end, Number.isFinite(loadedEnd) ? loadedEnd : range.end);

  useViewKeyMap({
    ' ': playback.toggle,
    ArrowRight: () => playback.step(1),
    ArrowLeft: () => playback.step(-1),
    '[': () => playback.speed(-1),
    ']': () => playback.speed(1),
    // Opening Go to time selects what was typed last, so typing replaces it rather than appending.
    g: () => {
      goTo.current?.focus();
      goTo.current?.select();
    },
    f: () => setFollowRequest((n) => n + 1),
    Home: playback.toStart,
    End: playback.toEnd,
  });

  const shownWindow = frame?.window ?? null;
  const k = frame?.k ?? -1;
  const collector = shownWindow === null ? Number.NaN : (shownWindow.views.timestamps[k] ?? Number.NaN);
  const exchange = shownWindow === null ? Number.NaN : (shownWindow.views.exchangeTimestamps[k] ?? Number.NaN);
  const clock = shownWindow === null ? Number.NaN : (shownWindow.clocks[k] ?? Number.NaN);
  // Whether the frame shown is the last of its millisecond on the replay clock (what `mde book --at` shows).
  const nextClock = shownWindow === null ? Number.NaN : (shownWindow.clocks[k + 1] ?? Number.NaN);
  const lastInMs = shownWindow !== null && clock === collector && (Number.isNaN(nextClock) ? index === track.entries - 1 : nextClock > clock);
  const previous = useMemo(() => (shownWindow !== null && shownWindow.strideMs === 0 && k > 0 ? { views: shownWindow.views, f: k - 1, depth: shownWindow.chunk.depth } : null), [shownWindow, k]);
  // One clock: every pane draws `instant` on this frame (the ladder and the heatmap's markers from
  // the same book frame, the tape, the CVD and the profile from the trades up to it), and says so in
  // its `data-drawn-at`.
  const tradesShown = trades === null ? 0 : tradesUpTo(trades.time, instant);
  // The transport shows the instant drawn on the collector clock, or the exchange time of the event shown.
  const shown = index < 0 ? null : basis === 'collector' ? instant : Number.isNaN(exchange) ? null : exchange;
  const shownTime = shown === null ? (index < 0 ? 'before the first event' : 'exchange time unknown') : `${describe(shown)}${basis === 'exchange' ? ' (exchange)' : ''}`;
  const ladderFrame = useMemo(() => locationOf(frame), [frame]);
  const drawnAt = Number.isFinite(instant) ? instant : null;
  // Stable callbacks, so the transport and the scrubber's health lane (hundreds of marks) are not re-rendered on every frame of playback.
  const { seek } = playback;
  const seekLoaded = useCallback((time: number) => seek(Math.min(time, loadedEnd)), [seek, loadedEnd]);
  const latencyLane = useLatencyLane(replayId, book, start, end, track.entries, complete);
  const goToTime = useCallback(
    (time: number): string | null => {
      if (time < start || time > end) return `${describe(time)} is outside this replay (${describe(start)} to ${describe(end)})`;
      if (time > loadedEnd) return `${describe(time)} is not read yet: the replay has reached ${describe(loadedEnd)}; try again in a moment`;
      seek(time);
      return null;
    },
    [start, end, loadedEnd, describe, seek],
  );
  const waitingNote = playback.waiting && state.playing ? (complete || state.time < loadedEnd ? 'loading frames…' : 'waiting for the replay to read further…') : null;
  return (
    <div
      className="replay-player"
      data-testid="replay-player"
      data-playing={state.playing}
      data-speed={state.speed}
      data-time={state.time}
      data-drawn-at={drawnAt ?? ''}
      data-frame={index}
      data-collector-time={index < 0 ? '' : collector}
      data-last-in-ms={lastInMs}
    >
      <HeldTransport
        playing={state.playing}
        speed={state.speed}
        shownTime={shownTime}
        timeBasis={basis}
        onTimeBasis={setBasis}
        eventIndex={index}
        eventCount={track.entries}
        onToggle={playback.toggle}
        onStep={playback.step}
        onSpeed={playback.setSpeed}
        onGoTo={goToTime}
        goToRef={goTo}
        zone={zone}
        referenceTime={drawnAt}
        drawnAt={drawnAt}
      />
      <div className="replay-main">
        <HeldLadder frame={ladderFrame} previous={previous} index={index} drawnAt={drawnAt} sizeDecimals={sizeDecimals} flash={!state.playing || state.speed <= 10} />
        <section className="replay-center" aria-label="Liquidity heatmap">
          <LiquidityHeatmap
            tiles={track.entries > 0 ? tiles : null}
            priceStep={track.priceStep ?? Number.NaN}
            loaded={{ start: loadedStart, end: loadedEnd }}
            rangeMs={range === null ? null : range.end - range.start}
            cursor={drawnAt}
            now={{ bid: metricOf(frame, 0), ask: metricOf(frame, 1), at: frame === null ? Number.NaN : instant }}
            trades={trades}
            onSeek={playback.seek}
            zone={zone}
            priceDecimals={priceDecimals}
            followRequest={followRequest}
          />
        </section>
        {crossCheck !== null ? (
          <CrossCheckPanel check={crossCheck.state} localLabel={crossCheck.localLabel} levels={crossCheck.levels} describeTime={describe} onSeek={playback.seek} onClose={crossCheck.onClose} />
        ) : (
          <section className="replay-tape" aria-label="Trades up to the replay clock" data-testid="replay-tape" data-drawn-at={drawnAt ?? ''}>
            <header className="replay-panel-title">
              Trades {trades === null ? '' : `· ${tradesShown.toLocaleString('en-US')} of ${trades.time.length.toLocaleString('en-US')} so far`}
            </header>
            {trades === null ? (
              <p className="replay-note">{tapeNote}</p>
            ) : (
              <HeldTape trades={trades} zone={zone} priceDecimals={priceDecimals} sizeDecimals={sizeDecimals} threshold={null} upTo={tradesShown} />
            )}
          </section>
        )}
      </div>
      <HeldTimeline start={start} end={end} time={instant} loadedUntil={loadedEnd} marks={laneMarks} describeTime={describe} onSeek={seekLoaded} />
      <LatencyLane lane={latencyLane} describeTime={describe} onSeek={seekLoaded} />
      <p className="replay-health-counts" data-testid="health-counts">
        {marks?.frameCounts.crossed ?? 0} crossed · {marks?.frameCounts.locked ?? 0} locked · {marks?.frameCounts['backward-step'] ?? 0} backward steps · {marks?.healthCounts.resets ?? 0} resets ·{' '}
        {marks?.healthCounts.droppedDeltas ?? 0} deltas dropped before a snapshot
        {waitingNote === null ? '' : ` · ${waitingNote}`}
      </p>
    </div>
  );
}
