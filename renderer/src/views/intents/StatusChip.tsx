import { intentStatusFamily } from '../../../../shared/intents/intent-status.ts';

/** Props of an intent status chip. */
export interface StatusChipProps {
  /** The status; null for an observation without one. */
  status: string | null;
  /** What to call a step without a status (such as "quoted"). */
  fallback?: string;
  /** Repeat polls this chip stands for (shown as ×N when above 1). */
  count?: number;
}

/** An intent status, coloured by family: live (submitted, open…), done (filled, settled), ended (expired, cancelled, failed). */
export function StatusChip({ status, fallback = 'no status', count = 1 }: StatusChipProps) {
  const family = intentStatusFamily(status);
  return (
    <span className={`status-chip status-${family}${status === null ? ' status-none' : ''}`} title={status === null ? 'This observation carries no status' : `status: ${status}`}>
      {status === null ? fallback : status.replace(/_/g, ' ')}
      {count > 1 && <span className="status-count">×{count}</span>}
    </span>
  );
}
