import type { DownloadItem, DownloadQueue } from '../../../../shared/contract/library-schemas.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useUiStore } from '../../stores/ui-store.ts';
import { formatBytes } from '../../../../shared/byte-size.ts';
import { queueDisplayOrder } from './queue-order.ts';
import { countOf, downloadStateLabels, formatEta, formatProgressBytes, formatRate, hourLabel, progressOf, queueTotalsText } from './transfer-format.ts';

/** What the queue panel asks of the queue: every action takes keys, or none for the whole queue. */
export interface QueueActions {
  pause: (keys?: string[]) => void;
  resume: (keys?: string[]) => void;
  cancel: (keys?: string[]) => void;
  clearFinished: () => void;
  /** Queues a finished download whose file was deleted again. */
  downloadAgain: (item: DownloadItem) => void;
}

const keyKinds = new Set(['needs-api-key', 'auth-required', 'payment-required']);
const finished = new Set<DownloadItem['state']>(['done', 'failed', 'cancelled']);

/** A progress bar: the share done, or a moving stripe while the size is not known. */
export function ProgressBar({ fraction, label }: { fraction: number | null; label: string }) {
  return (
    <span className={fraction === null ? 'progress indeterminate' : 'progress'} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}>
      <span className="progress-fill" style={{ width: fraction === null ? '30%' : `${(fraction * 100).toFixed(1)}%` }} />
    </span>
  );
}

function ItemRow({ item, deleted, shownDataset, actions }: { item: DownloadItem; deleted: boolean; shownDataset: string; actions: QueueActions }) {
  const openSettings = useUiStore((state) => state.openSettings);
  const dataset = `${item.source} · ${item.market}`;
  const fraction = progressOf(item);
  const active = item.state === 'downloading' || item.state === 'verifying';
  // A finished download whose file left the library is not a completed download any more.
  const shown = deleted ? 'deleted' : item.state;
  return (
    <>
      <tr className={`queue-item state-${shown}`} data-testid="queue-item" data-key={item.key} data-state={shown}>
        <td className="mono nowrap">
          {hourLabel(item.date, item.hour)}
          {dataset !== shownDataset && <span className="queue-dataset"> {dataset}</span>}
        </td>
        <td className={`queue-state state-${shown}`} title={deleted ? 'Downloaded, then deleted from the library' : undefined}>
          {deleted ? 'Deleted' : downloadStateLabels[item.state]}
        </td>
        <td className="queue-bar">
          <ProgressBar fraction={item.state === 'queued' ? 0 : fraction} label={`${hourLabel(item.date, item.hour)} downloaded`} />
        </td>
        <td className="num mono nowrap">{item.state === 'queued' && item.bytes === 0 && item.totalBytes === null ? '—' : formatProgressBytes(item.bytes, item.totalBytes)}</td>
        <td className="num mono nowrap">{active ? formatRate(item.rateBps) : ''}</td>
        <td className="num mono nowrap">{active ? formatEta(item.etaMs) : ''}</td>
        <td className="num mono" title="Retries so far">
          {item.attempts > 0 ? item.attempts : ''}
        </td>
        <td className="queue-buttons nowrap">
          {(item.state === 'queued' || active) && (
            <button type="button" className="icon-button" onClick={() => actions.pause([item.key])} title="Pause" aria-label={`Pause ${item.key}`}>
              ❚❚
            </button>
          )}
          {(item.state === 'paused' || item.state === 'failed') && (
            <button type="button" className="icon-button" onClick={() => actions.resume([item.key])} title={item.state === 'failed' ? 'Retry' : 'Resume'} aria-label={`${item.state === 'failed' ? 'Retry' : 'Resume'} ${item.key}`}>
              {item.state === 'failed' ? '↻' : '▶'}
            </button>
          )}
          {deleted && (
            <button type="button" className="button compact" onClick={() => actions.downloadAgain(item)} aria-label={`Download ${item.key} again`}>
              Download again
            </button>
          )}
          {!finished.has(item.state) && (
            <button type="button" className="icon-button" onClick={() => actions.cancel([item.key])} title="Cancel (the partial file is removed)" aria-label={`Cancel ${item.key}`}>
              ✕
            </button>
          )}
        </td>
      </tr>
      {item.failure !== null && (
        <tr className="queue-failure">
          <td colSpan={8}>
            <span className="failure-kind">{item.failure.kind}</span> {item.failure.message} <span className="muted">{item.failure.resolution}</span>
            {keyKinds.has(item.failure.kind) && (
              <button type="button" className="button compact" onClick={() => openSettings('api-key')}>
                Add API key
              </button>
            )}
          </td>
        </tr>
      )}
    </>
  );
}

/** Props of the queue panel. */
export interface QueuePanelProps {
  queue: DownloadQueue;
  /** Keys of finished downloads whose file is no longer in the library (`deletedDownloads`). */
  deleted: ReadonlySet<string>;
  /** `source · market` of the dataset the calendar shows; other datasets' items say theirs. */
  shownDataset: string;
  actions: QueueActions;
}

/**
 * The download queue, live: each file with its state, progress, bytes, rate, time left, retries
 * and failure (what went wrong and what fixes it), pause, resume or cancel per file and for all,
 * and the totals over what is unfinished. A download whose file was deleted since reads "Deleted",
 * greyed, with "Download again"; "Clear finished" drops it.
 */
export function QueuePanel({ queue, deleted, shownDataset, actions }: QueuePanelProps) {
  const { totals } = queue;
  const anyFinished = queue.items.some((item) => finished.has(item.state));
  const unfinished = totals.active + totals.queued > 0 || queue.items.some((item) => item.state === 'paused');
  return (
    <section className="panel queue-panel" aria-labelledby="queue-title" data-testid="queue-panel">
      <header className="panel-header panel-header-row">
        <span id="queue-title">Queue</span>
        <span className="queue-totals mono" data-testid="queue-totals">
          {totals.active} active · {totals.queued} queued · {totals.done - deleted.size} done · {deleted.size > 0 && `${deleted.size} deleted · `}
          <span className={totals.failed > 0 ? 'text-fail' : ''}>{totals.failed} failed</span>
          {unfinished && queueTotalsText(totals) !== '' && ` · ${queueTotalsText(totals)}`}
        </span>
        <span className="panel-actions">
          {queue.paused ? (
            <button type="button" className="button compact" onClick={() => actions.resume()}>
              Resume all
            </button>
          ) : (
            <button type="button" className="button compact" onClick={() => actions.pause()} disabled={!unfinished}>
              Pause all
            </button>
          )}
          <button type="button" className="button compact" onClick={() => actions.cancel()} disabled={!unfinished}>
            Cancel all
          </button>
          <button type="button" className="button compact" onClick={actions.clearFinished} disabled={!anyFinished}>
            Clear finished
          </button>
        </span>
      </header>
      {queue.paused && <p className="queue-note">The queue is paused: nothing new starts, and files in flight keep their bytes. Resume to go on.</p>}
      {queue.items.length === 0 ? (
        <EmptyState icon="⇩" title="Nothing queued">
          <p>Select hours in the calendar and press Enter. Files download {queue.concurrency} at a time, are verified, and land in the library whole.</p>
        </EmptyState>
      ) : (
        <div className="queue-scroll">
          <table className="data-table queue-table">
            <thead>
              <tr>
                <th>Hour</th>
                <th>State</th>
                <th>Progress</th>
                <th className="num">Bytes</th>
                <th className="num">Rate</th>
                <th className="num">ETA</th>
                <th className="num" title="Retries so far">Tries</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {queueDisplayOrder(queue.items).map((item) => (
                <ItemRow key={item.key} item={item} deleted={deleted.has(item.key)} shownDataset={shownDataset} actions={actions} />
              ))}
            </tbody>
          </table>
          <p className="queue-foot muted">
            {countOf(queue.items.length, 'file')} · {formatBytes(queue.items.reduce((sum, item) => sum + item.bytes, 0))} received · {queue.concurrency} at a time
          </p>
        </div>
      )}
    </section>
  );
}
