import { hasFields } from '../../../shared/guards/object-fields.ts';

/** What an error response said, whichever of the three body shapes it used. */
export interface ParsedErrorBody {
  code: string | null;
  message: string | null;
  resolution: string | null;
  /** `reset_at` of some 429 bodies, as Unix ms. */
  resetAt: number | null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** `reset_at` as Unix ms: epoch seconds, epoch ms, or an ISO-8601 / HTTP date. */
function resetAtOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e12 ? value * 1000 : value;
  if (typeof value === 'string') {
    if (/^\d+$/.test(value)) return resetAtOf(Number(value));
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

/**
 * Reads an error body: the spec's `{error: {code, message, resolution}}`, or the older
 * `{error: "text"}` and `{message: "text"}` (field notes). Text that is not JSON becomes the message.
 */
export function parseErrorBody(text: string): ParsedErrorBody {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const trimmed = text.trim().slice(0, 500);
    return { code: null, message: trimmed === '' ? null : trimmed, resolution: null, resetAt: null };
  }
  if (!hasFields(body)) return { code: null, message: null, resolution: null, resetAt: null };
  const record = body;
  const resetAt = resetAtOf(record['reset_at']);
  const error = record['error'];
  if (hasFields(error)) {
    const object = error;
    return {
      code: stringOrNull(object['code']),
      message: stringOrNull(object['message']),
      resolution: stringOrNull(object['resolution']),
      resetAt: resetAt ?? resetAtOf(object['reset_at']),
    };
  }
  return {
    code: stringOrNull(record['code']),
    message: stringOrNull(error) ?? stringOrNull(record['message']),
    resolution: stringOrNull(record['resolution']),
    resetAt,
  };
}
