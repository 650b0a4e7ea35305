import { useCallback, useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { fileViewStates } from '../../../../shared/contract/file-view-schemas.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { useApi } from '../../transport/connection-context.ts';
import { formatTimestamp } from '../../format/market-values.ts';
import { timeInputHelp } from '../../format/time-input-help.ts';
import { useTimeZone } from '../../hooks/contract-queries.ts';
import { useViewKeyMap } from '../../hooks/use-view-keys.ts';
import { useReplayFiles } from '../../stores/replay-files-store.ts';
import { useDebounced } from '../../hooks/use-debounced.ts';
import { FileDropZone } from './FileDropZone.tsx';
import { FileSummary } from './FileSummary.tsx';
import { count, replayRefusal } from './file-summary-format.ts';
import { formatBytes } from '../../../../shared/byte-size.ts';
import { useFilesView } from '../../stores/files-store.ts';
import { jumpReference, parseJumpTime } from './jump-time.ts';
import { RecordTable } from './RecordTable.tsx';
import { RowDetail } from './RowDetail.tsx';
import { toggleTypeFilter } from './type-filter.ts';
import { useFileRows } from './use-file-rows.ts';
import { useFileView } from './use-file-view.ts';
import { useOpenFile } from '../../hooks/use-open-file.ts';
import './files-view.css';

/**
 * The Files view: a snapshot file opened from disk (dialog or drop in the desktop app, chosen or
 * dropped and streamed in browser mode). Its inspect summary shows at once and grows as main
 * decodes it; its records stream into a virtualized table, filtered by type, searched for exact
 * text, jumped through by time, each row's raw line one key away; "Replay this file's books"
 * opens the book replay on it. Keys: `o` open, `/` search, `t` jump to a time, `j` `k` rows,
 * Enter the raw line, Esc closes it.
 */
export function FilesView() {
  const api = useApi();
  const zone = useTimeZone();
  const { file, query, selected, detailOpen, show, setQuery, select, setDetailOpen } = useFilesView();
  const [attempt, setAttempt] = useState(0);
  const opening = useOpenFile(show);
  const opened = useFileView(file, attempt);
  const progress = opened.progress;
  const [visible, setVisible] = useState({ first: 0, last: 0 });
  const onVisible = useCallback((first: number, last: number) => setVisible({ first, last }), []);
  const tick = progress === null ? -1 : progress.rows * fileViewStates.length + fileViewStates.indexOf(progress.state);
  const rows = useFileRows(opened.viewId, query, visible.first, visible.last, tick);
  const [searchText, setSearchText] = useState(query.text);
  const settledSearch = useDebounced(searchText, 250);
  const [jumpText, setJumpText] = useState('');
  const [jumpNote, setJumpNote] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const jumpInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (settledSearch !== query.text) setQuery({ text: settledSearch });
  }, [settledSearch, query.text, setQuery]);

  // The viewer's worker starts while the user picks a file, so the first rows do not wait for it.
  useEffect(() => {
    api.files.warmViewer().catch(() => undefined);
  }, [api]);

  const choose = (): void => {
    if (opening.pick !== null) opening.pick();
    else fileInput.current?.click();
  };
  const move = (delta: number): void => {
    if (rows.matches === 0) return;
    select(selected === null ? 0 : Math.min(rows.matches - 1, Math.max(0, selected + delta)));
  };
  const jump = (): void => {
    const read = parseJumpTime(jumpText, zone, progress?.summary ?? null);
    if (!read.ok) {
      setJumpNote(read.message);
      return;
    }
    const at = read.time;
    if (opened.viewId === null) {
      setJumpNote('The file is still opening');
      return;
    }
    api.files.locate({ viewId: opened.viewId, query, at }).then(
      ({ position }) => {
        if (position === null) setJumpNote(`No ${query.types === null && query.text === '' ? '' : 'matching '}record at or after ${formatTimestamp(at, zone)}`);
        else {
          setJumpNote(null);
          select(position);
        }
      },
      (error: unknown) => setJumpNote(error instanceof Error ? error.message : String(error)),
    );
  };
  useViewKeyMap({
    o: choose,
    '/': () => searchInput.current?.focus(),
    t: () => jumpInput.current?.focus(),
    j: () => move(1),
    k: () => move(-1),
    Enter: () => selected !== null && setDetailOpen(!detailOpen),
    Escape: () => setDetailOpen(false),
  });

  const onDragOver = (event: DragEvent): void => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent): void => {
    event.preventDefault();
    setDragging(false);
    opening.take([...event.dataTransfer.files]);
  };
  const onFieldKey = (event: KeyboardEvent<HTMLInputElement>, onEnter?: () => void): void => {
    if (event.key === 'Escape') event.currentTarget.blur();
    if (event.key === 'Enter' && onEnter !== undefined) onEnter();
  };

  const cannotReplay = replayRefusal(progress);
  const replay = file === null ? null : (
    <button
      type="button"
      className="button"
      onClick={() => useReplayFiles.getState().playFiles([file])}
      disabled={cannotReplay !== null}
      title={cannotReplay ?? 'Open the book replay on this file'}
      data-testid="replay-file"
    >
      Replay this file's books
    </button>
  );
  const actions = (
    <span className="files-actions">
      {file !== null && (
        <button type="button" className="button" onClick={choose} title="Open another file (o)">
          Open… <kbd>o</kbd>
        </button>
      )}
      {replay}
    </span>
  );
  const subtitle = file === null ? 'Snapshot files (.jsonl.zst) from this computer' : `${file.name} · ${formatBytes(file.bytes)}`;

  let content;
  if (opening.error !== null) {
    content = <ErrorPanel context="The file could not be opened." error={opening.error} failedAt={opening.failedAt} onRetry={() => { opening.clearError(); choose(); }} retrying={false} />;
  } else if (file === null || opening.sending !== null) {
    content = <FileDropZone onChoose={choose} sending={opening.sending} dragging={dragging} />;
  } else if (opened.error !== null) {
    content = <ErrorPanel context={`${file.name} could not be opened.`} error={opened.error} failedAt={opened.failedAt} onRetry={() => setAttempt(attempt + 1)} retrying={false} />;
  } else if (progress === null || opened.viewId === null) {
    content = <LoadingState what={`the summary of ${file.name}`} />;
  } else {
    const chosen = selected === null ? undefined : rows.rowAt(selected);
    const filtered = query.types !== null || query.text !== '';
    const { summary } = progress;
    // The header's hour says the span at once; without one, the span is known when the decode ends.
    const span = summary.header?.startTime != null && summary.header.endTime != null ? [summary.header.startTime, summary.header.endTime] : progress.state === 'reading' ? null : [summary.firstCollectorTimestamp, summary.lastCollectorTimestamp];
    const dayOf = (ms: number | null | undefined): string => (ms == null ? '' : formatTimestamp(ms, zone, 'min').slice(0, 10));
    const crossesDay = span === null || dayOf(span[0]) === '' || dayOf(span[0]) !== dayOf(span[1]);
    content = (
      <>
        <FileSummary progress={progress} zone={zone} types={query.types} onToggleType={(type) => setQuery({ types: toggleTypeFilter(query.types, type) })} />
        <div className="files-toolbar">
          <input
            ref={searchInput}
            type="text"
            className="search"
            placeholder="Search the raw lines (exact text)   /"
            aria-label="Search the raw lines"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            onKeyDown={(event) => onFieldKey(event)}
          />
          <span className="jump">
            <input
              ref={jumpInput}
              type="text"
              className="jump-input"
              placeholder={`Jump to a time (${zone === 'utc' ? 'UTC' : 'local'})   t`}
              title={timeInputHelp(zone, jumpReference(progress.summary))}
              aria-label="Jump to a collector time"
              value={jumpText}
              onChange={(event) => setJumpText(event.target.value)}
              onKeyDown={(event) => onFieldKey(event, jump)}
            />
            <button type="button" className="button compact" onClick={jump}>
              Go
            </button>
          </span>
          {jumpNote !== null && <span className="jump-note" role="status">{jumpNote}</span>}
          <span className="files-count" role="status">
            {filtered ? `${count(rows.matches)} matching of ${count(progress.rows)} records` : `${count(rows.matches)} records`}
            {rows.complete ? '' : ' so far'}
          </span>
        </div>
        <div className={detailOpen && chosen !== undefined ? 'files-split with-detail' : 'files-split'}>
          {rows.answered && rows.matches === 0 ? (
            <div className="files-empty panel">
              {filtered ? (
                <p>
                  No record matches{rows.complete ? '' : ' yet'}.{' '}
                  <button type="button" className="button compact" onClick={() => { setSearchText(''); setQuery({ types: null, text: '' }); }}>
                    Clear the filter
                  </button>
                </p>
              ) : (
                <p>{progress.state === 'reading' ? 'Waiting for the first records…' : 'The file holds no records.'}</p>
              )}
            </div>
          ) : (
            <RecordTable length={rows.matches} rowAt={rows.rowAt} selected={selected} onSelect={select} onOpen={(position) => { select(position); setDetailOpen(true); }} zone={zone} onVisible={onVisible} withDate={crossesDay} />
          )}
          {detailOpen && chosen !== undefined && <RowDetail viewId={opened.viewId} row={chosen} zone={zone} onClose={() => setDetailOpen(false)} />}
        </div>
      </>
    );
  }

  return (
    <div className={dragging ? 'files-view dragging' : 'files-view'} onDragOver={onDragOver} onDragLeave={() => setDragging(false)} onDrop={onDrop}>
      <ViewFrame title="Files" subtitle={subtitle} actions={actions}>
        <input
          ref={fileInput}
          type="file"
          accept=".zst,.jsonl.zst"
          hidden
          aria-label="Choose a snapshot file"
          onChange={(event) => {
            opening.take([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <div className="files-layout">{content}</div>
      </ViewFrame>
    </div>
  );
}
