import type { FundingPerInterval } from '../../../../../shared/series/funding-intervals.ts';
import { formatNumber, formatPercent, formatTimestamp, notPublished, type TimeZoneChoice } from '../../../format/market-values.ts';
import type { FundingPaneSpec, FundingValueFormat } from './funding-panes.ts';
import { crosshairPrecision } from '../../../components/chart/time-axis.ts';

function formatValue(value: number | null | undefined, format: FundingValueFormat, priceDecimals: number): string {
  if (format === 'rate') return formatPercent(value, 4);
  return formatNumber(value, format === 'price' ? priceDecimals : 3);
}

/** The index of the newest interval that published a value, or -1. */
function newestPublished(values: readonly (number | null)[]): number {
  for (let i = values.length - 1; i >= 0; i--) if (values[i] !== null && values[i] !== undefined) return i;
  return -1;
}

/**
 * The label of one pane: its name, and each line's last value in the interval under the crosshair
 * (`index`), with the interval's min and max when it moved; with no crosshair (`index` null), each
 * line's newest published value (its time in the tooltip).
 */
export function FundingPaneLabel({ spec, per, index, priceDecimals, zone, barMs }: { spec: FundingPaneSpec; per: FundingPerInterval; index: number | null; priceDecimals: number; zone: TimeZoneChoice; barMs: number }) {
  return (
    <div className="funding-pane-label">
      <span className="funding-pane-name">{spec.label}</span>
      {spec.lines.map((line) => {
        const range = per.fields[line.field];
        const everPublished = range.last.some((value) => value !== null);
        if (!everPublished) {
          return (
            <span key={line.field} className="funding-pane-value muted">
              {spec.lines.length > 1 ? `${line.title} ` : ''}not published in this range
            </span>
          );
        }
        const at = index ?? newestPublished(range.last);
        const last = range.last[at] ?? null;
        const min = range.min[at] ?? null;
        const max = range.max[at] ?? null;
        const openTime = per.openTime[at];
        return (
          <span key={line.field} className="funding-pane-value" data-field={line.field} title={openTime === undefined ? undefined : `${line.title} in the candle of ${formatTimestamp(openTime, zone, crosshairPrecision(barMs))}`}>
            {spec.lines.length > 1 && <span style={{ color: line.colour }}>{line.title} </span>}
            <b>{last === null ? notPublished : formatValue(last, spec.format, priceDecimals)}</b>
            {min !== null && max !== null && min !== max && (
              <span className="funding-pane-range">
                {' '}
                {formatValue(min, spec.format, priceDecimals)} – {formatValue(max, spec.format, priceDecimals)}
              </span>
            )}
          </span>
        );
      })}
    </div>
  );
}
