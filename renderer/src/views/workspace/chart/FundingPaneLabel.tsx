import type { FundingPerInterval } from '../../../../../shared/series/funding-intervals.ts';
import { formatNumber, formatPercent, notPublished } from '../../../format/market-values.ts';
import type { FundingPaneSpec, FundingValueFormat } from './funding-panes.ts';

function formatValue(value: number | null | undefined, format: FundingValueFormat, priceDecimals: number): string {
  if (format === 'rate') return formatPercent(value, 4);
  return formatNumber(value, format === 'price' ? priceDecimals : 3);
}

/** The label of one pane: its name, and each line's last value in the interval shown with the interval's range when it moved. */
export function FundingPaneLabel({ spec, per, index, priceDecimals }: { spec: FundingPaneSpec; per: FundingPerInterval; index: number; priceDecimals: number }) {
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
        const last = range.last[index] ?? null;
        const min = range.min[index] ?? null;
        const max = range.max[index] ?? null;
        return (
          <span key={line.field} className="funding-pane-value" data-field={line.field}>
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
