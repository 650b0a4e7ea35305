/**
 * How an intent status reads at a glance: still live, done (filled or settled), or ended without
 * a fill. Statuses are the field notes' allowed values; anything else (including `unknown` and a
 * missing status) is `other`, shown neutrally rather than guessed at.
 */
export type IntentStatusFamily = 'live' | 'done' | 'ended' | 'other';

const families: Readonly<Record<string, IntentStatusFamily>> = {
  submitted: 'live',
  open: 'live',
  partially_filled: 'live',
  executing: 'live',
  filled: 'done',
  settled: 'done',
  cancelled: 'ended',
  expired: 'ended',
  failed: 'ended',
};

/** The family of an intent status (null or unrecognised → `other`). */
export function intentStatusFamily(status: string | null): IntentStatusFamily {
  return status === null ? 'other' : (families[status] ?? 'other');
}

/** Whether a status means the intent was filled or settled (the end of "submit to settle"). */
export function isSettledStatus(status: string | null): boolean {
  return status === 'settled' || status === 'filled';
}
