import { describe, expect, it } from 'vitest';
import { advance, drawnInstant, holdAt, pause, pausedAt, play, playbackSpeeds, seekTo, speedLabel, stepSpeed } from '../../../renderer/src/views/replay/playback-clock.ts';

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

  it('draws one instant per frame: the clock when the frame shown is the book in force at it, else the frame\'s own clock', () => {
    // One frame per event: the book at 10:00:00.500 is the one of the event at .480, exact at the clock's .500.
    expect(drawnInstant(1_500, 1_480, true)).toBe(1_500);
    // A sampled frame (the book after the last event of its slot, at .480): the instant drawn is .480, where that book is exact.
    expect(drawnInstant(1_500, 1_480, false)).toBe(1_480);
    // No frame yet: the clock.
    expect(drawnInstant(1_500, null, false)).toBe(1_500);
  });

  it('waits where it stands while the next frame loads, still playing, and moves on from there without a jump', () => {
    const playing = play(pausedAt(10_000, 1000), 0);
    const held = holdAt(advance(playing, 20, Number.POSITIVE_INFINITY), 20);
    expect(held).toEqual({ time: 30_000, playing: true, speed: 1000, anchor: { wall: 20, time: 30_000 } });
    // Held again at wall 50 (still loading), then 10 ms of wall later: 10 s on from 30 s, not from where the wall clock would have put it.
    const again = holdAt(held, 50);
    expect(advance(again, 60, Number.POSITIVE_INFINITY).time).toBe(40_000);
    expect(holdAt(pausedAt(5), 99)).toEqual(pausedAt(5));
  });
});
