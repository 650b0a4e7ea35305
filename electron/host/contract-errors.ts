import { ContractError, type ContractErrorKind, type ContractErrorShape } from '../../shared/contract/errors.ts';
import { MarketDataError, type MarketDataErrorKind } from './client/market-data-error.ts';

// The one home of the host's contract errors (lint bans `new ContractError` elsewhere in
// electron/): the service's failures become contract errors in `contractErrorOf`, the host's own
// refusals through `contractError` and the named refusals below, so one situation reads the same
// on every channel.

/**
 * How each service failure crosses the contract. Every kind of spec part 7 keeps its name, so a
 * view can offer the fixing action. `bad-request` is the contract's `invalid-request`. The
 * service breaking its own rules, a malformed body or row (`invalid-response`) or a broken cursor
 * chain (`pagination`), is one `invalid-response` for the user: either way the answer cannot be
 * used, nothing in the request can fix it, and the remedy is the same (retry, check the base URL,
 * report it).
 */
const contractKinds: Record<MarketDataErrorKind, ContractErrorKind> = {
  'bad-request': 'invalid-request',
  'auth-required': 'auth-required',
  'payment-required': 'payment-required',
  forbidden: 'forbidden',
  'not-found': 'not-found',
  'too-expensive': 'too-expensive',
  'rate-limited': 'rate-limited',
  unavailable: 'unavailable',
  network: 'network',
  'invalid-response': 'invalid-response',
  'needs-api-key': 'needs-api-key',
  pagination: 'invalid-response',
};

/** What to do about each kind when the service gave no resolution of its own. */
const defaultResolutions: Record<MarketDataErrorKind, string> = {
  'bad-request': 'Check the request against the service specification and try again.',
  'auth-required': 'Add a valid API key for this service in Settings → API key.',
  'payment-required': 'This dataset needs a paid plan: add the API key of a paid account in Settings → API key.',
  forbidden: 'Your API key does not include this dataset: use a key with historical download access (Settings → API key).',
  'not-found': 'The service has no data for this source, market or date: check them and try again.',
  'too-expensive': 'Narrow the time range and try again.',
  'rate-limited': 'Wait as the service asks, then retry.',
  unavailable: 'The service is temporarily unavailable: retry in a moment, or check the data source in Settings.',
  network: 'Check the connection and the base URL in Settings → Data source, then retry.',
  'invalid-response': 'Retry; if it persists, check that the base URL points at a Market Data Service, and report the message above.',
  'needs-api-key': 'Add an API key in Settings → API key, or choose a range inside the anonymous window.',
  pagination: 'Retry; if it persists, check that the base URL points at a Market Data Service, and report the message above.',
};

function resolutionOf(error: MarketDataError): string {
  if (error.resolution !== null) return error.resolution;
  if (error.kind === 'rate-limited' && error.retryAfterMs !== null) return `Wait ${Math.ceil(error.retryAfterMs / 1000)} s as the service asks, then retry.`;
  return defaultResolutions[error.kind];
}

/** A failure met while serving a channel, as a contract error with the service's kind, words and resolution. */
export function contractErrorOf(error: unknown, channel: string): ContractError {
  if (error instanceof ContractError) return error;
  if (error instanceof MarketDataError) {
    return new ContractError({
      kind: contractKinds[error.kind],
      message: error.message,
      resolution: resolutionOf(error),
      channel,
      ...(error.kind === 'rate-limited' && error.retryAfterMs !== null ? { retryAfterMs: Math.max(0, Math.round(error.retryAfterMs)) } : {}),
    });
  }
  return internalError(channel, error, 'Try again; if it keeps failing, restart the app.');
}

/** What a contract error may carry besides its kind and words. */
export type ContractErrorExtras = Pick<ContractErrorShape, 'issues' | 'retryAfterMs'>;

/** A refusal or failure the host reports itself: its kind, the channel, what went wrong and what fixes it. */
export function contractError(kind: ContractErrorKind, channel: string | null, message: string, resolution: string, extras: ContractErrorExtras = {}): ContractError {
  return new ContractError({ kind, message, resolution, channel, ...extras });
}

/** The same error with the fix a channel knows better (a download's refusals, say). */
export function withResolution(error: ContractError, resolution: string): ContractError {
  return new ContractError({ ...error.toShape(), resolution });
}

/** No data source is connected for `work` (market replays, research). */
export function noDataSourceError(channel: string, work: string): ContractError {
  return contractError('unavailable', channel, `No data source is connected for ${work}`, 'Check the data source in Settings.');
}

/** A range the service would refuse without a key (spec 4.14), refused before anything is sent, with the service's reason. */
export function keyNeededError(channel: string, reason: string): ContractError {
  return contractError('needs-api-key', channel, reason, 'Add an API key in Settings → API key, or choose a range inside the rolling last hour.');
}

/** A failure of a worker or job that is not the user's to fix beyond trying again. */
export function internalError(channel: string | null, error: unknown, resolution: string): ContractError {
  return contractError('internal', channel, error instanceof Error ? error.message : String(error), resolution);
}
