import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { useManifests } from '../../hooks/library-queries.ts';
import { formatBytes } from '../../../../shared/byte-size.ts';
import type { DownloadPlan } from './selection.ts';
import { countOf } from './transfer-format.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { ContractError } from '../../../../shared/contract/errors.ts';

/** Props of the selection bar. */
export interface SelectionBarProps {
  source: string;
  market: string;
  selected: number;
  plan: DownloadPlan;
  onDownload: () => void;
  onClear: () => void;
  enqueuing: boolean;
  enqueueError: ContractError | null;
  /** When the enqueue failed (Unix ms). */
  enqueueFailedAt: number;
}

interface Refusal {
  error: ContractError;
  dates: string[];
  failedAt: number;
}

/** Manifest refusals grouped by kind, so seven gated days make one panel naming the seven dates. */
function refusalsByKind(slots: readonly { date: string; error: ContractError; failedAt: number }[]): Refusal[] {
  const groups = new Map<string, Refusal>();
  for (const slot of slots) {
    const group = groups.get(slot.error.kind) ?? { error: slot.error, dates: [], failedAt: slot.failedAt };
    group.dates.push(slot.date);
    groups.set(slot.error.kind, group);
  }
  return [...groups.values()];
}

/**
 * What the selection would download, said before it starts: hours by key, whole days with their
 * daily manifest's count and size, what is skipped (already local, in the queue, needing a key),
 * and each manifest refusal with the action that fixes it.
 */
export function SelectionBar({ source, market, selected, plan, onDownload, onClear, enqueuing, enqueueError, enqueueFailedAt }: SelectionBarProps) {
  const openSettings = useUiStore((state) => state.openSettings);
  const queries = useManifests(source, market, plan.wholeDays);
  const manifests = plan.wholeDays.map((date, index) => ({ date, query: queries[index] }));
  const ready = queries.flatMap((query) => (query.data === undefined ? [] : [query.data]));
  const refused = refusalsByKind(manifests.flatMap(({ date, query }) => (query?.error instanceof ContractError ? [{ date, error: query.error, failedAt: query.errorUpdatedAt }] : [])));
  const pending = queries.some((query) => query.isPending);
  const refusedDays = new Set(refused.flatMap((group) => group.dates));
  const dayFiles = ready.reduce((sum, manifest) => sum + manifest.total, 0);
  const dayBytes = ready.reduce((sum, manifest) => sum + manifest.totalBytes, 0);
  const wanted = plan.keys.length + plan.wholeDays.filter((date) => !refusedDays.has(date)).length;
  const skipped = [
    plan.local > 0 ? `${plan.local} in the library` : null,
    plan.inQueue > 0 ? `${plan.inQueue} already queued` : null,
    plan.needsKey > 0 ? `${plan.needsKey} need an API key` : null,
  ].filter((part) => part !== null);

  if (selected === 0) {
    return (
      <p className="selection-bar selection-hint">
        Select hours to download: click a cell, shift-click a range, drag, or click a day. Keyboard: arrows move, <kbd>Space</kbd> toggles, <kbd>a</kbd> the whole day, <kbd>Enter</kbd> downloads, <kbd>Esc</kbd> clears.
      </p>
    );
  }
  return (
    <div className="selection-block" data-testid="selection-bar">
      <div className="selection-bar">
        <span className="selection-count">{countOf(selected, 'hour')} selected</span>
        <span className="selection-detail">
          {plan.keys.length > 0 && <span>{countOf(plan.keys.length, 'hour')} by key</span>}
          {ready.map((manifest) => (
            <span key={manifest.date} className="manifest" data-testid="manifest">
              {manifest.date}: whole day, {countOf(manifest.total, 'file')} · {formatBytes(manifest.totalBytes)}
            </span>
          ))}
          {pending && <span className="muted">reading the daily manifests…</span>}
          {ready.length > 1 && (
            <span className="manifest-total">
              days total {countOf(dayFiles, 'file')} · {formatBytes(dayBytes)}
            </span>
          )}
          {skipped.length > 0 && <span className="muted">skipped: {skipped.join(', ')}</span>}
        </span>
        <span className="selection-actions">
          {plan.needsKey > 0 && refused.length === 0 && (
            <button type="button" className="button" onClick={() => openSettings('api-key')}>
              Add API key
            </button>
          )}
          <button type="button" className="button" onClick={onClear} title="Clear the selection (Esc)">
            Clear <kbd>Esc</kbd>
          </button>
          <button type="button" className="button primary" onClick={onDownload} disabled={wanted === 0 || enqueuing || pending} title="Download the selection (Enter)">
            {enqueuing ? 'Queuing…' : plan.downloadable > 0 ? `Download ${countOf(plan.downloadable, 'hour')}` : 'Download'} <kbd>Enter</kbd>
          </button>
        </span>
      </div>
      {refused.map((group) => (
        <ErrorPanel key={group.error.kind} context={`The daily manifest of ${group.dates.join(', ')} was refused.`} error={group.error} failedAt={group.failedAt} onRetry={() => manifests.filter((slot) => group.dates.includes(slot.date)).forEach((slot) => void slot.query?.refetch())} retrying={false} />
      ))}
      {enqueueError !== null && <ErrorPanel context="The download could not be queued." error={enqueueError} failedAt={enqueueFailedAt} onRetry={onDownload} retrying={enqueuing} />}
    </div>
  );
}
