import type { ServiceErrorObject } from '../../shared/rows/common.ts';

/** The body of an error response: the spec 2.14 error object, and on a 429 when the quota resets. */
export interface ServiceErrorBody {
  error: ServiceErrorObject;
  /** A 429's reset time, ISO-8601 UTC, beside the error object (the service's SDKs read it there). */
  reset_at?: string;
}

/** An HTTP failure of the local service, answered with the spec 2.14 error object. */
export class ServiceHttpError extends Error {
  override readonly name = 'ServiceHttpError';
  readonly status: number;
  readonly code: string;
  readonly resolution: string;
  readonly headers: Record<string, string>;
  /** When a used-up quota resets (Unix ms), for a 429's `reset_at`; null otherwise. */
  readonly resetAt: number | null;

  constructor(status: number, code: string, message: string, resolution: string, headers: Record<string, string> = {}, resetAt: number | null = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.resolution = resolution;
    this.headers = headers;
    this.resetAt = resetAt;
  }

  /** The response body: `{error: {code, message, resolution}}`, with `reset_at` beside it when a quota resets. */
  body(): ServiceErrorBody {
    const error = { code: this.code, message: this.message, resolution: this.resolution };
    return this.resetAt === null ? { error } : { error, reset_at: new Date(this.resetAt).toISOString() };
  }
}

/**
 * 429: a quota is used up until `resetAt` (Unix ms). `Retry-After` says the whole seconds to wait
 * (at least 1) and the body carries `reset_at`, the ISO-8601 UTC instant, beside the error object.
 */
export function rateLimited(code: string, message: string, resolution: string, now: number, resetAt: number, headers: Record<string, string> = {}): ServiceHttpError {
  const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return new ServiceHttpError(429, code, message, resolution, { ...headers, 'Retry-After': String(retryAfter) }, resetAt);
}

/** 400: a missing or invalid parameter. */
export function badRequest(message: string, resolution: string): ServiceHttpError {
  return new ServiceHttpError(400, 'invalid_request', message, resolution);
}

/** 401: the request needs an API key it did not carry (or carried a wrong one). */
export function authRequired(message: string, resolution = 'Send "Authorization: Bearer <API_KEY>" with a valid key.'): ServiceHttpError {
  return new ServiceHttpError(401, 'authentication_required', message, resolution);
}

/** 503: a backing part of the service is unavailable. */
export function unavailable(what: string): ServiceHttpError {
  return new ServiceHttpError(503, 'service_unavailable', `${what} is temporarily unavailable`, 'Retry after a short wait.', {
    'Retry-After': '1',
  });
}
