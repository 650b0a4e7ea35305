
/** What each not-yet-built view will hold, shown in its panels until it arrives. */
<<<<<<< HEAD
export const plannedPanels: Record<'files' | 'downloads', readonly { title: string; detail: string }[]> = {
  files: [
    { title: 'Hourly snapshot files', detail: 'The .jsonl.zst files of a market, listed by hour, decoded in a worker with progress, and local files opened offline.' },
=======
export const plannedPanels: Record<'replay' | 'downloads', readonly { title: string; detail: string }[]> = {
  replay: [
    { title: 'Depth ladder', detail: 'The reconstructed top-25 book at any instant, played back with play, pause, speed, step and seek.' },
    { title: 'Liquidity heatmap', detail: 'Resting size by price over time, with the trades printed on top.' },
>>>>>>> f8-files
  ],
  downloads: [
    { title: 'Queue', detail: 'Downloads with progress, resume and retry; each file is verified before it counts and lands atomically.' },
    { title: 'Library', detail: 'Downloaded files on disk, by source, market and date.' },
  ],
};
