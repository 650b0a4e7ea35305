/** Heights in px, matching intents-view.css: a lifecycle row (28 + 1 border), and a timeline's frame (1 border + 2 + 22 ids line + 6) and step rows. */
export const lifecycleRowHeight = 29;
const timelineFrame = 31;
const stepHeight = 24;

/** The height of a lifecycle in the list, open (with its timeline of `steps` rows) or closed. */
export function lifecycleHeight(steps: number, open: boolean): number {
  return open ? lifecycleRowHeight + timelineFrame + steps * stepHeight : lifecycleRowHeight;
}
