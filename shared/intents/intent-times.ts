/** Below this, an epoch value is read as seconds: 10^11 ms is March 1973, 10^11 s is the year 5138. */
const secondsBelow = 100_000_000_000;

/**
 * An intent's `expires_at` or `settled_at` as Unix ms. The spec types them as integers without a
 * unit; venues publish deadlines in seconds (the demo's `expires_at` is seconds, its `settled_at`
 * ms), so a value too small to be a plausible ms time is read as seconds. Null stays null.
 */
export function intentEpochMs(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return Math.abs(value) < secondsBelow ? value * 1000 : value;
}
