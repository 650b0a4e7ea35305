import type { ReactNode } from 'react';
import type { ContractError } from '../../../../shared/contract/errors.ts';
import type { ResearchRead } from '../../../../shared/contract/research-schemas.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { KeyRequiredPanel } from '../../components/KeyRequiredPanel.tsx';
import type { ResearchLoad } from './use-research-load.ts';

/** What a panel is about to read, and whether the service would refuse it without a key. */
export interface PanelGate {
  /** Why nothing is sent: the service would refuse it without a key (from `anonymousRefusal`). */
  keyRefusal: string | null;
  /** What the panel wanted ("Markouts of hyperliquid BTC"). */
  what: string;
  onUseAnonymousWindow?: () => void;
}

/** Props of a panel's body. */
export interface PanelBodyProps<T> {
  gate: PanelGate;
  load: ResearchLoad<T>;
  /** What is loading, in words ("the books and trades"). */
  loading: string;
  /** Why a result holds nothing to show, and what to do about it; null when it has something. */
  emptyReason: (value: T) => { title: string; body: ReactNode } | null;
  onNarrowRange?: () => void;
  children: (value: T) => ReactNode;
}

const stageWords = { books: 'book events', trades: 'trades', computing: '' } as const;

/** A load's progress in words: the stage and the rows read so far. */
function progressText(progress: ResearchLoad<unknown>['progress'], loading: string): string {
  if (progress === null) return `Asking for ${loading}…`;
  if (progress.stage === 'computing') return 'Computing in the research worker…';
  return `Reading ${stageWords[progress.stage]}… ${progress.rows.toLocaleString('en-US')} so far`;
}

/** The notes of a read (a cap, rows left out), shown under a panel. */
export function ReadNotes({ read }: { read: Pick<ResearchRead, 'notes' | 'truncated'> }) {
  if (read.notes.length === 0) return null;
  return (
    <ul className={`research-notes${read.truncated ? ' warn' : ''}`} data-testid="research-notes">
      {read.notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

/**
 * Every state of a research panel: key required (nothing sent), loading with the stage and rows
 * read, the error with its fixing action, empty (why, and what to do), then the panel itself.
 */
export function PanelBody<T>({ gate, load, loading, emptyReason, onNarrowRange, children }: PanelBodyProps<T>) {
  if (gate.keyRefusal !== null) {
    return <KeyRequiredPanel what={gate.what} reason={gate.keyRefusal} {...(gate.onUseAnonymousWindow === undefined ? {} : { onUseAnonymousWindow: gate.onUseAnonymousWindow, anonymousWindowLabel: 'Use the last hour' })} />;
  }
  const { query } = load;
  if (query.isError) {
    const error: ContractError = query.error;
    return (
      <ErrorPanel
        context={`${gate.what} could not be computed.`}
        error={error}
        failedAt={query.errorUpdatedAt}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        {...(onNarrowRange === undefined ? {} : { onNarrowRange })}
      />
    );
  }
  const value = query.data;
  if (value === undefined) {
    return (
      <div className="loading-state research-loading" role="status" aria-live="polite" data-testid="research-loading">
        <span className="spinner" aria-hidden="true" />
        {progressText(load.progress, loading)}
      </div>
    );
  }
  const empty = emptyReason(value);
  if (empty !== null) {
    return (
      <EmptyState icon="∅" title={empty.title}>
        {empty.body}
      </EmptyState>
    );
  }
  return <>{children(value)}</>;
}
