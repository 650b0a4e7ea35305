/** Props of a loading state. */
export interface LoadingStateProps {
  /** What is loading ("candles"). */
  what: string;
  /** Rows received so far, when the load reports progress. */
  rows?: number | null;
}

/** A load in progress: what is coming and, for long loads, how many rows have arrived. */
export function LoadingState({ what, rows }: LoadingStateProps) {
  return (
    <div className="loading-state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      Loading {what}…{rows !== null && rows !== undefined && rows > 0 ? ` ${rows.toLocaleString('en-US')} rows so far` : ''}
    </div>
  );
}
