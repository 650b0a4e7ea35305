import type { ViewId } from '../../../shared/settings.ts';

/** What each not-yet-built view will hold, shown in its panels until it arrives. */
export const plannedPanels: Record<Exclude<ViewId, 'settings' | 'catalog'>, readonly { title: string; detail: string }[]> = {
  workspace: [
    { title: 'Candles', detail: 'Venue-published candles with revisions folded to the latest, at 1s to 1h intervals.' },
    { title: 'Trades', detail: 'The trade tape with side, size and liquidation flags, in collector-time order.' },
    { title: 'Funding', detail: 'Funding rate, predicted rate, premium, mark and index for perpetuals.' },
    { title: 'Chains, ladders and intents', detail: 'Option chains with IV and greeks, DEX quote ladders with exact 256-bit amounts, intent lifecycles and the mixed event stream.' },
  ],
  replay: [
    { title: 'Depth ladder', detail: 'The reconstructed top-25 book at any instant, played back with play, pause, speed, step and seek.' },
    { title: 'Liquidity heatmap', detail: 'Resting size by price over time, with the trades printed on top.' },
  ],
  files: [
    { title: 'Hourly snapshot files', detail: 'The .jsonl.zst files of a market, listed by hour, decoded in a worker with progress, and local files opened offline.' },
  ],
  downloads: [
    { title: 'Queue', detail: 'Downloads with progress, resume and retry; each file is verified before it counts and lands atomically.' },
    { title: 'Library', detail: 'Downloaded files on disk, by source, market and date.' },
  ],
};
