import { useCallback, useEffect, useMemo, useState } from 'react';
import type { BookCrossCheckInput, BookReplayReadFrom } from '../../../../shared/contract/book-replay-schemas.ts';
import { ContractError } from '../../../../shared/contract/errors.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { RangePicker } from '../../components/range/RangePicker.tsx';
import { useCatalog, useCatalogMarket } from '../../hooks/catalog-queries.ts';
import { useSettings, useTimeZone } from '../../hooks/contract-queries.ts';
import { useMarketLoad } from '../../hooks/market-queries.ts';
import { useAnchoredRange } from '../../hooks/use-anchored-range.ts';
import { marketKey, parseMarketKey } from '../../navigation/market-lists.ts';
import { useReplayFiles } from '../../stores/replay-files-store.ts';
import { useUiStore, useViewParams, type LinkedFile } from '../../stores/ui-store.ts';
import { priceFormatOfTick } from '../../components/chart/price-format.ts';
import { BookMarketPicker, bookMarketChoices, type BookMarket } from '../../components/BookMarketPicker.tsx';
import { ReplayPlayer } from './ReplayPlayer.tsx';
import { pickTrack, useReplaySession, type StartReplay } from './session/use-replay-session.ts';
import { useFileTrades } from './session/use-file-trades.ts';
import { useCrossCheck } from './use-cross-check.ts';
import { formatTimestamp } from '../../format/market-values.ts';
import { instantPlace, rangeAround, rangeEndingNow, replayRequestProblem } from './replay-range-checks.ts';
import { ReplayRequestProblemPanel } from './ReplayRequestProblemPanel.tsx';
import { LinkInstantNotice } from './LinkInstantNotice.tsx';
import { FileGrantGonePanel } from './FileGrantGonePanel.tsx';

/** What the replay plays: granted files, a market's range from the service, or nothing chosen yet. */
type ReplaySource =
  | { kind: 'files'; files: readonly LinkedFile[] }
  | { kind: 'market'; source: string; market: string; instrument: string | undefined; start: number; end: number; rows: MarketReplayRows }
  | { kind: 'none' };

/** Which rows a market replay reads. */
type MarketReplayRows = 'l2-orderbooks' | 'l2-updates';

const rowsLabels: Record<MarketReplayRows, string> = { 'l2-orderbooks': "service's books", 'l2-updates': 'rebuilt from updates' };

/** Spans a replay offers: any length plays at once (frames stream while the rest loads). */
const replaySpans = ['10m', '1h', '6h'];

function sourceLabel(source: ReplaySource): string {
  if (source.kind === 'none') return 'Nothing chosen';
  if (source.kind === 'market') return `${source.source} ${source.market}${source.instrument === undefined ? '' : ` ${source.instrument}`}`;
  return source.files.length === 1 ? (source.files[0]?.name ?? '') : `${source.files.length} files`;
}

function replayKey(source: ReplaySource): string {
  switch (source.kind) {
    case 'files':
      return `files:${source.files.map((file) => file.fileId).join(',')}`;
    case 'market':
      return `market:${source.source}/${source.market}/${source.instrument ?? ''}/${source.start}-${source.end}/${source.rows}`;
    case 'none':
      return 'none';
  }
}

function startOf(source: ReplaySource, priceStep: number | undefined): StartReplay | null {
  const step = priceStep === undefined || !(priceStep > 0) ? {} : { priceStep };
  switch (source.kind) {
    case 'files': {
      const fileIds = source.files.map((file) => file.fileId);
      return (api) => api.book.replayFiles({ fileIds, ...step });
    }
    case 'market': {
      const { source: venue, market, instrument, start, end, rows } = source;
      return (api) => api.book.replayMarket({ source: venue, market, ...(instrument === undefined ? {} : { instrument }), start, end, rows, ...step });
    }
    case 'none':
      return null;
  }
}

/**
 * The market a replay opened from the rail shows: the one open in the market workspace, else the
 * most recently viewed book market; null when neither is known yet.
 */
function marketToOpen(workspace: { source?: string | undefined; market?: string | undefined }, recent: readonly string[] | undefined, books: readonly BookMarket[]): BookMarket | null {
  if (workspace.source !== undefined && workspace.market !== undefined) return { source: workspace.source, market: workspace.market };
  for (const key of recent ?? []) {
    const parsed = parseMarketKey(key);
    if (parsed !== null && books.some((book) => book.source === parsed.source && book.market === parsed.market)) return parsed;
  }
  return null;
}

/**
 * Book replay: reconstructed order books played back like a video, from a market's range (the
 * service's books, or its source events rebuilt here) or from granted snapshot files. The replay
 * keeps its books in main; the player asks for the frames and tiles it shows.
 */
export function ReplayView() {
  const params = useViewParams('replay');
  const files = params.files ?? null;
  const clearFiles = useReplayFiles.getState().clearFiles;
  const workspace = useViewParams('workspace');
  const setParams = useUiStore((state) => state.setParams);
  const showView = useUiStore((state) => state.showView);
  const zone = useTimeZone();
  const anchored = useAnchoredRange('replay', '10m');
  const { range } = anchored;
  const [rows, setRows] = useState<MarketReplayRows>('l2-orderbooks');
  const [checkRun, setCheckRun] = useState(0);
  const catalog = useCatalog();
  const recent = useSettings().data?.markets.recent;

  // From the rail with nothing chosen: the market open in the workspace, else the last one viewed.
  const bookMarkets = useMemo(() => bookMarketChoices(catalog.data?.markets ?? [], recent ?? [], '', Number.POSITIVE_INFINITY), [catalog.data, recent]);
  const opening = files === null && params.source === undefined ? marketToOpen(workspace, recent, bookMarkets) : null;
  useEffect(() => {
    if (opening !== null) setParams('replay', { source: opening.source, market: opening.market });
  }, [opening, setParams]);
  const chooseMarket = useCallback(
    (market: BookMarket) => {
      clearFiles();
      setParams('replay', { source: market.source, market: market.market, instrument: undefined, at: undefined });
    },
    [clearFiles, setParams],
  );

  const source: ReplaySource = useMemo(() => {
    if (files !== null && files.length > 0) return { kind: 'files', files };
    if (params.source !== undefined && params.market !== undefined) {
      return { kind: 'market', source: params.source, market: params.market, instrument: params.instrument, start: range.start, end: range.end, rows };
    }
    return { kind: 'none' };
  }, [files, params.source, params.market, params.instrument, range.start, range.end, rows]);
  const [attempt, setAttempt] = useState(0);
  const key = `${replayKey(source)}#${attempt}`;
  const marketEntry = useCatalogMarket(source.kind === 'market' ? source.source : undefined, source.kind === 'market' ? source.market : undefined);
  const tick = marketEntry?.instrument.tick_size;
  const priceStep = tick === null || tick === undefined ? undefined : Number(tick);
  // A market the catalog does not list, or a range after now: said before anything is read (the
  // catalog still loading, the replay starts and is judged again if it ends without a book).
  const request = source.kind === 'market' ? source : null;
  const problem = request === null ? null : replayRequestProblem(request, catalog.data?.markets ?? null, anchored.anchor);
  const start = useMemo(() => (problem === null ? startOf(source, priceStep) : null), [problem, source, priceStep]);
  const replay = useReplaySession(key, start);
  const track = pickTrack(replay.tracks, params.instrument);
  const market = source.kind === 'market' ? source : null;
  // A market's trades come from the service, asked for once the first books are in (so they do not
  // compete with the first page of books for the service); a file's from the file, kept in main.
  const booksArrived = track !== null && track.entries > 0;
  const tradeLoad = useMarketLoad(
    ['replay-trades', market?.source ?? '', market?.market ?? '', market?.instrument ?? null, range.start, range.end],
    (api, requestId) =>
      market === null
        ? Promise.reject(new Error('no market to load trades of'))
        : api.market.trades({ source: market.source, market: market.market, ...(market.instrument === undefined ? {} : { instrument: market.instrument }), start: market.start, end: market.end, requestId }),
    market !== null && replay.replayId !== null && replay.readFrom?.kind !== 'files' && booksArrived,
  );
  // A replay read from files (opened, or a market's hour files) keeps their trades beside the books.
  const tradesFromFiles = source.kind === 'files' || replay.readFrom?.kind === 'files';
  const fileTrades = useFileTrades(tradesFromFiles ? replay.replayId : null, track?.key ?? null, track?.trades ?? 0);
  const trades = tradesFromFiles ? fileTrades : (tradeLoad.query.data ?? null);
  const entry = useCatalogMarket(track?.key.source ?? params.source, track?.key.market ?? params.market);
  const priceDecimals = priceFormatOfTick(entry?.instrument.tick_size).precision;
  // Without a lot size, sizes keep six decimals rather than round small orders away.
  const sizeDecimals = entry?.instrument.lot_size == null ? 6 : priceFormatOfTick(entry.instrument.lot_size).precision;
  const onSettle = useCallback((time: number) => setParams('replay', { at: Math.round(time) }), [setParams]);
  const describe = useCallback((ms: number) => formatTimestamp(ms, zone, 'ms'), [zone]);
  // A link's instant outside the range loaded (a `span=` link opened later): the player starts at
  // the range's beginning, and a notice says why and offers the instant's own range.
  const linkAt = source.kind === 'market' ? params.at : undefined;
  const atPlace = linkAt === undefined ? 'inside' : instantPlace(linkAt, range);

  // The cross-check: the service's books against a local reconstruction of the same range (or file).
  const loaded = track !== null && replay.ended?.ok === true && track.entries > 0;
  const checkLevels = source.kind === 'files' ? 25 : 10;
  const checkInput = useMemo((): BookCrossCheckInput | null => {
    if (checkRun === 0 || track === null || !loaded) return null;
    const instrument = track.key.instrument ?? undefined;
    const common = { source: track.key.source, market: track.key.market, ...(instrument === undefined ? {} : { instrument }), levels: checkLevels };
    if (source.kind === 'files') return { ...common, start: track.firstClock ?? 0, end: track.lastClock ?? 0, local: { kind: 'files', fileIds: source.files.map((file) => file.fileId) } };
    if (source.kind === 'market') return { ...common, start: source.start, end: source.end, local: { kind: 'l2-updates' } };
    return null;
  }, [checkRun, track, loaded, source, checkLevels]);
  const check = useCrossCheck(checkInput === null ? null : `${key}#check${checkRun}`, checkInput);

  const progress = replay.progress;
  const running = source.kind !== 'none' && replay.ended === null && replay.startError === null;
  const status = progress === null ? '' : `${progress.events.toLocaleString('en-US')} events · ${progress.frames.toLocaleString('en-US')} frames${running ? ' · loading' : ''}`;
  const tradesNote = tradesFromFiles ? 'The files hold no trades of this book.' : tradeLoad.query.isError ? `Trades could not be loaded: ${tradeLoad.query.error.message}` : 'Loading the trades of the range…';

  const body = (() => {
    if (source.kind === 'none') {
      const offered = bookMarkets.slice(0, 8);
      return (
        <EmptyState icon="≣" title="Choose a market to replay">
          <p>Pick a book market{offered.length > 0 ? (recent !== undefined && recent.length > 0 ? ' (recently viewed first)' : '') : ''}, or open a snapshot file in Files and press “Replay this file's books”.</p>
          {offered.length > 0 && (
            <div className="market-choice" data-testid="replay-market-choices">
              {offered.map((choice) => (
                <button key={marketKey(choice.source, choice.market)} type="button" className="button" onClick={() => chooseMarket(choice)}>
                  {choice.source} / {choice.market}
                </button>
              ))}
            </div>
          )}
          <p>
            <button type="button" className="button" onClick={() => showView('files')}>
              Open snapshot files
            </button>
          </p>
        </EmptyState>
      );
    }
    if (source.kind === 'market' && problem !== null) {
      return (
        <ReplayRequestProblemPanel
          request={source}
          problem={problem}
          offered={bookMarkets.slice(0, 8)}
          onChooseMarket={chooseMarket}
          onOpenCatalog={() => showView('catalog')}
          onRangeToNow={() => anchored.changeRange({ ...rangeEndingNow(source.end - source.start, Date.now()), span: undefined, at: undefined })}
          describeTime={describe}
        />
      );
    }
    if (source.kind === 'files' && replay.startError?.kind === 'not-found') {
      return <FileGrantGonePanel files={source.files} onOpenFiles={() => showView('files')} onBackToMarket={clearFiles} />;
    }
    if (replay.startError !== null) return <ErrorPanel context="The replay could not start." error={replay.startError} failedAt={replay.settledAt} onRetry={() => setAttempt((n) => n + 1)} retrying={false} />;
    const stopped = replay.ended?.error ?? null;
    if (track === null && stopped !== null && stopped.kind !== 'cancelled') {
      return (
        <ErrorPanel
          context={`The replay of ${sourceLabel(source)} stopped.`}
          error={new ContractError({ kind: stopped.kind === 'page-source' ? (stopped.serviceKind ?? 'unavailable') : 'internal', message: stopped.message, resolution: stopped.resolution, channel: 'book.replayMarket' })}
          failedAt={replay.settledAt}
          onRetry={() => setAttempt((n) => n + 1)}
          retrying={false}
          {...(source.kind === 'market' ? { onNarrowRange: () => anchored.changeRange({ span: '10m', start: undefined, end: undefined }) } : {})}
        />
      );
    }
    if (track === null || replay.replayId === null) {
      if (replay.ended !== null) {
        return (
          <EmptyState icon="≣" title="No order book in this data">
            <p>
              {replay.ended.error === null
                ? `The replay read ${sourceLabel(source)}${source.kind === 'market' ? ` from ${describe(source.start)} to ${describe(source.end)}` : ''} and found no order-book event: the data holds trades or other records, but no book.`
                : `${replay.ended.error.message} ${replay.ended.error.resolution}`}
            </p>
            {source.kind === 'market' && (
              <p>
                <button type="button" className="button" onClick={() => anchored.changeRange({ span: '1h', start: undefined, end: undefined, at: undefined })}>
                  Replay the last hour
                </button>
              </p>
            )}
          </EmptyState>
        );
      }
      return <LoadingState what="the first book events" rows={progress?.events ?? null} />;
    }
    const player = (
      <ReplayPlayer
        key={`${key}|${track.key.source}|${track.key.market}|${track.key.instrument ?? ''}`}
        replayId={replay.replayId}
        track={track}
        complete={replay.ended !== null}
        range={source.kind === 'market' ? { start: source.start, end: source.end } : null}
        zone={zone}
        // A range read from hour files holds the books from the hour's start: the player starts at the range's.
        initialTime={atPlace === 'inside' ? (params.at ?? (replay.readFrom?.kind === 'files' ? range.start : null)) : null}
        onSettle={onSettle}
        marks={replay.marks.get(`${track.key.source}\u0000${track.key.market}\u0000${track.key.instrument === null ? '\u0001' : track.key.instrument}`) ?? null}
        sizeDecimals={sizeDecimals}
        priceDecimals={priceDecimals}
        trades={trades}
        tapeNote={tradesNote}
        crossCheck={checkInput === null ? null : { state: check, localLabel: source.kind === 'files' ? 'the file rebuilt here' : '/l2-updates rebuilt here', levels: checkLevels, onClose: () => setCheckRun(0) }}
      />
    );
    // One tree either way, so dismissing the notice does not remount the player.
    return (
      <>
        {linkAt !== undefined && atPlace !== 'inside' && (
          <LinkInstantNotice
          at={linkAt}
          place={atPlace}
          range={range}
          describeTime={describe}
          onGoThere={() => anchored.changeRange({ ...rangeAround(linkAt, range.end - range.start, Date.now()), span: undefined, at: linkAt })}
          onDismiss={() => setParams('replay', { at: undefined })}
          />
        )}
        {player}
      </>
    );
  })();

  return (
    <ViewFrame
      title="Book replay"
      subtitle={source.kind === 'files' ? `${sourceLabel(source)}${track === null ? '' : ` · ${track.key.source} ${track.key.market}${track.key.instrument === null ? '' : ` ${track.key.instrument}`}`}` : ''}
      actions={
        <span className="replay-actions">
          {replay.readFrom !== null && <ReadFromChip readFrom={replay.readFrom} />}
          <span className="replay-status" data-testid="replay-status">
            {status}
            {replay.ended?.error !== null && replay.ended?.error !== undefined ? ` · stopped: ${replay.ended.error.message}` : ''}
          </span>
          <BookMarketPicker value={market === null ? null : { source: market.source, market: market.market }} onChoose={chooseMarket} idPrefix="replay-market" label="Market to replay" />
          {source.kind === 'market' && (
            <>
              <span className="chip-group" role="radiogroup" aria-label="Books from">
                {(['l2-orderbooks', 'l2-updates'] as const).map((choice) => (
                  <button key={choice} type="button" role="radio" aria-checked={rows === choice} className={`chip${rows === choice ? ' active' : ''}`} onClick={() => setRows(choice)}>
                    {rowsLabels[choice]}
                  </button>
                ))}
              </span>
              <RangePicker range={range} zone={zone} onChange={(patch) => anchored.changeRange({ ...patch, at: undefined })} spans={replaySpans} />
            </>
          )}
          {source.kind !== 'none' && (
            <button
              type="button"
              className="button compact"
              disabled={!loaded}
              onClick={() => setCheckRun((n) => n + 1)}
              title="Replay the service's books and a local reconstruction of the same range side by side, and mark every event where they differ"
            >
              Cross-check
            </button>
          )}
          {source.kind === 'files' && (
            <button type="button" className="button compact" onClick={clearFiles} title="Stop playing the files and go back to the market in the link">
              Close files
            </button>
          )}
        </span>
      }
    >
      {body}
    </ViewFrame>
  );
}

/** Where a market replay reads its books, in two words, with why on hover. */
function ReadFromChip({ readFrom }: { readFrom: BookReplayReadFrom }) {
  const label = readFrom.kind === 'files' ? `hour files · ${readFrom.hours} h` : `pages of ${readFrom.path}`;
  return (
    <span className={`read-from ${readFrom.kind}`} data-testid="replay-read-from" data-read-from={readFrom.kind} title={readFrom.why}>
      {label}
    </span>
  );
}
