
/** What each not-yet-built view will hold, shown in its panels until it arrives. */
export const plannedPanels: Record<'replay' | 'downloads', readonly { title: string; detail: string }[]> = {
  replay: [
    { title: 'Depth ladder', detail: 'The reconstructed top-25 book at any instant, played back with play, pause, speed, step and seek.' },
    { title: 'Liquidity heatmap', detail: 'Resting size by price over time, with the trades printed on top.' },
  ],
  downloads: [
    { title: 'Queue', detail: 'Downloads with progress, resume and retry; each file is verified before it counts and lands atomically.' },
    { title: 'Library', detail: 'Downloaded files on disk, by source, market and date.' },
  ],
};
