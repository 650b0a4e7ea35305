/** Dataset access state (spec part 3). */
export type AccessStatus = 'open' | 'preview' | 'restricted';

/** The `access` object of a catalog entry or snapshot listing. */
export interface DatasetAccess {
  status: AccessStatus;
  /** Latest UTC date (YYYY-MM-DD) available without gated access. */
  public_cutoff_date: string | null;
}

/** Contract terms of a catalog market (field notes). */
export interface CatalogInstrumentTerms {
  base: string | null;
  quote: string | null;
  tick_size: string | number | null;
  lot_size: string | number | null;
  min_notional: string | number | null;
}

/** One public market of the catalog (field notes, `GET /catalog`). */
export interface CatalogMarket {
  source: string;
  market: string;
  /** Normalized BASEQUOTE symbol. */
  symbol: string;
  /** Coverage start and end, ISO-8601. */
  start: string;
  end: string;
  source_type: string;
  categories: string[];
  access: DatasetAccess;
  instrument: CatalogInstrumentTerms;
}

/** Body of `GET /catalog`. */
export interface CatalogResponse {
  updatedAt: string;
  markets: CatalogMarket[];
  total?: number;
  limit?: number;
  has_more: boolean;
  next_cursor: string | null;
}

/** Body of `GET /count`. */
export interface CountResponse {
  updatedAt: string;
  sources: number;
  markets: number;
  by_source: Record<string, number>;
}

/** One statistic of an option contract. */
export interface InstrumentStatistic {
  value: string | number | null;
  observed_at: number;
  exchange_timestamp?: number | null;
  unit?: string;
  convention?: string;
}

/** A venue-native option contract (`GET /catalog/instruments`). */
export interface InstrumentEntry {
  source: string;
  market: string;
  instrument: string;
  status: string;
  option_type: 'call' | 'put';
  underlying: string;
  strike: string;
  expiry_timestamp: number;
  contract_size: string | null;
  exercise_style: string | null;
  premium_currency: string | null;
  quantity_unit: string | null;
  settlement_currency: string | null;
  statistics: null | {
    source: string;
    market: string;
    instrument?: string;
    fields: Record<string, InstrumentStatistic>;
  };
}

/** Body of `GET /catalog/instruments` (no `has_more`: stop when `next_cursor` is null). */
export interface InstrumentsResponse {
  updatedAt: string;
  instruments: InstrumentEntry[];
  next_cursor: string | null;
}
