import type { ChainQuote } from '../../../../shared/options/chain.ts';
import { chainGreeks } from '../../../../shared/options/greek-fill.ts';
import type { InstrumentEntry } from '../../../../shared/rows/catalog.ts';
import { formatDecimal, formatTimestamp, notPublished, type TimeZoneChoice } from '../../format/market-values.ts';
import { formatExpiryDate, formatIv, formatTimeToExpiry, type ChainUnits } from './option-format.ts';

/** Props of the chosen contract's detail. */
export interface InstrumentDetailProps {
  instrument: string;
  /** Its `/catalog/instruments` entry, when the catalog lists it. */
  entry: InstrumentEntry | undefined;
  /** Its latest ticker in the range, when it has one. */
  quote: ChainQuote | null;
  zone: TimeZoneChoice;
  now: number;
  /** The units the greeks are in. */
  units: ChainUnits;
}

function Facts({ facts }: { facts: readonly (readonly [string, string, string?])[] }) {
  return (
    <dl className="facts detail-facts">
      {facts.map(([label, value, className]) => (
        <div key={label} className="fact">
          <dt>{label}</dt>
          <dd className={className}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function statisticValue(value: string | number | null): string {
  return value === null ? notPublished : String(value);
}

/**
 * One contract in full: its catalog terms and statistics (`/catalog/instruments`), and its latest
 * ticker with every published field exactly as sent and each computed greek marked as such.
 */
export function InstrumentDetail({ instrument, entry, quote, zone, now, units }: InstrumentDetailProps) {
  const row = quote?.row ?? null;
  const statistics = Object.entries(entry?.statistics?.fields ?? {});
  return (
    <div className="instrument-detail" aria-label={`Contract ${instrument}`}>
      <h3 className="detail-title mono">{instrument}</h3>
      {entry === undefined ? (
        <p className="search-note">The catalog does not list this contract.</p>
      ) : (
        <Facts
          facts={[
            ['Type', `${entry.option_type} · ${entry.exercise_style ?? 'exercise style not given'}`],
            ['Strike', entry.strike],
            ['Expiry', `${formatExpiryDate(entry.expiry_timestamp, zone)} · ${formatTimeToExpiry(entry.expiry_timestamp, now)}`],
            ['Status', entry.status],
            ['Contract size', formatDecimal(entry.contract_size)],
            ['Premium / settle', `${entry.premium_currency ?? notPublished} / ${entry.settlement_currency ?? notPublished}`],
          ]}
        />
      )}
      <h4 className="detail-subtitle">Catalog statistics</h4>
      {statistics.length === 0 ? (
        <p className="search-note">{entry === undefined ? '—' : 'The catalog publishes no statistics for this contract.'}</p>
      ) : (
        <Facts
          facts={statistics.map(([name, statistic]) => [
            name,
            `${statisticValue(statistic.value)}${statistic.unit === undefined ? '' : ` ${statistic.unit}`} · ${formatTimestamp(statistic.observed_at, zone, 's')}${statistic.convention === undefined ? '' : ` · ${statistic.convention}`}`,
          ])}
        />
      )}
      <h4 className="detail-subtitle">Latest ticker in the range</h4>
      {row === null || quote === null ? (
        <p className="search-note">No ticker for this contract in the range: widen it.</p>
      ) : (
        <Facts
          facts={[
            ['Observed', formatTimestamp(row.collector_timestamp, zone)],
            ['Bid', `${formatDecimal(row.bid_price)} × ${formatDecimal(row.bid_size)} · IV ${formatIv(row.bid_iv)} %`],
            ['Mark', `${formatDecimal(row.mark_price)} · IV ${formatIv(row.mark_iv)} %`],
            ['Ask', `${formatDecimal(row.ask_price)} × ${formatDecimal(row.ask_size)} · IV ${formatIv(row.ask_iv)} %`],
            ['Last', formatDecimal(row.last_price)],
            ['Underlying', `${formatDecimal(row.underlying_price)} · index ${formatDecimal(row.index_price)} · fwd ${formatDecimal(row.forward_price)}`],
            ['OI / vol 24h', `${formatDecimal(row.open_interest)} / ${formatDecimal(row.volume_24h)}`],
            ...chainGreeks.map((greek): [string, string, string?] => {
              const value = quote.greeks[greek];
              const label = `${greek} (${units.short[greek]})`;
              if (value === null) return [label, quote.unfilledBecause === null ? notPublished : `${notPublished} (not computed: ${quote.unfilledBecause})`];
              return value.computed ? [label, `${String(value.value)} computed (Black–Scholes)`, 'computed'] : [label, value.text];
            }),
            ['rho', formatDecimal(row.rho)],
          ]}
        />
      )}
    </div>
  );
}
