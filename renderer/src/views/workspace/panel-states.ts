import type { TradeColumns } from '../../../../shared/contract/market-schemas.ts';
import type { ShownError } from '../../components/ErrorPanel.tsx';

/** What the tape area shows. */
export type TapeState =
  | { kind: 'loading'; rows: number | null }
  | { kind: 'error'; error: ShownError; failedAt: number; retry: () => void; retrying: boolean }
  | { kind: 'unavailable'; why: string }
  | { kind: 'ready'; trades: TradeColumns };

/** A notice of the chart mode over the drawn chart (the footprint's trades loading, cut, absent or failed). */
export interface ModeNotice {
  tone: 'faint' | 'warn';
  text: string;
  /** The action that fixes it (Retry), if any. */
  action: { label: string; run: () => void } | null;
  /** Shows a spinner (something is loading). */
  busy: boolean;
}
