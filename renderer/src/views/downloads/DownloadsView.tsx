import { useEffect, useMemo, useState } from 'react';
import type { FileGrant } from '../../../../shared/contract/file-schemas.ts';
import type { LibraryDataset } from '../../../../shared/contract/library-schemas.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { useCatalog } from '../../hooks/catalog-queries.ts';
import { useSettings, useTimeZone } from '../../hooks/contract-queries.ts';
import { useDayListings, useDownloadActions, useDownloadQueue, useExportRun, useLibraryActions, useLibraryIndex, type ExportRequest } from '../../hooks/library-queries.ts';
import { useNow } from '../../hooks/use-now.ts';
import { useViewKeys } from '../../hooks/use-view-keys.ts';
import { useReplayFiles } from '../../stores/replay-files-store.ts';
import { useUiStore, useViewParams, type ViewParamsPatch } from '../../stores/ui-store.ts';
import { useFilesView } from '../../stores/files-store.ts';
import { AvailabilityCalendar, CalendarLegend } from './AvailabilityCalendar.tsx';
import { calendarModel } from './calendar-model.ts';
import { daySpans, endsToday, resolveDayRange, shiftDays } from './day-range.ts';
import { defaultPlace, placeName, type Place } from './default-market.ts';
import { DeleteDialog } from './DeleteDialog.tsx';
import { deletedDownloads } from './deleted-downloads.ts';
import { useDownloadsView } from './downloads-store.ts';
import { ExportStatus } from './ExportStatus.tsx';
import { LibraryPanel } from './LibraryPanel.tsx';
import { QueuePanel } from './QueuePanel.tsx';
import { cellId, downloadPlan, hoursOfDay, keepShown, moveCursor, toggleHours } from './selection.ts';
import { SelectionBar } from './SelectionBar.tsx';
import { accessLabel, countOf } from './transfer-format.ts';
import './downloads-view.css';
import { hourMs } from '../../../../shared/time/time-units.ts';

const noFiles: never[] = [];

/** Source and market pickers over the catalog. */
function MarketPicker({ place, onChange }: { place: Place | null; onChange: (place: Place) => void }) {
  const markets = useCatalog().data?.markets ?? [];
  const sources = [...new Set(markets.map((entry) => entry.source))].sort();
  const names = [...new Set(markets.filter((entry) => entry.source === place?.source).map((entry) => entry.market))].sort();
  if (place !== null && !sources.includes(place.source)) sources.unshift(place.source);
  if (place !== null && !names.includes(place.market)) names.unshift(place.market);
  return (
    <span className="place-filter">
      <select
        aria-label="Source"
        value={place?.source ?? ''}
        onChange={(event) => {
          const first = markets.find((entry) => entry.source === event.target.value);
          if (first !== undefined) onChange({ source: first.source, market: first.market });
        }}
      >
        {place === null && <option value="">Source…</option>}
        {sources.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
      <select aria-label="Market" value={place?.market ?? ''} onChange={(event) => place !== null && onChange({ source: place.source, market: event.target.value })}>
        {place === null && <option value="">Market…</option>}
        {names.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
    </span>
  );
}

/**
 * The Downloads view: which UTC hours of a dataset have files (the availability calendar), a
 * selection of hours or whole days to download (whole days counted by their daily manifest
 * first), the live download queue, and the local library with Open in Files, Replay books,
 * Export and Delete. Keyboard first: arrows move the cursor, Space toggles, `a` the day, Enter
 * downloads, Esc clears, `[` `]` step the days.
 */
export function DownloadsView() {
  const params = useViewParams('downloads');
  const workspace = useUiStore((state) => state.params.workspace);
  const setParams = useUiStore((state) => state.setParams);
  const recent = useSettings().data?.markets.recent ?? noFiles;
  const catalog = useCatalog();
  const zone = useTimeZone();
  const now = useNow(60_000);
  const place = useMemo(() => defaultPlace(params, workspace, recent, catalog.data?.markets ?? noFiles), [params, workspace, recent, catalog.data]);
  const range = useMemo(() => resolveDayRange(params, now), [params, now]);
  const simulated = catalog.data?.simulated === true;
  // The demo writes each simulated hour the first time it is listed, so it is listed a day at a time
  // and the calendar fills as days arrive; a real service lists the whole range in one request.
  const listing = useDayListings(place?.source, place?.market, range.days, simulated ? 1 : range.days.length);
  const queue = useDownloadQueue();
  const library = useLibraryIndex();
  const downloads = useDownloadActions();
  const libraryActions = useLibraryActions();
  const exporting = useExportRun();
  const [lastExport, setLastExport] = useState<{ request: ExportRequest; at: number } | null>(null);
  const [grantError, setGrantError] = useState<{ error: Parameters<typeof ErrorPanel>[0]['error']; at: number } | null>(null);
  const { selection, cursor, anchor, checked, pendingDelete, setSelection, setCursor, setAnchor, setChecked, askDelete } = useDownloadsView();

  const name = place === null ? '' : placeName(place);
  const dataset = library.data?.datasets.find((entry) => place !== null && entry.source === place.source && entry.market === place.market);
  const datasetQueue = useMemo(() => (queue.data?.items ?? noFiles).filter((item) => place !== null && item.source === place.source && item.market === place.market), [queue.data, place]);
  const days = useMemo(
    () =>
      calendarModel({
        days: range.days,
        availability: listing.availability,
        unlistedDays: listing.unlistedDays,
        libraryFiles: library.data === undefined ? null : (dataset?.files ?? noFiles),
        queue: datasetQueue,
        nowMs: now,
      }),
    [range, listing.availability, listing.unlistedDays, library.data, dataset, datasetQueue, now],
  );
  const plan = downloadPlan(days, selection);

  // A new dataset or range, or a deleted file, drops hours the calendar no longer shows.
  useEffect(() => {
    const kept = keepShown(selection, days);
    if (kept !== selection) setSelection(kept);
    if (cursor.day >= days.length) setCursor({ day: Math.max(0, days.length - 1), hour: cursor.hour });
  }, [days, selection, cursor, setSelection, setCursor]);

  const changePlace = (next: Place): void => {
    setSelection(new Set());
    setParams('downloads', { source: next.source, market: next.market });
  };
  const changeDays = (patch: Pick<ViewParamsPatch, 'span' | 'start' | 'end'>): void => setParams('downloads', { ...(place ?? {}), ...patch });
  const download = (): void => {
    if (place === null || (plan.keys.length === 0 && plan.wholeDays.length === 0)) return;
    downloads.enqueue.mutate({ source: place.source, market: place.market, keys: plan.keys, dates: plan.wholeDays }, { onSuccess: () => setSelection(new Set()) });
  };
  const grantThen = (keys: string[], then: (grants: FileGrant[]) => void): void => {
    setGrantError(null);
    libraryActions.open.mutate(keys, { onSuccess: then, onError: (error) => setGrantError({ error, at: Date.now() }) });
  };
  const startExport = (request: ExportRequest): void => {
    setLastExport({ request, at: Date.now() });
    exporting.start(request);
  };
  const exportFiles = (keys: string[], format: 'csv' | 'parquet'): void => grantThen(keys, (grants) => startExport({ from: { kind: 'files', fileIds: grants.map((grant) => grant.fileId) }, types: [], format }));
  const exportDataset = (chosen: LibraryDataset, format: 'csv' | 'parquet'): void => {
    const first = chosen.files[0];
    const last = chosen.files[chosen.files.length - 1];
    if (first === undefined || last === undefined) return;
    const start = Date.parse(`${first.date}T00:00:00.000Z`) + first.hour * hourMs;
    const end = Date.parse(`${last.date}T00:00:00.000Z`) + (last.hour + 1) * hourMs;
    startExport({ from: { kind: 'library', source: chosen.source, market: chosen.market, start, end }, types: [], format });
  };

  useViewKeys((key) => {
    const focused = document.activeElement;
    const onControl = focused instanceof HTMLElement && ['BUTTON', 'A', 'INPUT', 'SELECT'].includes(focused.tagName);
    switch (key) {
      case 'ArrowUp':
      case 'ArrowDown':
      case 'ArrowLeft':
      case 'ArrowRight':
      case 'Home':
      case 'End':
        if (onControl && key !== 'ArrowUp' && key !== 'ArrowDown') return false;
        setCursor(moveCursor(cursor, key, days.length));
        return true;
      case ' ': {
        if (onControl) return false;
        const cell = days[cursor.day]?.cells[cursor.hour];
        if (cell?.key == null) return true;
        setSelection(toggleHours(selection, [cellId(cell.date, cell.hour)]));
        setAnchor(cursor);
        return true;
      }
      case 'a':
        setSelection(toggleHours(selection, hoursOfDay(days, cursor.day)));
        return true;
      case 'Enter':
        download();
        return true;
      case 'Escape':
        if (selection.size === 0) return false;
        setSelection(new Set());
        return true;
      case '[':
        changeDays(shiftDays(range, -range.days.length));
        return true;
      case ']':
        if (endsToday(range, now)) return true;
        changeDays(shiftDays(range, range.days.length));
        return true;
      default:
        return false;
    }
  });

  const access = listing.availability?.access;
  const needsKey = days.reduce((sum, day) => sum + day.cells.filter((cell) => cell.state === 'needs-key').length, 0);
  const subtitle = [name === '' ? 'Snapshot files by UTC hour' : name, access === undefined ? undefined : accessLabel(access), simulated ? 'simulated data' : undefined].filter((part) => part !== undefined).join(' · ');
  const actions = (
    <span className="downloads-actions">
      <MarketPicker place={place} onChange={changePlace} />
      <span className="chip-row compact" role="radiogroup" aria-label="Days ending today">
        {daySpans.map((span) => {
          const on = range.relative && range.days.length === span.days;
          return (
            <button key={span.id} type="button" role="radio" aria-checked={on} className={on ? 'chip active' : 'chip'} onClick={() => changeDays({ span: span.id, start: undefined, end: undefined })}>
              {span.id}
            </button>
          );
        })}
      </span>
      <button type="button" className="button compact" onClick={() => changeDays(shiftDays(range, -range.days.length))} title="Earlier days ([)" aria-label="Earlier days">
        ‹
      </button>
      <span className="day-span mono">
        {range.days[0]} → {range.days[range.days.length - 1]}
      </span>
      <button type="button" className="button compact" onClick={() => changeDays(shiftDays(range, range.days.length))} disabled={endsToday(range, now)} title="Later days (])" aria-label="Later days">
        ›
      </button>
    </span>
  );

  let calendarBody;
  if (place === null) {
    calendarBody = catalog.isError ? (
      <ErrorPanel context="The catalog could not be loaded, so there is no market to choose." error={catalog.error} failedAt={catalog.errorUpdatedAt} onRetry={() => void catalog.refetch()} retrying={catalog.isFetching} />
    ) : (
      <LoadingState what="the catalog" />
    );
  } else {
    calendarBody = (
      <>
        {listing.error !== null && (
          <ErrorPanel context={`Which hours of ${name} have files could not be listed; the library and queue below still show.`} error={listing.error} failedAt={listing.errorUpdatedAt} onRetry={listing.retry} retrying={listing.fetching} />
        )}
        {listing.error === null && listing.listedDays < listing.totalDays && (
          <LoadingState
            what={`which hours have files: ${listing.listedDays} of ${listing.totalDays} days listed${simulated ? ', newest first (the demo writes each simulated hour the first time it is listed, about 10 s a day, once)' : ''}`}
          />
        )}
        {listing.availability?.truncated === true && (
          <p className="calendar-note" role="status">
            The listing stopped at its page limit: hours from {new Date(listing.availability.listedUntil).toISOString().slice(0, 16).replace('T', ' ')} UTC on are not known yet (grey). Narrow the days to see them.
          </p>
        )}
        <AvailabilityCalendar days={days} selection={selection} cursor={cursor} anchor={anchor} zone={zone} onSelection={setSelection} onCursor={setCursor} onAnchor={setAnchor} />
        <SelectionBar
          source={place.source}
          market={place.market}
          selected={selection.size}
          plan={plan}
          onDownload={download}
          onClear={() => setSelection(new Set())}
          enqueuing={downloads.enqueue.isPending}
          enqueueError={downloads.enqueue.error}
          enqueueFailedAt={downloads.enqueue.submittedAt}
        />
      </>
    );
  }

  return (
    <ViewFrame title="Downloads" subtitle={subtitle} actions={actions}>
      <div className="downloads-layout">
        <section className="panel calendar-panel" aria-labelledby="calendar-title">
          <header className="panel-header panel-header-row">
            <span id="calendar-title">Availability · UTC hours</span>
            {access !== undefined && (
              <span className={`access access-${access.status}`} data-testid="dataset-access">
                {accessLabel(access)}
              </span>
            )}
            {simulated && <span className="badge badge-simulated">SIMULATED</span>}
            {needsKey > 0 && (
              <span className="key-note">
                {countOf(needsKey, 'hour')} after the public cutoff need an API key
                <button type="button" className="button compact" onClick={() => useUiStore.getState().openSettings('api-key')}>
                  Add API key
                </button>
              </span>
            )}
            <CalendarLegend />
          </header>
          <div className="panel-body">{calendarBody}</div>
        </section>
        {libraryActions.remove.error !== null && (
          <ErrorPanel context="The files could not be deleted." error={libraryActions.remove.error} failedAt={libraryActions.remove.submittedAt} onRetry={() => libraryActions.remove.mutate(libraryActions.remove.variables ?? [])} retrying={false} />
        )}
        {grantError !== null && <ErrorPanel context="The library files could not be opened." error={grantError.error} failedAt={grantError.at} onRetry={() => setGrantError(null)} retrying={false} />}
        {exporting.run !== null && (
          <ExportStatus run={exporting.run} failedAt={lastExport?.at ?? 0} onCancel={exporting.cancel} onDismiss={exporting.dismiss} onRetry={() => lastExport !== null && startExport(lastExport.request)} />
        )}
        <div className="downloads-panels">
          {queue.isError ? (
            <ErrorPanel context="The download queue could not be read." error={queue.error} failedAt={queue.errorUpdatedAt} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
          ) : queue.data === undefined ? (
            <LoadingState what="the download queue" />
          ) : (
            <QueuePanel
              queue={queue.data}
              deleted={deletedDownloads(queue.data.items, library.data)}
              shownDataset={name}
              actions={{
                pause: (keys) => downloads.pause.mutate(keys === undefined ? {} : { keys }),
                resume: (keys) => downloads.resume.mutate(keys === undefined ? {} : { keys }),
                cancel: (keys) => downloads.cancel.mutate(keys === undefined ? {} : { keys }),
                clearFinished: () => downloads.clearFinished.mutate(),
                downloadAgain: (item) => downloads.enqueue.mutate({ source: item.source, market: item.market, keys: [item.key], dates: [] }),
              }}
            />
          )}
          {library.isError ? (
            <ErrorPanel context="The library could not be read." error={library.error} failedAt={library.errorUpdatedAt} onRetry={() => void library.refetch()} retrying={library.isFetching} />
          ) : library.data === undefined ? (
            <LoadingState what="the library" />
          ) : (
            <LibraryPanel
              index={library.data}
              shownDataset={name}
              checked={checked}
              onChecked={setChecked}
              busy={libraryActions.open.isPending || exporting.run?.state === 'running' || exporting.run?.state === 'starting'}
              actions={{
                openInFiles: (keys) =>
                  grantThen(keys.slice(0, 1), (grants) => {
                    const grant = grants[0];
                    if (grant === undefined) return;
                    useFilesView.getState().show(grant);
                    useUiStore.getState().showView('files');
                  }),
                replay: (keys) => grantThen(keys, (grants) => useReplayFiles.getState().playFiles(grants)),
                exportFiles,
                exportDataset,
                askDelete: (keys) => askDelete(keys),
              }}
            />
          )}
        </div>
      </div>
      <DeleteDialog
        keys={pendingDelete}
        onClose={() => askDelete(null)}
        onConfirm={(keys) =>
          libraryActions.remove.mutate(keys, {
            onSuccess: () => setChecked(new Set([...checked].filter((key) => !keys.includes(key)))),
          })
        }
      />
    </ViewFrame>
  );
}
