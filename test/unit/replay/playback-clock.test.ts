import { describe, expect, it } from 'vitest';
import { advance, pause, pausedAt, play, playbackSpeeds, seekTo, speedLabel, stepSpeed } from '../../../renderer/src/views/replay/playback-clock.ts';

// The wall clock is a number the test moves by hand.
describe('the playback clock', () => {
  it('moves replay time by speed × wall time while playing, and not while paused', () => {
    const paused = pausedAt(1_000);
    expect(advance(paused, 99_999, Number.POSITIVE_INFINITY)).toBe(paused);
    const playing = play({ ...paused, speed: 10 }, 500);
    expect(advance(playing, 600, Number.POSITIVE_INFINITY).time).toBe(2_000);
    const stopped = pause(playing, 650);
    expect(stopped).toEqual({ time: 2_500, playing: false, speed: 10, anchor: null });
  });

  it('stops at the end of the replay', () => {
    const playing = play(pausedAt(0, 1000), 0);
    expect(advance(playing, 5, 3_000)).toEqual({ time: 3_000, playing: false, speed: 1000, anchor: null });
  });

  it('a seek while playing continues from the new time; while paused it only moves', () => {
    const playing = play(pausedAt(0, 2), 100);
    const moved = seekTo(playing, 50_000, 200);
    expect(advance(moved, 300, Number.POSITIVE_INFINITY).time).toBe(50_200);
    expect(seekTo(pausedAt(7), 9, 123)).toEqual(pausedAt(9));
  });

  it('steps through the speeds from 0.1× to 1000× without a jump in time', () => {
    expect(playbackSpeeds[0]).toBe(0.1);
    expect(playbackSpeeds.at(-1)).toBe(1000);
    let state = play(pausedAt(0, 1), 0);
    state = stepSpeed(state, 1, 1_000);
    expect(state.speed).toBe(2);
    expect(state.time).toBe(1_000);
    expect(advance(state, 2_000, Number.POSITIVE_INFINITY).time).toBe(3_000);
    expect(stepSpeed(pausedAt(0, 1000), 1, 0).speed).toBe(1000);
    expect(stepSpeed(pausedAt(0, 0.1), -1, 0).speed).toBe(0.1);
    expect(speedLabel(0.25)).toBe('0.25×');
  });
});
