import type { ViewId } from '../../../shared/settings.ts';

/** How a view appears in navigation: its label, the key after `g`, and a one-line purpose. */
export interface ViewEntry {
  id: ViewId;
  label: string;
  goKey: string;
  icon: string;
  summary: string;
}

/** Every view of the shell, in navigation order; Alt+1…9 and Alt+0 follow this order. */
export const viewEntries: readonly ViewEntry[] = [
  { id: 'catalog', label: 'Catalog', goKey: 'c', icon: '▦', summary: 'Find a source and market' },
  { id: 'workspace', label: 'Market', goKey: 'm', icon: '◫', summary: 'Candles, trades and funding' },
  { id: 'options', label: 'Options', goKey: 'o', icon: '⊞', summary: 'Option chain, greeks and IV smile' },
  { id: 'intents', label: 'Intents', goKey: 'i', icon: '⇄', summary: 'Intent and RFQ lifecycles' },
  { id: 'quotes', label: 'Quotes', goKey: 'q', icon: '≋', summary: 'DEX quote ladders and price impact' },
  { id: 'events', label: 'Events', goKey: 'e', icon: '☰', summary: 'The mixed event stream' },
  { id: 'replay', label: 'Book replay', goKey: 'r', icon: '≣', summary: 'Depth ladder and liquidity heatmap' },
  { id: 'files', label: 'Files', goKey: 'f', icon: '▤', summary: 'Snapshot files, local and remote' },
  { id: 'downloads', label: 'Downloads', goKey: 'd', icon: '⇩', summary: 'Availability, download queue and library' },
  { id: 'settings', label: 'Settings', goKey: 's', icon: '⚙', summary: 'Data source, display, about' },
  // After Settings, so Alt+1…9 and Alt+0 keep their views; Research is g a or the palette.
  { id: 'research', label: 'Research', goKey: 'a', icon: '∿', summary: 'Markouts, depth metrics, latency, venues, activity bars' },
];
