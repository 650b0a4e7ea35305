/** Playback speeds offered, slowest first (`[` and `]` step through them). */
export const playbackSpeeds = [0.1, 0.25, 0.5, 1, 2, 5, 10, 25, 50, 100, 250, 500, 1000] as const;

/** How the player stands: where on the replay clock, and whether and how fast it runs. */
export interface PlaybackState {
  /** Replay-clock time shown, Unix ms. */
  time: number;
  playing: boolean;
  speed: number;
  /** While playing: the wall-clock reading and replay time when play (or the last speed change) began. */
  anchor: { wall: number; time: number } | null;
}

/** A paused player at `time`, at 1×. */
export function pausedAt(time: number, speed = 1): PlaybackState {
  return { time, playing: false, speed, anchor: null };
}

/** Starts playing from where it stands; `wall` is the clock the caller advances with. */
export function play(state: PlaybackState, wall: number): PlaybackState {
  return { ...state, playing: true, anchor: { wall, time: state.time } };
}

/** Stops where the clock stands at `wall`. */
export function pause(state: PlaybackState, wall: number): PlaybackState {
  return { ...advance(state, wall, Number.POSITIVE_INFINITY), playing: false, anchor: null };
}

/**
 * The state at wall time `wall`: replay time moves `speed` ms per wall ms from the anchor, and
 * stops (paused) at `end`.
 */
export function advance(state: PlaybackState, wall: number, end: number): PlaybackState {
  if (!state.playing || state.anchor === null) return state;
  const time = state.anchor.time + (wall - state.anchor.wall) * state.speed;
  if (time >= end) return { time: end, playing: false, speed: state.speed, anchor: null };
  return { ...state, time };
}

/**
 * Like `advance`, for a replay that may still be reading: when it is not `complete`, the clock
 * waits at `end` (still playing, re-anchored there so it does not jump when more arrives) instead
 * of stopping.
 */
export function advanceWithin(state: PlaybackState, wall: number, end: number, complete: boolean): PlaybackState {
  if (complete) return advance(state, wall, end);
  const next = advance(state, wall, Number.POSITIVE_INFINITY);
  if (!next.playing || next.time < end) return next;
  return { ...next, time: end, anchor: { wall, time: end } };
}

/** Jumps to `time` (a seek, a step, a click); playing continues from there. */
export function seekTo(state: PlaybackState, time: number, wall: number): PlaybackState {
  return state.playing ? { ...state, time, anchor: { wall, time } } : { ...state, time };
}

/** Plays on at `speed` from where the clock stands at `wall`, without a jump. */
export function withSpeed(state: PlaybackState, speed: number, wall: number): PlaybackState {
  const now = advance(state, wall, Number.POSITIVE_INFINITY);
  return { ...now, speed, anchor: now.playing ? { wall, time: now.time } : null };
}

/** The next slower (`-1`) or faster (`1`) speed, staying put at either end; playing continues without a jump. */
export function stepSpeed(state: PlaybackState, step: -1 | 1, wall: number): PlaybackState {
  const index = playbackSpeeds.findIndex((speed) => speed >= state.speed);
  const current = index === -1 ? playbackSpeeds.length - 1 : index;
  const next = playbackSpeeds[Math.min(playbackSpeeds.length - 1, Math.max(0, current + step))] ?? state.speed;
  return withSpeed(state, next, wall);
}

/** A speed as the player shows it: `0.1×`, `1×`, `1000×`. */
export function speedLabel(speed: number): string {
  return `${speed}×`;
}

/** A playing clock waiting where it stands (re-anchored at `wall`, still playing), until what it must draw next is loaded. */
export function holdAt(state: PlaybackState, wall: number): PlaybackState {
  return state.playing ? { ...state, anchor: { wall, time: state.time } } : state;
}

/**
 * The replay instant every pane draws for the clock at `time` and the book frame shown, taken at
 * `frameClock` (null before any): the clock itself when that frame is the book in force at it (one
 * frame per event), else the frame's own clock (a sampled frame is the book after the last event
 * of its slot, a pinned step is its event), so the book shown is exact at the instant drawn.
 */
export function drawnInstant(time: number, frameClock: number | null, inForceAtTime: boolean): number {
  return frameClock === null || inForceAtTime ? time : frameClock;
}
