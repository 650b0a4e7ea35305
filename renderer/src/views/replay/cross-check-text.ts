import type { CrossCheckDifference } from './use-cross-check.ts';

/** A size as its shortest exact-looking text (8 decimals at most, no trailing zeros). */
function plain(value: number): string {
  return String(Number(value.toFixed(8)));
}

/** How much one difference differs, in words. */
export function differenceText(difference: CrossCheckDifference, describeTime: (ms: number) => string): string {
  if (difference.kind === 'only-a') return `${describeTime(difference.time)}: only the service has this event`;
  if (difference.kind === 'only-b') return `${describeTime(difference.time)}: only the local reconstruction has this event`;
  const first = difference.levels[0];
  const where = first === undefined ? '' : `${first.side} level ${first.level + 1}`;
  const largest = difference.largest;
  const amount = largest === null ? '' : `; largest size difference ${plain(largest.difference)} at ${largest.price} (service ${largest.a}, local ${largest.b})`;
  const count = difference.levels.length;
  return `${describeTime(difference.time)}: ${count.toLocaleString('en-US')} level${count === 1 ? ' differs' : 's differ'} from ${where}${amount}`;
}

/** The summary of a finished check that found differences. */
export function differingText(differing: number, compared: number): string {
  return `${differing.toLocaleString('en-US')} ${differing === 1 ? 'event differs' : 'events differ'} of ${compared.toLocaleString('en-US')} compared`;
}


/** What a finished check counted, per kind. */
export interface CrossCheckCounts {
  compared: number;
  differing: number;
  onlyA: number;
  onlyB: number;
  leadingA: number;
  leadingB: number;
}

/** The counts line of a finished check, every count with thousands separators. */
export function countsText(counts: CrossCheckCounts, listed: number | null): string {
  const n = (value: number): string => value.toLocaleString('en-US');
  const parts = [
    `${n(counts.compared)} compared`,
    `${n(counts.differing)} differing`,
    `${n(counts.onlyA)} only in the service`,
    `${n(counts.onlyB)} only local`,
    `${n(counts.leadingA + counts.leadingB)} before the other side's first book`,
  ];
  return `${parts.join(' · ')}${listed === null ? '' : ` · first ${n(listed)} listed`}`;
}
