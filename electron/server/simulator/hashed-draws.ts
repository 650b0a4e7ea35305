import { hashString } from './prng.ts';

// Random draws addressed by a key instead of drawn in sequence: the value for (seed, market,
// tick, slot, ...) is a hash of those numbers, so any of them can be computed on its own, at any
// time, without replaying the draws before it. That is what lets a book's state be a pure
// function of time. Integer mixing only (no strings in the hot path).

const twoTo32 = 4_294_967_296;

/** Mixes a 32-bit integer into a running hash (one MurmurHash3 body step). */
export function mix(hash: number, value: number): number {
  let k = Math.imul(value | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  let h = hash ^ k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** Mixes a non-negative safe integer (a time slot, a tick) as its two 32-bit halves. */
export function mixNumber(hash: number, value: number): number {
  return mix(mix(hash, value % twoTo32), Math.floor(value / twoTo32));
}

/** A key's hash from a label, e.g. `hashKey(seed, source, market, 'book')`. */
export function hashKey(...parts: readonly (string | number)[]): number {
  return hashString(parts.join('\u001f')) | 0;
}

/** The `index`-th uniform draw in [0, 1) of a key (MurmurHash3 finalizer). */
export function uniformAt(key: number, index: number): number {
  let h = mix(key, index);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / twoTo32;
}

/** A standard normal draw of a key from its draws `index` and `index + 1` (Box–Muller). */
export function normalAt(key: number, index: number): number {
  const u = 1 - uniformAt(key, index);
  const v = uniformAt(key, index + 1);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A Poisson count with mean `mean` from one uniform draw (inverse CDF; normal beyond 60). */
export function poissonOf(mean: number, uniform: number): number {
  if (mean <= 0) return 0;
  if (mean > 60) {
    // Inverse of the normal approximation (Acklam-free: a logistic fit is plenty for event counts).
    const z = Math.log(Math.max(uniform, 1e-12) / Math.max(1 - uniform, 1e-12)) * 0.5513;
    return Math.max(0, Math.round(mean + z * Math.sqrt(mean)));
  }
  let probability = Math.exp(-mean);
  let cumulative = probability;
  let count = 0;
  while (uniform >= cumulative && count < 1000) {
    count++;
    probability *= mean / count;
    cumulative += probability;
  }
  return count;
}
