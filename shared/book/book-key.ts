/** Which book an event belongs to: one book per (source, market, instrument). */
export interface BookKey {
  source: string;
  market: string;
  /** Venue-native instrument; null when the events do not name one. */
  instrument: string | null;
}

/** A string that identifies a book key in maps; null and '' instruments stay distinct. */
export function bookKeyId(key: BookKey): string {
  return `${key.source}\u0000${key.market}\u0000${key.instrument === null ? '\u0001' : key.instrument}`;
}
