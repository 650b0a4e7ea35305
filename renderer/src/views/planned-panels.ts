
/** What each not-yet-built view will hold, shown in its panels until it arrives. */
export const plannedPanels: Record<'downloads', readonly { title: string; detail: string }[]> = {
  downloads: [
    { title: 'Queue', detail: 'Downloads with progress, resume and retry; each file is verified before it counts and lands atomically.' },
    { title: 'Library', detail: 'Downloaded files on disk, by source, market and date.' },
  ],
};
