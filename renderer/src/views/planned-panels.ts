
/** What each not-yet-built view will hold, shown in its panels until it arrives. */
export const plannedPanels: Record<'files' | 'downloads', readonly { title: string; detail: string }[]> = {
  files: [
    { title: 'Hourly snapshot files', detail: 'The .jsonl.zst files of a market, listed by hour, decoded in a worker with progress, and local files opened offline.' },
  ],
  downloads: [
    { title: 'Queue', detail: 'Downloads with progress, resume and retry; each file is verified before it counts and lands atomically.' },
    { title: 'Library', detail: 'Downloaded files on disk, by source, market and date.' },
  ],
};
