import type { ResearchMarkouts } from '../../../../shared/contract/research-schemas.ts';
import { formatNumber, formatTimestamp } from '../../format/market-values.ts';
import { chartColours } from '../../components/chart/chart-theme.ts';
import { BandChart, type BandSeries } from './BandChart.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { PanelBody, ReadNotes } from './PanelBody.tsx';
import { compactNotional, formatBps, formatCount, horizonLabel } from './research-format.ts';
import { keyRefusalOf, type ResearchScope } from './research-scope.ts';
import { useResearchLoad } from './use-research-load.ts';

const sideNames: Readonly<Record<number, string>> = { 1: 'Buy', [-1]: 'Sell', 0: 'Both' };
const sideColours: Readonly<Record<number, string>> = { 1: chartColours.bid, [-1]: chartColours.ask, 0: chartColours.accent };

/** The summary's rows of one side and bucket, by horizon. */
function groupOf(result: ResearchMarkouts, side: number, bucket: number): number[] {
  const rows: number[] = [];
  for (let g = 0; g < result.summary.side.length; g++) if (result.summary.side[g] === side && result.summary.bucket[g] === bucket) rows.push(g);
  return rows;
}

/** A size bucket in words: "all sizes", "1k–10k", "≥ 1M". */
function bucketLabel(result: ResearchMarkouts, bucket: number): string {
  if (bucket === -1) return 'All sizes';
  const low = result.sizeEdges[bucket] ?? 0;
  const high = result.sizeEdges[bucket + 1];
  return high === undefined ? `≥ ${compactNotional(low)}` : `${compactNotional(low)}–${compactNotional(high)}`;
}

function MarkoutTable({ result }: { result: ResearchMarkouts }) {
  const buckets = [-1, ...result.sizeEdges.map((_, b) => b)];
  return (
    <table className="research-table" data-testid="markout-summary" data-rows={result.summary.side.length}>
      <thead>
        <tr>
          <th>Size (notional)</th>
          <th>Side</th>
          <th className="num">Trades</th>
          {result.horizonsMs.map((h) => (
            <th key={h} className="num" title={`Mean markout after ${horizonLabel(h)}, bps, with its 95 % band and the trades that have one`}>
              {horizonLabel(h)} mean ± 95 % · n
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {buckets.flatMap((bucket) =>
          [1, -1, 0].map((side) => {
            const rows = groupOf(result, side, bucket);
            const trades = result.summary.trades[rows[0] ?? -1] ?? 0;
            if (bucket !== -1 && trades === 0) return null;
            return (
              <tr key={`${bucket}:${side}`} className={side === 0 ? 'group-end' : undefined}>
                <td>{side === 1 ? bucketLabel(result, bucket) : ''}</td>
                <td className={side === 1 ? 'side-buy' : side === -1 ? 'side-sell' : ''}>{sideNames[side]}</td>
                <td className="num">{formatCount(trades)}</td>
                {rows.map((g) => {
                  const mean = result.summary.mean[g] ?? null;
                  const low = result.summary.ciLow[g] ?? null;
                  const high = result.summary.ciHigh[g] ?? null;
                  return (
                    <td key={g} className="num">
                      <span className={mean === null ? 'muted' : mean > 0 ? 'pos' : mean < 0 ? 'neg' : ''}>{formatBps(mean)}</span>
                      <span className="band">{low === null || high === null || mean === null ? ' ±—' : ` ±${formatNumber((high - low) / 2, 2)}`}</span>
                      <span className="count"> · {formatCount(result.summary.count[g] ?? 0)}</span>
                    </td>
                  );
                })}
              </tr>
            );
          }),
        )}
      </tbody>
    </table>
  );
}

function LargeTrades({ result, scope }: { result: ResearchMarkouts; scope: ResearchScope }) {
  const { large } = result;
  return (
    <table className="research-table" data-testid="large-trades" data-rows={large.time.length}>
      <thead>
        <tr>
          <th>Time</th>
          <th>Side</th>
          <th className="num">Price</th>
          <th className="num">Quantity</th>
          <th className="num">Notional</th>
          <th className="num">Mid</th>
          {result.horizonsMs.map((h) => (
            <th key={h} className="num">
              {horizonLabel(h)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {large.time.map((time, i) => {
          const side = large.side[i] ?? 0;
          return (
            <tr key={`${time}:${i}`}>
              <td>{formatTimestamp(time, scope.zone)}</td>
              <td className={side === 1 ? 'side-buy' : side === -1 ? 'side-sell' : 'muted'}>{side === 1 ? 'buy' : side === -1 ? 'sell' : 'unknown'}</td>
              <td className="num">{formatNumber(large.price[i], scope.priceDecimals)}</td>
              <td className="num">{formatNumber(large.quantity[i], 4)}</td>
              <td className="num">{formatNumber(large.notional[i], 0)}</td>
              <td className="num">{formatNumber(large.mid[i] ?? null, scope.priceDecimals + 1)}</td>
              {result.horizonsMs.map((h, k) => {
                const value = large.markoutBps[k]?.[i] ?? null;
                return (
                  <td key={h} className={`num ${value === null ? 'muted' : value > 0 ? 'pos' : value < 0 ? 'neg' : ''}`}>
                    {formatBps(value)}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function bandSeries(result: ResearchMarkouts): BandSeries[] {
  return [1, -1, 0].map((side) => {
    const rows = groupOf(result, side, -1);
    return {
      name: sideNames[side] ?? '',
      colour: sideColours[side] ?? chartColours.accent,
      mean: rows.map((g) => result.summary.mean[g] ?? null),
      low: rows.map((g) => result.summary.ciLow[g] ?? null),
      high: rows.map((g) => result.summary.ciHigh[g] ?? null),
    };
  });
}

/**
 * Markouts: the mid move 1 s, 5 s, 30 s and 60 s after each trade, signed by side, in bps,
 * averaged by size bucket and side with counts and 95 % bands (table and chart), and the largest
 * trades with theirs. A trade whose horizon runs past the books has none: "—", never 0.
 */
export function MarkoutsPanel({ scope }: { scope: ResearchScope }) {
  const needs = { books: true, trades: true, booksBeyondMs: 60_000 };
  const keyRefusal = keyRefusalOf(scope, needs, scope.now);
  const target = scope.target;
  const load = useResearchLoad(['markouts', scope.key], (api, requestId) => (target === null ? Promise.reject(new Error('nothing chosen')) : api.research.markouts({ requestId, target })), target !== null && keyRefusal === null && scope.hasKey !== undefined);
  return (
    <PanelBody
      gate={{ keyRefusal, what: `Markouts of ${scope.label}`, onUseAnonymousWindow: scope.lastHour }}
      load={load}
      loading="the books and trades"
      onNarrowRange={scope.narrowRange}
      emptyReason={(result) =>
        result.read.trades === 0
          ? { title: 'No trades in this range', body: <p>{scope.label} has no trade between these times, so there is nothing to mark out. Choose a longer range or a busier market.</p> }
          : result.read.bookEvents === 0
            ? { title: 'No order book in this range', body: <p>Markouts need the book's mid after each trade, and {scope.label} has no book event here. Choose another range or market.</p> }
            : null
      }
    >
      {(result) => (
        <div className="research-panel-grid markouts" data-testid="markouts-panel" data-trades={result.read.trades} data-book-events={result.read.bookEvents}>
          <section className="panel research-card">
            <header className="research-card-header">
              <h3>Mean markout by side and size</h3>
              <span className="muted">
                {formatCount(result.read.trades)} trades · {formatCount(result.read.bookEvents)} book events
                {result.unknownSide > 0 ? ` · ${formatCount(result.unknownSide)} of unknown side (no markout)` : ''}
                {' · no markout (horizon past the data): '}
                {result.horizonsMs.map((h, k) => `${horizonLabel(h)} ${formatCount(result.withoutMarkout[k] ?? 0)}`).join(', ')}
              </span>
              <ExportButtons
                resultId={result.resultId}
                tables={[
                  { table: 'markout-summary', label: 'Summary' },
                  { table: 'markouts', label: 'Every trade' },
                  { table: 'large-trades', label: 'Large trades' },
                ]}
              />
            </header>
            <div className="research-card-body split">
              <div className="table-scroll">
                <MarkoutTable result={result} />
              </div>
              <div className="band-chart-box">
                <div className="research-legend">
                  <span className="side-buy">● buy</span> <span className="side-sell">● sell</span> <span className="accent">● both</span> · all sizes, mean ± 95 %
                </div>
                <BandChart horizonsMs={result.horizonsMs} series={bandSeries(result)} />
              </div>
            </div>
          </section>
          <section className="panel research-card">
            <header className="research-card-header">
              <h3>Largest trades by notional</h3>
              <span className="muted">markouts in bps; — where the horizon runs past the books or the side is unknown</span>
            </header>
            <div className="research-card-body table-scroll">
              <LargeTrades result={result} scope={scope} />
            </div>
          </section>
          <ReadNotes read={result.read} />
        </div>
      )}
    </PanelBody>
  );
}
