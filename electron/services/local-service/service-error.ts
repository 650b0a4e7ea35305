import type { ServiceErrorObject } from '../../../shared/rows/common.ts';

/** An HTTP failure of the local service, answered with the spec 2.14 error object. */
export class ServiceHttpError extends Error {
  override readonly name = 'ServiceHttpError';
  readonly status: number;
  readonly code: string;
  readonly resolution: string;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, resolution: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.resolution = resolution;
    this.headers = headers;
  }

  /** The response body: `{error: {code, message, resolution}}`. */
  body(): { error: ServiceErrorObject } {
    return { error: { code: this.code, message: this.message, resolution: this.resolution } };
  }
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
