import { BookModel, type BookSide, type FlatBook } from './book-model.ts';

/**
 * What the timeline emits, in time order: level changes (absolute lots, 0 deletes) and trades.
 * The arrays handed to `delta` are reused: read them during the call only.
 */
export interface BookEventSink {
  /** Changes of the visible book, flat `[tick, lots, ...]`, best first; at most `depth` per side. */
  delta(time: number, bids: readonly number[], asks: readonly number[]): void;
  /** A trade of `lots` at the touch tick of its side (a buy hits the ask). */
  trade(time: number, buy: boolean, tick: number, lots: number, id: number): void;
}

// Sides as plain numbers in the hot loops (BookSide: 0 bids, 1 asks).
const bids = 0;
const asks = 1;
const touchEvent = 0;
const refreshEvent = 1;
const tradeEvent = 2;
const descending = (a: number, b: number): number => b - a;
const ascending = (a: number, b: number): number => a - b;
/** Events per slot are indexed below this (packed into sort keys with time and kind). */
const indexSpan = 1 << 20;

/** One slot's events, sorted by time, then touch → refreshes → trades. */
interface SlotEvents {
  count: number;
  times: Float64Array;
  kinds: Uint8Array;
  sides: Uint8Array;
  /** Refresh: the level's tick; touch: the new bid; trade: unused. */
  ticks: Float64Array;
  /** Refresh: lots; touch: the new ask; trade: lots asked for. */
  values: Float64Array;
  /** Trade ids. */
  ids: Float64Array;
}

function slotEvents(capacity: number): SlotEvents {
  return {
    count: 0,
    times: new Float64Array(capacity),
    kinds: new Uint8Array(capacity),
    sides: new Uint8Array(capacity),
    ticks: new Float64Array(capacity),
    values: new Float64Array(capacity),
    ids: new Float64Array(capacity),
  };
}

function grown(events: SlotEvents, size: number): SlotEvents {
  if (events.times.length >= size) return events;
  const next = slotEvents(Math.max(size, events.times.length * 2));
  next.count = events.count;
  next.times.set(events.times);
  next.kinds.set(events.kinds);
  next.sides.set(events.sides);
  next.ticks.set(events.ticks);
  next.values.set(events.values);
  next.ids.set(events.ids);
  return next;
}

/** Levels are kept in rings indexed by `tick & ringMask`; a slot remembers which tick it holds. */
const ringSize = 1 << 14;
const ringMask = ringSize - 1;

/**
 * Per side: the lots of the levels seen (a level whose slot was taken by another tick is simply
 * unknown again, and computed from scratch), when each level outside the window left it, what was
 * published, and the levels changed by the events of the current time.
 */
class SideState {
  readonly lotsTick = new Float64Array(ringSize).fill(Number.NaN);
  readonly lots = new Float64Array(ringSize);
  /** Exit time of a level that left the window (its lots were exact then); NaN while inside. */
  readonly exits = new Float64Array(ringSize).fill(Number.NaN);
  readonly publishedTick = new Float64Array(ringSize).fill(Number.NaN);
  readonly published = new Float64Array(ringSize);
  readonly changedTick = new Float64Array(ringSize).fill(Number.NaN);
  readonly changedStamp = new Float64Array(ringSize);
  /** The changed ticks of the current time, in the order they changed. */
  readonly changed: number[] = [];
  /** Reused output of `diff`. */
  readonly out: number[] = [];
  stamp = 1;

  known(tick: number): boolean {
    return this.lotsTick[tick & ringMask] === tick;
  }

  lotsOf(tick: number): number {
    const slot = tick & ringMask;
    return this.lotsTick[slot] === tick ? (this.lots[slot] ?? 0) : 0;
  }

  setLots(tick: number, lots: number): void {
    const slot = tick & ringMask;
    if (this.lotsTick[slot] !== tick) this.exits[slot] = Number.NaN;
    this.lotsTick[slot] = tick;
    this.lots[slot] = lots;
  }

  publishedOf(tick: number): number {
    const slot = tick & ringMask;
    return this.publishedTick[slot] === tick ? (this.published[slot] ?? 0) : 0;
  }

  publish(tick: number, lots: number): void {
    const slot = tick & ringMask;
    this.publishedTick[slot] = lots === 0 ? Number.NaN : tick;
    this.published[slot] = lots;
  }

  markChanged(tick: number): void {
    const slot = tick & ringMask;
    if (this.changedStamp[slot] === this.stamp && this.changedTick[slot] === tick) return;
    this.changedStamp[slot] = this.stamp;
    this.changedTick[slot] = tick;
    this.changed.push(tick);
  }
}

/**
 * A book model played forward from a start time, one event time after another, emitting the diff
 * between consecutive visible books. It applies the refreshes that land inside the window (the
 * `depth` ticks from the touch) and the trades itself. A level entering the window takes the
 * latest refresh since it left (nothing else can touch a level outside the window: trades only
 * hit the touch), or its lots when it left if there was none, or is computed from scratch when
 * the timeline never saw it. So at every step the window's sizes equal `BookModel.sizeAt` (a unit
 * test checks that), and a timeline started at hour N+1's start continues exactly from the book
 * hour N's timeline ended with.
 */
export class BookTimeline {
  readonly #model: BookModel;
  readonly #depth: number;
  readonly #slotMs: number;
  readonly #gridMs: number;
  readonly #sides: [SideState, SideState] = [new SideState(), new SideState()];
  readonly #refreshes = BookModel.refreshBuffer();
  readonly #latest = { time: 0, lots: 0 };
  readonly #noLevels: number[] = [];
  #bid: number;
  #ask: number;
  /** The best bid tick when the book was last published (which way a touch jump went). */
  #publishedBid: number;
  #slot: number;
  #events = slotEvents(1024);
  #unsorted = slotEvents(1024);
  #keys = new Float64Array(1024);
  #position = 0;

  /** Starts from the model's book just before `start` (every event earlier than `start` applied). */
  constructor(model: BookModel, start: number) {
    this.#model = model;
    this.#depth = model.params.depth;
    this.#slotMs = model.params.slotMs;
    this.#gridMs = model.params.touchGridMs;
    this.#bid = model.bidAt(start - 1);
    this.#ask = model.askAt(start - 1);
    this.#publishedBid = this.#bid;
    for (const side of [bids, asks] as const) {
      const state = this.#sides[side];
      const [low, high] = this.#window(side);
      for (let tick = low; tick <= high; tick++) {
        const lots = model.sizeAt(side, tick, start - 1);
        state.setLots(tick, lots);
        state.publish(tick, lots);
      }
    }
    this.#slot = Math.floor(start / this.#slotMs);
    this.#loadSlot(start);
    while (this.#position >= this.#events.count) this.#loadSlot((++this.#slot) * this.#slotMs);
  }

  /** The time of the next event (every event before it has been emitted). */
  get nextTime(): number {
    return this.#events.times[this.#position] ?? Number.POSITIVE_INFINITY;
  }

  /** The best bid tick now. */
  get bid(): number {
    return this.#bid;
  }

  /** The best ask tick now. */
  get ask(): number {
    return this.#ask;
  }

  /** The visible book now, flat and best first (what a snapshot shows). */
  book(): FlatBook {
    return { bids: this.#sorted(bids), asks: this.#sorted(asks) };
  }

  /** The lots of every level in a side's window now (for tests against the model). */
  windowLevels(side: BookSide): Map<number, number> {
    const [low, high] = this.#window(side);
    const levels = new Map<number, number>();
    const state = this.#sides[side];
    for (let tick = low; tick <= high; tick++) levels.set(tick, state.known(tick) ? state.lotsOf(tick) : Number.NaN);
    return levels;
  }

  /** Emits every event at `nextTime`: touch moves and refreshes as one delta, then each trade. */
  step(sink: BookEventSink): void {
    const events = this.#events;
    const time = events.times[this.#position] ?? Number.POSITIVE_INFINITY;
    while (this.#position < events.count && events.times[this.#position] === time && events.kinds[this.#position] !== tradeEvent) {
      const at = this.#position++;
      const tick = events.ticks[at] ?? 0;
      const value = events.values[at] ?? 0;
      if (events.kinds[at] === touchEvent) this.#moveTouch(time, tick, value);
      else {
        // Pushed only when inside the window at its time, which the touch moves before it settled.
        const state = this.#sides[events.sides[at] === asks ? asks : bids];
        state.setLots(tick, value);
        state.markChanged(tick);
      }
    }
    this.#publish(time, sink);
    while (this.#position < events.count && events.times[this.#position] === time) {
      const at = this.#position++;
      const buy = events.sides[at] === asks;
      const state = this.#sides[buy ? asks : bids];
      const tick = buy ? this.#ask : this.#bid;
      const resting = state.lotsOf(tick);
      if (resting <= 0) continue;
      const lots = Math.min(resting, events.values[at] ?? 0);
      state.setLots(tick, resting - lots);
      sink.trade(time, buy, tick, lots, events.ids[at] ?? 0);
      state.markChanged(tick);
      this.#publish(time, sink);
    }
    while (this.#position >= this.#events.count) this.#loadSlot((++this.#slot) * this.#slotMs);
  }

  /** The first and last tick of a side's window. */
  #window(side: BookSide): [number, number] {
    return side === bids ? [Math.max(1, this.#bid - this.#depth + 1), this.#bid] : [this.#ask, this.#ask + this.#depth - 1];
  }

  #inWindow(side: number, tick: number): boolean {
    return side === bids ? tick <= this.#bid && tick > this.#bid - this.#depth && tick > 0 : tick >= this.#ask && tick < this.#ask + this.#depth;
  }

  #moveTouch(time: number, bid: number, ask: number): void {
    const depth = this.#depth;
    for (let side = bids; side <= asks; side++) {
      const state = this.#sides[side === bids ? bids : asks];
      const from = side === bids ? this.#bid - depth + 1 : this.#ask;
      const to = side === bids ? bid - depth + 1 : ask;
      if (from === to) continue;
      // Leaving: the old window minus the new one.
      for (let tick = from; tick < from + depth; tick++) {
        if (tick >= to && tick < to + depth) continue;
        state.markChanged(tick);
        if (tick > 0) state.exits[tick & ringMask] = time;
      }
      // Entering: the new window minus the old one.
      for (let tick = to; tick < to + depth; tick++) {
        if ((tick >= from && tick < from + depth) || tick <= 0) continue;
        state.markChanged(tick);
        this.#enter(side === bids ? bids : asks, state, tick, time);
      }
    }
    this.#bid = bid;
    this.#ask = ask;
  }

  /** The lots of a level entering the window at `time` (before that time's refreshes). */
  #enter(side: BookSide, state: SideState, tick: number, time: number): void {
    const exit = state.exits[tick & ringMask] ?? Number.NaN;
    if (!state.known(tick) || Number.isNaN(exit)) {
      state.setLots(tick, this.#model.sizeAt(side, tick, time - 1));
      return;
    }
    state.exits[tick & ringMask] = Number.NaN;
    this.#model.latestRefreshBefore(side, tick, time, this.#latest);
    // A refresh at or after the exit was not applied (it landed outside the window); earlier ones were.
    if (this.#latest.time >= exit) state.setLots(tick, this.#latest.lots);
  }

  /**
   * Publishes the changed levels as one delta. A touch jump can change more than `depth` levels of
   * a side (its whole window leaves, a new one enters); then the changes go out as three deltas at
   * the same time, in an order that keeps every book in between uncrossed with both sides filled:
   * for a move up, the new asks, then the old asks' removal with the new bids, then the old bids'
   * removal (a move down mirrors it). Each side of each delta then has at most `depth` changes.
   */
  #publish(time: number, sink: BookEventSink): void {
    const bidLevels = this.#diff(bids);
    const askLevels = this.#diff(asks);
    const movedUp = this.#bid > this.#publishedBid;
    this.#publishedBid = this.#bid;
    if (bidLevels.length === 0 && askLevels.length === 0) return;
    if (bidLevels.length <= 2 * this.#depth && askLevels.length <= 2 * this.#depth) {
      sink.delta(time, bidLevels, askLevels);
      return;
    }
    const none = this.#noLevels;
    const steps = movedUp
      ? [
          [none, levelsWhere(askLevels, false)],
          [levelsWhere(bidLevels, false), levelsWhere(askLevels, true)],
          [levelsWhere(bidLevels, true), none],
        ]
      : [
          [levelsWhere(bidLevels, false), none],
          [levelsWhere(bidLevels, true), levelsWhere(askLevels, false)],
          [none, levelsWhere(askLevels, true)],
        ];
    for (const [stepBids = none, stepAsks = none] of steps) if (stepBids.length > 0 || stepAsks.length > 0) sink.delta(time, stepBids, stepAsks);
  }

  /** The changed levels of a side whose visible lots differ from what was published; publishes them. */
  #diff(side: BookSide): number[] {
    const state = this.#sides[side];
    const changed = state.changed;
    if (changed.length === 0) return this.#noLevels;
    state.stamp++;
    if (changed.length > 1) changed.sort(side === bids ? descending : ascending);
    const out = state.out;
    out.length = 0;
    for (const tick of changed) {
      const visible = this.#inWindow(side, tick) ? state.lotsOf(tick) : 0;
      if (visible === state.publishedOf(tick)) continue;
      out.push(tick, visible);
      state.publish(tick, visible);
    }
    changed.length = 0;
    return out;
  }

  #sorted(side: BookSide): number[] {
    const state = this.#sides[side];
    const [low, high] = this.#window(side);
    const levels: number[] = [];
    for (let i = 0; i <= high - low; i++) {
      const tick = side === bids ? high - i : low + i;
      const lots = state.publishedOf(tick);
      if (lots > 0) levels.push(tick, lots);
    }
    return levels;
  }

  /**
   * Prepares the events of the current slot from `from` on: the touch moves on the grid, the
   * refreshes of levels inside the window at their time, and the trade attempts.
   */
  #loadSlot(from: number): void {
    const model = this.#model;
    const slot = this.#slot;
    const slotStart = slot * this.#slotMs;
    const gridSteps = this.#slotMs / this.#gridMs;
    const depth = this.#depth;
    let events = this.#unsorted;
    events.count = 0;
    const push = (time: number, kind: number, side: number, tick: number, value: number, id: number): void => {
      if (events.count >= events.times.length) events = grown(events, events.count + 1);
      const at = events.count++;
      events.times[at] = time;
      events.kinds[at] = kind;
      events.sides[at] = side;
      events.ticks[at] = tick;
      events.values[at] = value;
      events.ids[at] = id;
    };
    let bid = this.#bid;
    let ask = this.#ask;
    let minBid = Number.POSITIVE_INFINITY;
    let maxBid = Number.NEGATIVE_INFINITY;
    let minAsk = Number.POSITIVE_INFINITY;
    let maxAsk = Number.NEGATIVE_INFINITY;
    for (let step = 0; step < gridSteps; step++) {
      const time = slotStart + step * this.#gridMs;
      if (time + this.#gridMs <= from) continue;
      const at = Math.max(time, from);
      const nextBid = model.bidAt(at);
      const nextAsk = model.askAt(at);
      if (nextBid !== bid || nextAsk !== ask) push(at, touchEvent, 0, nextBid, nextAsk, 0);
      bid = nextBid;
      ask = nextAsk;
      minBid = Math.min(minBid, bid);
      maxBid = Math.max(maxBid, bid);
      minAsk = Math.min(minAsk, ask);
      maxAsk = Math.max(maxAsk, ask);
    }
    const refreshes = this.#refreshes;
    for (let side = bids; side <= asks; side++) {
      const low = side === bids ? Math.max(1, minBid - depth + 1) : minAsk;
      const high = side === bids ? maxBid : maxAsk + depth - 1;
      for (let tick = low; tick <= high; tick++) {
        model.refreshTimesInto(side === bids ? bids : asks, tick, slot, refreshes);
        for (let i = 0; i < refreshes.count; i++) {
          const time = refreshes.times[i] ?? 0;
          if (time < from) continue;
          const touch = side === bids ? model.bidAt(time) : model.askAt(time);
          const inside = side === bids ? tick <= touch && tick > touch - depth : tick >= touch && tick < touch + depth;
          if (inside) push(time, refreshEvent, side, tick, model.refreshLots(side === bids ? bids : asks, tick, slot, i, time), i);
        }
      }
    }
    const trades = model.tradesOf(slot);
    for (let i = 0; i < trades.count; i++) {
      const time = trades.times[i] ?? 0;
      if (time >= from) push(time, tradeEvent, trades.buys[i] === 1 ? asks : bids, 0, trades.lots[i] ?? 0, trades.ids[i] ?? 0);
    }
    this.#unsorted = events;
    this.#sortInto(events);
  }

  /**
   * Sorts the slot's events by (time, kind), keeping draw order within ties: each key packs the
   * time within the slot, the kind and the event's index, so a plain numeric sort is stable.
   */
  #sortInto(unsorted: SlotEvents): void {
    const count = unsorted.count;
    if (count >= indexSpan) throw new RangeError(`too many book events in one slot (${count})`);
    if (this.#keys.length < count) this.#keys = new Float64Array(Math.max(count, this.#keys.length * 2));
    const keys = this.#keys.subarray(0, count);
    const slotStart = this.#slot * this.#slotMs;
    for (let i = 0; i < count; i++) keys[i] = ((unsorted.times[i] ?? 0) - slotStart) * indexSpan * 4 + (unsorted.kinds[i] ?? 0) * indexSpan + i;
    keys.sort();
    const sorted = grown(this.#events, count);
    sorted.count = count;
    for (let position = 0; position < count; position++) {
      const i = (keys[position] ?? 0) % indexSpan;
      sorted.times[position] = unsorted.times[i] ?? 0;
      sorted.kinds[position] = unsorted.kinds[i] ?? 0;
      sorted.sides[position] = unsorted.sides[i] ?? 0;
      sorted.ticks[position] = unsorted.ticks[i] ?? 0;
      sorted.values[position] = unsorted.values[i] ?? 0;
      sorted.ids[position] = unsorted.ids[i] ?? 0;
    }
    this.#events = sorted;
    this.#position = 0;
  }
}

/** The removals (lots 0) or the other changes of a flat level list. */
function levelsWhere(levels: readonly number[], removals: boolean): number[] {
  const kept: number[] = [];
  for (let i = 0; i < levels.length; i += 2) if ((levels[i + 1] === 0) === removals) kept.push(levels[i] ?? 0, levels[i + 1] ?? 0);
  return kept;
}
