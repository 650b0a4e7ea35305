import { useCallback, useMemo, useState } from 'react';
import type { FileGrant } from '../../../../shared/contract/file-schemas.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { RangePicker } from '../../components/range/RangePicker.tsx';
import { ContractError } from '../../../../shared/contract/errors.ts';
import { useTimeZone } from '../../hooks/contract-queries.ts';
import { useAnchoredRange } from '../../hooks/use-anchored-range.ts';
import { useMarketLoad } from '../../hooks/market-queries.ts';
import { useCatalogMarket } from '../../hooks/catalog-queries.ts';
import { priceFormatOfTick } from '../workspace/chart/price-format.ts';
import { useReplayFiles } from '../../stores/replay-files-store.ts';
import { useUiStore, useViewParams } from '../../stores/ui-store.ts';
import { ReplayPlayer } from './ReplayPlayer.tsx';
import { useBookReplay, type StartReplay } from './use-book-replay.ts';
import { useCrossCheck } from './use-cross-check.ts';
import type { BookCrossCheckInput } from '../../../../shared/contract/book-replay-schemas.ts';

/** What the replay plays: granted files, a market's range from the service, or nothing chosen yet. */
type ReplaySource =
  | { kind: 'files'; files: readonly FileGrant[] }
  | { kind: 'market'; source: string; market: string; instrument: string | undefined; start: number; end: number; rows: MarketReplayRows }
  | { kind: 'none' };

/** Which rows a market replay reads. */
type MarketReplayRows = 'l2-orderbooks' | 'l2-updates';

const rowsLabels: Record<MarketReplayRows, string> = { 'l2-orderbooks': "service's books", 'l2-updates': 'rebuilt from updates' };

/** Spans a replay offers: books are read event by event, so six hours at most. */
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

function startOf(source: ReplaySource): StartReplay | null {
  switch (source.kind) {
    case 'files': {
      const fileIds = source.files.map((file) => file.fileId);
      return (api) => api.book.replayFiles({ fileIds });
    }
    case 'market': {
      const { source: venue, market, instrument, start, end, rows } = source;
      return (api) => api.book.replayMarket({ source: venue, market, ...(instrument === undefined ? {} : { instrument }), start, end, rows });
    }
    case 'none':
      return null;
  }
}

/**
 * Book replay: reconstructed order books played back like a video. It plays granted snapshot
 * files ("Replay this file's books" in Files); the frames come from the book worker in main.
 */
export function ReplayView() {
  const files = useReplayFiles((state) => state.files);
  const clearFiles = useReplayFiles((state) => state.clearFiles);
  const params = useViewParams('replay');
  const setParams = useUiStore((state) => state.setParams);
  const showView = useUiStore((state) => state.showView);
  const zone = useTimeZone();
  const anchored = useAnchoredRange('replay', '10m');
  const { range } = anchored;
  const [rows, setRows] = useState<MarketReplayRows>('l2-orderbooks');
  const [checkRun, setCheckRun] = useState(0);

  const source: ReplaySource = useMemo(() => {
    if (files !== null && files.length > 0) return { kind: 'files', files };
    if (params.source !== undefined && params.market !== undefined) {
      return { kind: 'market', source: params.source, market: params.market, instrument: params.instrument, start: range.start, end: range.end, rows };
    }
    return { kind: 'none' };
  }, [files, params.source, params.market, params.instrument, range.start, range.end, rows]);
  const [attempt, setAttempt] = useState(0);
  const key = `${replayKey(source)}#${attempt}`;
  const start = useMemo(() => startOf(source), [source]);
  const replay = useBookReplay(key, start);
  const market = source.kind === 'market' ? source : null;
  const tradeLoad = useMarketLoad(
    ['replay-trades', market?.source ?? '', market?.market ?? '', market?.instrument ?? null, range.start, range.end],
    (api, requestId) =>
      market === null
        ? Promise.reject(new Error('no market to load trades of'))
        : api.market.trades({ source: market.source, market: market.market, ...(market.instrument === undefined ? {} : { instrument: market.instrument }), start: market.start, end: market.end, requestId }),
    market !== null && replay.ended !== null,
  );
  const book = replay.store.pick(params.instrument);
  const entry = useCatalogMarket(book?.key.source ?? params.source, book?.key.market ?? params.market);
  const priceDecimals = priceFormatOfTick(entry?.instrument.tick_size).precision;
  // Without a lot size, sizes keep six decimals rather than round small orders away.
  const sizeDecimals = entry?.instrument.lot_size == null ? 6 : priceFormatOfTick(entry.instrument.lot_size).precision;
  const onSettle = useCallback((time: number) => setParams('replay', { at: Math.round(time) }), [setParams]);

  // The cross-check: the service's books against a local reconstruction of the same range (or file).
  const loaded = book !== null && replay.ended?.ok === true && book.frames.count > 0;
  const checkLevels = source.kind === 'files' ? 25 : 10;
  const checkInput = useMemo((): BookCrossCheckInput | null => {
    if (checkRun === 0 || book === null || !loaded) return null;
    const instrument = book.key.instrument ?? undefined;
    const common = { source: book.key.source, market: book.key.market, ...(instrument === undefined ? {} : { instrument }), levels: checkLevels };
    if (source.kind === 'files') return { ...common, start: book.frames.clockAt(0), end: book.frames.clockAt(book.frames.count - 1), local: { kind: 'files', fileIds: source.files.map((file) => file.fileId) } };
    if (source.kind === 'market') return { ...common, start: source.start, end: source.end, local: { kind: 'l2-updates' } };
    return null;
  }, [checkRun, book, loaded, source, checkLevels]);
  const check = useCrossCheck(checkInput === null ? null : `${key}#check${checkRun}`, checkInput);

  const progress = replay.progress;
  const running = source.kind !== 'none' && replay.ended === null && replay.startError === null;
  const status = progress === null ? '' : `${progress.events.toLocaleString('en-US')} events · ${progress.frames.toLocaleString('en-US')} frames${running ? ' · loading' : ''}`;

  const body = (() => {
    if (source.kind === 'none') {
      return (
        <EmptyState icon="≣" title="Choose what to replay">
          <p>
            Replay a market: press Ctrl+Shift+K, pick a market and choose “Book replay”, or open a link such as <code>#/replay/hyperliquid/BTC?span=10m</code>.
          </p>
          <p>Or open a snapshot file in Files and press “Replay this file's books”: the book is rebuilt from its deltas and played back here, event by event.</p>
          <p>
            <button type="button" className="button primary" onClick={() => showView('files')}>
              Open snapshot files
            </button>
          </p>
        </EmptyState>
      );
    }
    if (replay.startError !== null) return <ErrorPanel context="The replay could not start." error={replay.startError} failedAt={replay.settledAt} onRetry={() => setAttempt((n) => n + 1)} retrying={false} />;
    const stopped = replay.ended?.error ?? null;
    if (book === null && stopped !== null && stopped.kind !== 'cancelled') {
      return (
        <ErrorPanel
          context={`The replay of ${sourceLabel(source)} stopped.`}
          error={new ContractError({ kind: stopped.kind === 'page-source' ? 'unavailable' : 'internal', message: stopped.message, resolution: stopped.resolution, channel: 'book.replayMarket' })}
          failedAt={replay.settledAt}
          onRetry={() => setAttempt((n) => n + 1)}
          retrying={false}
          {...(source.kind === 'market' ? { onNarrowRange: () => anchored.changeRange({ span: '10m', start: undefined, end: undefined }) } : {})}
        />
      );
    }
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
    const tapeNote =
      source.kind === 'files' ? 'Trades of a file replay are in the file viewer.' : tradeLoad.query.isError ? `Trades could not be loaded: ${tradeLoad.query.error.message}` : 'Trades load once the books have.';
    return (
      <ReplayPlayer
        key={key}
        frames={book.frames}
        version={replay.version}
        zone={zone}
        initialTime={params.at ?? null}
        onSettle={onSettle}
        reports={book.health}
        sizeDecimals={sizeDecimals}
        priceDecimals={priceDecimals}
        trades={tradeLoad.query.data ?? null}
        tapeNote={tapeNote}
        crossCheck={checkInput === null ? null : { state: check, localLabel: source.kind === 'files' ? 'the file rebuilt here' : '/l2-updates rebuilt here', levels: checkLevels, onClose: () => setCheckRun(0) }}
      />
    );
  })();

  return (
    <ViewFrame
      title="Book replay"
      subtitle={`${sourceLabel(source)}${book === null || source.kind === 'market' ? '' : ` · ${book.key.source} ${book.key.market}${book.key.instrument === null ? '' : ` ${book.key.instrument}`}`}`}
      actions={
        <span className="replay-actions">
          <span className="replay-status" data-testid="replay-status">
            {status}
            {replay.ended?.error !== null && replay.ended?.error !== undefined ? ` · stopped: ${replay.ended.error.message}` : ''}
          </span>
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
