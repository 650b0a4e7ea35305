import { useState } from 'react';
import type { CandleColumns, TradeColumns } from '../../../../../shared/contract/market-schemas.ts';
import type { ActivityBarKind } from '../../../../../shared/research/activity-bars.ts';
import { formatTimestamp, timeZoneLabel, type TimeZoneChoice } from '../../../format/market-values.ts';
import { useUiStore, type ViewParamsPatch } from '../../../stores/ui-store.ts';
import type { TradesPlan } from '../access-plan.ts';
import type { ModeNotice, TapeState } from '../panel-states.ts';
import type { ActivityBarsState } from './ActivityBarsPanel.tsx';
import { activityKindOf, modeForKey, type ChartMode } from '../../../stores/chart-mode.ts';
import type { ChartModeBarProps } from './ChartModeBar.tsx';
import { footprintNotice, type FootprintTrades } from './footprint-notice.ts';
import { steppedFootprintStep } from './footprint-step.ts';
import { tradeCoverage } from './trade-coverage.ts';
import { useActivityBars } from './use-activity-bars.ts';
import { useFootprint, type FootprintResult } from './use-footprint.ts';

/** What the chart modes read from the workspace. */
export interface ChartModesInput {
  /** The mode in the view's parameters (absent: candles), and how to change them. */
  chart: ChartMode | undefined;
  update: (patch: ViewParamsPatch) => void;
  /** The catalog's tick size (a number or a decimal string), if any. */
  tickText: string | number | null | undefined;
  trades: TradeColumns | null;
  candles: CandleColumns | null;
  barMs: number;
  tradesPlan: TradesPlan;
  /** Where the joined trades are complete from (`OlderHistory.tradesFrom`). */
  tradesFrom: number | null;
  /** The trade load's state, as the tape shows it (loading, error with its retry, unavailable). */
  tape: TapeState;
  retryTrades: () => void;
  narrow: () => void;
  zone: TimeZoneChoice;
  /** The market, in words ("hyperliquid BTC"). */
  label: string;
}

/** The chart mode, what each mode draws and says, and what the toolbar and keys do with it. */
export interface ChartModes {
  mode: ChartMode;
  /** The activity-bar kind shown, or null for candles and footprint. */
  barKind: ActivityBarKind | null;
  footprint: FootprintResult;
  /** The footprint's notice over the chart (null outside footprint mode or when all is there). */
  modeNotice: ModeNotice | null;
  barsState: ActivityBarsState;
  /** Which trades the bars are built from, when not the whole range. */
  barsNote: string | null;
  modeBar: ChartModeBarProps;
  /** `c` `f` `a`. */
  onModeKey: (key: 'c' | 'f' | 'a') => void;
  /** `+` `−`: false outside footprint mode (the key is not taken). */
  onStepKey: (direction: 1 | -1) => boolean;
  /** The chart's first view of the footprint, in price per px (its rows are made readable there). */
  onFootprintView: (pricePerPx: number) => void;
}

/**
 * The workspace's chart modes (`params.chart`): the footprint of the loaded trades (step,
 * imbalance ratio, which candles have all their trades, and its notice with the fixing action)
 * and activity bars (a size per kind), with the toolbar's and the keys' handlers.
 */
export function useChartModes(input: ChartModesInput): ChartModes {
  const { trades, tradesPlan, zone, tape } = input;
  // null is automatic (the footprint's step, each bar kind's size) or the default (ratio 3).
  const [footprintStep, setFootprintStep] = useState<number | null>(null);
  const [imbalanceRatio, setImbalanceRatio] = useState<number | null>(null);
  // The footprint's first view (price per px), which bounds the automatic step from below.
  const [footprintPricePerPx, setFootprintPricePerPx] = useState<number | null>(null);
  const [barSizes, setBarSizes] = useState<Partial<Record<ActivityBarKind, number>>>({});
  const mode: ChartMode = input.chart ?? 'candles';
  const barKind = activityKindOf(mode);
  const setMode = (next: ChartMode): void => input.update({ chart: next === 'candles' ? undefined : next });
  const tickSize = input.tickText == null || !(Number(input.tickText) > 0) ? null : Number(input.tickText);
  const coverage = tradeCoverage({
    completeFrom: input.tradesFrom,
    boundsEnd: tradesPlan.kind === 'send' ? tradesPlan.bounds.end : null,
    firstTrade: trades?.time[0] ?? null,
    lastTrade: trades?.time.at(-1) ?? null,
    dropped: trades !== null && trades.droppedUntil !== null,
  });
  const footprint = useFootprint({ enabled: mode === 'footprint', trades, candles: input.candles, barMs: input.barMs, tickSize, step: footprintStep, ratio: imbalanceRatio, coverage, pricePerPx: footprintPricePerPx });
  const barSize = barKind === null ? null : (barSizes[barKind] ?? null);
  const activity = useActivityBars({ kind: barKind, trades, size: barSize, tickSize });

  const footprintTrades = ((): FootprintTrades => {
    if (trades !== null) return { kind: 'ready', count: trades.time.length, cap: trades.cap, coverage };
    if (tape.kind === 'error') return { kind: 'error' };
    if (tape.kind === 'unavailable') return { kind: 'down' };
    return { kind: 'loading', rows: tape.kind === 'loading' ? tape.rows : null };
  })();
  const modeNotice = ((): ModeNotice | null => {
    if (mode !== 'footprint') return null;
    const notice = footprintNotice(footprintTrades, footprint.problem, (ms) => `${formatTimestamp(ms, zone, 's')} (${timeZoneLabel(zone, ms)})`);
    if (notice === null) return null;
    const action =
      notice.fix === 'retry'
        ? { label: 'Retry', run: input.retryTrades }
        : notice.fix === 'key'
          ? { label: 'Add API key', run: () => useUiStore.getState().openSettings('api-key') }
          : notice.fix === 'narrow'
            ? { label: 'Narrow the range', run: input.narrow }
            : null;
    return { tone: notice.tone, text: notice.text, action, busy: notice.busy };
  })();
  const barsState = ((): ActivityBarsState => {
    if (activity.view !== null) return { kind: 'ready', view: activity.view };
    if (activity.problem !== null) return { kind: 'problem', text: activity.problem };
    if (trades !== null && trades.time.length === 0) return { kind: 'empty', why: `${input.label} has no trade in this range: choose a longer range or a busier market.` };
    if (tape.kind === 'error' || tape.kind === 'unavailable') return tape;
    return { kind: 'loading', rows: tape.kind === 'loading' ? tape.rows : null };
  })();
  const barsNote =
    tradesPlan.kind === 'latest'
      ? 'Built from the latest ten minutes of trades (anonymous).'
      : trades?.truncated === true && trades.droppedUntil !== null
        ? `Built from the trades after ${formatTimestamp(trades.droppedUntil, zone, 's')}: older ones were left out to keep the newest ${trades.cap.toLocaleString('en-US')}.`
        : null;

  return {
    mode,
    barKind,
    footprint,
    modeNotice,
    barsState,
    barsNote,
    onFootprintView: setFootprintPricePerPx,
    modeBar: {
      mode,
      onMode: setMode,
      footprint: { step: footprintStep, stepInUse: footprint.stepInUse, ratio: imbalanceRatio, onStep: setFootprintStep, onRatio: setImbalanceRatio },
      bars: {
        size: barSize,
        sizeInUse: activity.sizeInUse,
        onSize: (size) => {
          if (barKind !== null) setBarSizes((sizes) => ({ ...sizes, [barKind]: size ?? undefined }));
        },
      },
    },
    onModeKey: (key) => setMode(modeForKey(key, mode) ?? mode),
    onStepKey: (direction) => {
      if (mode !== 'footprint') return false;
      setFootprintStep(steppedFootprintStep(footprint.stepInUse, tickSize, direction));
      return true;
    },
  };
}
