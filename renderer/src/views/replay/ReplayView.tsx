import { useCallback, useMemo, useState } from 'react';
import type { FileGrant } from '../../../../shared/contract/file-schemas.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { useTimeZone } from '../../hooks/contract-queries.ts';
import { useReplayFiles } from '../../stores/replay-files-store.ts';
import { useUiStore, useViewParams } from '../../stores/ui-store.ts';
import { ReplayPlayer } from './ReplayPlayer.tsx';
import { useBookReplay, type StartReplay } from './use-book-replay.ts';

/** What the replay plays: granted files, or nothing chosen yet. */
type ReplaySource = { kind: 'files'; files: readonly FileGrant[] } | { kind: 'none' };

function sourceLabel(source: ReplaySource): string {
  if (source.kind === 'none') return 'Nothing chosen';
  return source.files.length === 1 ? (source.files[0]?.name ?? '') : `${source.files.length} files`;
}

/**
 * Book replay: reconstructed order books played back like a video. It plays granted snapshot
 * files ("Replay this file's books" in Files); the frames come from the book worker in main.
 */
export function ReplayView() {
  const files = useReplayFiles((state) => state.files);
  const params = useViewParams('replay');
  const setParams = useUiStore((state) => state.setParams);
  const showView = useUiStore((state) => state.showView);
  const zone = useTimeZone();

  const source: ReplaySource = useMemo(() => (files !== null && files.length > 0 ? { kind: 'files', files } : { kind: 'none' }), [files]);
  const [attempt, setAttempt] = useState(0);
  const key = `${source.kind === 'files' ? `files:${source.files.map((file) => file.fileId).join(',')}` : 'none'}#${attempt}`;
  const start: StartReplay | null = useMemo(() => {
    if (source.kind !== 'files') return null;
    const fileIds = source.files.map((file) => file.fileId);
    return (api) => api.book.replayFiles({ fileIds });
  }, [source]);
  const replay = useBookReplay(key, start);
  const book = replay.store.pick(params.instrument);
  const onSettle = useCallback((time: number) => setParams('replay', { at: Math.round(time) }), [setParams]);

  const progress = replay.progress;
  const running = source.kind !== 'none' && replay.ended === null && replay.startError === null;
  const status = progress === null ? '' : `${progress.events.toLocaleString('en-US')} events · ${progress.frames.toLocaleString('en-US')} frames${running ? ' · loading' : ''}`;

  const body = (() => {
    if (source.kind === 'none') {
      return (
        <EmptyState icon="≣" title="Choose what to replay">
          <p>Open a snapshot file in Files and press “Replay this file's books”: the book is rebuilt from its deltas and played back here, event by event.</p>
          <p>
            <button type="button" className="button primary" onClick={() => showView('files')}>
              Open snapshot files
            </button>
          </p>
        </EmptyState>
      );
    }
    if (replay.startError !== null) return <ErrorPanel context="The replay could not start." error={replay.startError} failedAt={replay.startErrorAt} onRetry={() => setAttempt((n) => n + 1)} retrying={false} />;
    if (book === null) {
      if (replay.ended !== null) {
        return (
          <EmptyState icon="≣" title="No order book in this data">
            <p>{replay.ended.error === null ? 'The replay finished without a single order-book event.' : `${replay.ended.error.message} ${replay.ended.error.resolution}`}</p>
          </EmptyState>
        );
      }
      return <LoadingState what="the first book events" rows={progress?.events ?? null} />;
    }
    return <ReplayPlayer key={key} frames={book.frames} zone={zone} initialTime={params.at ?? null} onSettle={onSettle} extraMarks={[]} sizeDecimals={4} />;
  })();

  return (
    <ViewFrame
      title="Book replay"
      subtitle={`${sourceLabel(source)}${book === null ? '' : ` · ${book.key.source} ${book.key.market}${book.key.instrument === null ? '' : ` ${book.key.instrument}`}`}`}
      actions={
        <span className="replay-status" data-testid="replay-status">
          {status}
          {replay.ended?.error !== null && replay.ended?.error !== undefined ? ` · stopped: ${replay.ended.error.message}` : ''}
        </span>
      }
    >
      {body}
    </ViewFrame>
  );
}
