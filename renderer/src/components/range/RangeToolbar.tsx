import { RangePicker } from './RangePicker.tsx';
import type { TimeZoneChoice } from '../../format/market-values.ts';
import type { LatestHourRange } from '../../hooks/use-latest-hour-range.ts';
import './range-toolbar.css';

/** A latest-hour view's toolbar: the range picker and Refresh (which loads a relative span again, ending now). */
export function RangeToolbar({ range, zone }: { range: LatestHourRange; zone: TimeZoneChoice }) {
  return (
    <span className="view-toolbar">
      <RangePicker range={range.range} zone={zone} onChange={range.changeRange} />
      <button type="button" className="button" onClick={range.refresh} disabled={!range.range.relative} title="Load the span again, ending now">
        Refresh
      </button>
    </span>
  );
}
