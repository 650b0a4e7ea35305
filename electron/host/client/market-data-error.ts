/** What went wrong, in the words the UI needs to choose its answer (show the resolution, offer a key, retry). */
export type MarketDataErrorKind =
  | 'bad-request'
  | 'auth-required'
  | 'payment-required'
  | 'forbidden'
  | 'not-found'
  | 'too-expensive'
  | 'rate-limited'
  | 'unavailable'
  | 'network'
  | 'invalid-response'
  /** Refused before sending: the service would need an API key for this range (spec 4.14). */
  | 'needs-api-key'
  /** The service broke the pagination rules: `has_more` without a cursor, or a repeated cursor. */
  | 'pagination';

/** The request an error came from, with the key redacted (it is never in the URL). */
export interface RequestSummary {
  method: 'GET';
  url: string;
  /** `Bearer [redacted]` when a key was sent, else null. */
  authorization: string | null;
}

/** Details an error may carry beyond its kind and message. */
export interface MarketDataErrorDetails {
  status?: number | null;
  code?: string | null;
  resolution?: string | null;
  request: RequestSummary;
  /** How long the service asked to wait, when it said (429). */
  retryAfterMs?: number | null;
  /** For invalid rows: the row index and field. */
  rowIndex?: number | null;
  field?: string | null;
}

/**
 * A failed call to the Market Data Service as a value with a kind. It carries the HTTP status,
 * the service's code, message and resolution, and the request with the key redacted.
 */
export class MarketDataError extends Error {
  override readonly name = 'MarketDataError';
  readonly kind: MarketDataErrorKind;
  readonly status: number | null;
  readonly code: string | null;
  readonly resolution: string | null;
  readonly request: RequestSummary;
  readonly retryAfterMs: number | null;
  readonly rowIndex: number | null;
  readonly field: string | null;

  constructor(kind: MarketDataErrorKind, message: string, details: MarketDataErrorDetails) {
    super(message);
    this.kind = kind;
    this.status = details.status ?? null;
    this.code = details.code ?? null;
    this.resolution = details.resolution ?? null;
    this.request = details.request;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.rowIndex = details.rowIndex ?? null;
    this.field = details.field ?? null;
  }

  /** A plain, serialisable form (for logs and, later, the contract). */
  toJSON(): Record<string, unknown> {
    return {
      kind: this.kind,
      message: this.message,
      status: this.status,
      code: this.code,
      resolution: this.resolution,
      request: this.request,
      retryAfterMs: this.retryAfterMs,
      rowIndex: this.rowIndex,
      field: this.field,
    };
  }
}

/** The error kind of an HTTP status (spec part 7). */
export function errorKindOfStatus(status: number): MarketDataErrorKind {
  switch (status) {
    case 400:
      return 'bad-request';
    case 401:
      return 'auth-required';
    case 402:
      return 'payment-required';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 422:
      return 'too-expensive';
    case 429:
      return 'rate-limited';
    default:
      return status >= 500 ? 'unavailable' : 'bad-request';
  }
}
