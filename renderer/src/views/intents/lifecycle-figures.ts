import type { LifecycleSummary } from '../../../../shared/intents/lifecycle-stats.ts';
import { formatDuration } from '../../format/row-times.ts';

/**
 * The intents view's summary line: `392 lifecycles · 1251 observations · 301 settled · median
 * submit → settle 23.7 s (of 285 timed)`. "settled" counts as the status chip does; the median
 * says how many lifecycles had both a submit and a settle to time.
 */
export function lifecycleFigures(summary: LifecycleSummary): string {
  const median = summary.medianMs === null ? 'no submit → settle time' : `median submit → settle ${formatDuration(summary.medianMs)} (of ${summary.timed.toLocaleString('en-US')} timed)`;
  return `${summary.lifecycles.toLocaleString('en-US')} lifecycles · ${summary.observations.toLocaleString('en-US')} observations · ${summary.settled.toLocaleString('en-US')} settled · ${median}`;
}
