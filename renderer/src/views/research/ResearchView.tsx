import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ResearchTarget } from '../../../../shared/contract/research-schemas.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { RangePicker } from '../../components/range/RangePicker.tsx';
import { useCatalog, useCatalogMarket } from '../../hooks/catalog-queries.ts';
import { useSettings, useTimeZone } from '../../hooks/contract-queries.ts';
import { useKeyAccess } from '../../hooks/market-queries.ts';
import { useAnchoredRange } from '../../hooks/use-anchored-range.ts';
import { useViewKeys } from '../../hooks/use-view-keys.ts';
import { marketKey } from '../../navigation/market-lists.ts';
import { useUiStore, useViewParams } from '../../stores/ui-store.ts';
import { useOpenFile } from '../../hooks/use-open-file.ts';
import { BookMarketPicker, bookMarketChoices, type BookMarket } from '../../components/BookMarketPicker.tsx';
import { priceFormatOfTick } from '../../components/chart/price-format.ts';
import { ActivityPanel } from './ActivityPanel.tsx';
import { DepthPanel } from './DepthPanel.tsx';
import { LatencyPanel } from './LatencyPanel.tsx';
import { MarkoutsPanel } from './MarkoutsPanel.tsx';
import { useResearchFiles } from './research-files-store.ts';
import type { ResearchScope } from './research-scope.ts';
import { VenuesPanel } from './VenuesPanel.tsx';
import './research.css';

/** The research panels, in tab order (keys 1…5). */
export const researchPanels = [
  { id: 'markouts', label: 'Markouts' },
  { id: 'depth', label: 'Depth' },
  { id: 'latency', label: 'Latency' },
  { id: 'venues', label: 'Venues' },
  { id: 'activity', label: 'Activity · CVD · profile' },
] as const;

/** A research panel's id. */
export type ResearchPanelId = (typeof researchPanels)[number]['id'];

function panelOf(focus: string | undefined): ResearchPanelId {
  return researchPanels.find((panel) => panel.id === focus)?.id ?? 'markouts';
}

/** Spans the view offers: research reads every event of the range, so short spans first. */
const researchSpans = ['10m', '30m', '1h', '6h'];

/**
 * Order-flow research (F13): pick a market (and a range) or granted snapshot files, and study it
 * in five panels (markouts, depth metrics, latency, venues side by side, activity bars with CVD
 * and the volume profile). Every computation runs in main's research worker; panels show compact
 * columns and export their tables. Keys: 1–5 switch panels, `/` focuses the market, `o` opens a file.
 */
export function ResearchView() {
  const params = useViewParams('research');
  const workspace = useViewParams('workspace');
  const setParams = useUiStore((state) => state.setParams);
  const files = useResearchFiles((state) => state.files);
  const addFile = useResearchFiles((state) => state.add);
  const clearFiles = useResearchFiles((state) => state.clear);
  const zone = useTimeZone();
  const anchored = useAnchoredRange('research', '10m');
  const { range } = anchored;
  const hasKey = useKeyAccess();
  const catalog = useCatalog();
  const recent = useSettings().data?.markets.recent;
  const opening = useOpenFile(addFile);
  const fileInput = useRef<HTMLInputElement>(null);
  const panel = panelOf(params.focus);

  // From the rail with nothing chosen: the market open in the workspace, else the last book market viewed.
  const offered = useMemo(() => bookMarketChoices(catalog.data?.markets ?? [], recent ?? [], '', 8), [catalog.data, recent]);
  useEffect(() => {
    if (params.source !== undefined || files !== null) return;
    const first = workspace.source !== undefined && workspace.market !== undefined ? { source: workspace.source, market: workspace.market } : null;
    if (first !== null) setParams('research', { source: first.source, market: first.market });
  }, [params.source, files, workspace.source, workspace.market, setParams]);
  const chooseMarket = useCallback(
    (market: BookMarket) => {
      clearFiles();
      setParams('research', { source: market.source, market: market.market, instrument: undefined });
    },
    [clearFiles, setParams],
  );
  const showPanel = useCallback((id: ResearchPanelId) => setParams('research', { focus: id }), [setParams]);
  const openFile = (): void => {
    if (opening.pick !== null) opening.pick();
    else fileInput.current?.click();
  };

  useViewKeys((key) => {
    const index = Number(key);
    if (Number.isInteger(index) && index >= 1 && index <= researchPanels.length) {
      showPanel(researchPanels[index - 1]?.id ?? 'markouts');
      return true;
    }
    if (key === '/') {
      document.getElementById('research-market')?.focus();
      return true;
    }
    if (key === 'o') {
      openFile();
      return true;
    }
    return false;
  });

  const market = useMemo(
    () => (files === null && params.source !== undefined && params.market !== undefined ? { source: params.source, market: params.market } : null),
    [files, params.source, params.market],
  );
  const entry = useCatalogMarket(market?.source, market?.market);
  const priceDecimals = priceFormatOfTick(entry?.instrument.tick_size).precision;
  const target: ResearchTarget | null = useMemo(() => {
    if (files !== null && files.length > 0) return { kind: 'files', fileIds: files.map((file) => file.fileId) };
    if (market === null) return null;
    return { kind: 'market', source: market.source, market: market.market, ...(params.instrument === undefined ? {} : { instrument: params.instrument }), start: range.start, end: range.end };
  }, [files, market, params.instrument, range.start, range.end]);
  const label = files !== null && files.length > 0 ? (files.length === 1 ? (files[0]?.name ?? '') : `${files.length} files`) : market === null ? '' : `${market.source} ${market.market}`;
  const scope: ResearchScope = {
    target,
    key: target === null ? 'none' : target.kind === 'files' ? `files:${target.fileIds.join(',')}` : `market:${target.source}/${target.market}/${target.instrument ?? ''}/${target.start}-${target.end}`,
    label,
    zone,
    hasKey,
    now: anchored.anchor,
    priceDecimals,
    narrowRange: () => anchored.changeRange({ span: '10m', start: undefined, end: undefined }),
    lastHour: () => anchored.changeRange({ span: '1h', start: undefined, end: undefined }),
  };

  const body = (() => {
    if (target === null) {
      return (
        <EmptyState icon="∿" title="Choose a market to study">
          <p>Pick a book market and a range; or open snapshot files (o) to study them offline.</p>
          {offered.length > 0 && (
            <div className="market-choice" data-testid="research-market-choices">
              {offered.map((choice) => (
                <button key={marketKey(choice.source, choice.market)} type="button" className="button" onClick={() => chooseMarket(choice)}>
                  {choice.source} / {choice.market}
                </button>
              ))}
            </div>
          )}
        </EmptyState>
      );
    }
    switch (panel) {
      case 'markouts':
        return <MarkoutsPanel scope={scope} />;
      case 'depth':
        return <DepthPanel scope={scope} />;
      case 'latency':
        return <LatencyPanel scope={scope} />;
      case 'venues':
        return <VenuesPanel scope={scope} market={market} range={{ start: range.start, end: range.end }} />;
      case 'activity':
        return <ActivityPanel scope={scope} />;
    }
  })();

  return (
    <ViewFrame
      title="Research"
      subtitle={files !== null && files.length > 0 ? label : ''}
      actions={
        <span className="research-actions">
          <BookMarketPicker value={market} onChoose={chooseMarket} idPrefix="research-market" label="Market to study" />
          {files === null && <RangePicker range={range} zone={zone} onChange={(patch) => anchored.changeRange(patch)} spans={researchSpans} />}
          <button type="button" className="button compact" onClick={openFile} title="Study snapshot files instead of a market range (o)">
            {opening.sending === null ? 'Open file…' : `Sending ${Math.round((opening.sending.sent / Math.max(1, opening.sending.bytes)) * 100)} %`}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".zst,.jsonl"
            hidden
            onChange={(event) => {
              opening.take([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
            data-testid="research-file-input"
          />
          {files !== null && (
            <button type="button" className="button compact" onClick={clearFiles} title="Back to the market range">
              Close files
            </button>
          )}
        </span>
      }
    >
      <div className="research-view" data-testid="research-view" data-panel={panel}>
        <div className="research-tabs" role="tablist" aria-label="Research panels">
          {researchPanels.map((entry, i) => (
            <button
              key={entry.id}
              type="button"
              role="tab"
              aria-selected={panel === entry.id}
              className={`research-tab${panel === entry.id ? ' active' : ''}`}
              onClick={() => showPanel(entry.id)}
              data-testid={`research-tab-${entry.id}`}
            >
              <kbd>{i + 1}</kbd> {entry.label}
            </button>
          ))}
          <span className="research-tabs-note muted">{target === null ? '' : target.kind === 'files' ? `${label} · the whole files` : `${label} · computed in main, exported as CSV or Parquet`}</span>
        </div>
        {opening.error !== null && (
          <ErrorPanel context="The file could not be opened." error={opening.error} failedAt={opening.failedAt} onRetry={opening.clearError} retrying={false} />
        )}
        <div className="research-body" role="tabpanel">
          {body}
        </div>
      </div>
    </ViewFrame>
  );
}
