import type { Health } from '../../../shared/contract/channels.ts';

/** How a data source is reached: where, and whether it serves simulated data. */
export interface DataSourceTarget {
  dataSource: Health['dataSource'];
  baseUrl: string;
  simulated: boolean;
}

/**
 * Measures a service's health with `GET /health`, falling back to `GET /count` for deployments
 * without it. Never throws: an unreachable service is a `down` health value with the reason.
 */
export async function probeHealth(target: DataSourceTarget, timeoutMs = 5000, now = Date.now): Promise<Health> {
  const started = performance.now();
  const base = { dataSource: target.dataSource, baseUrl: target.baseUrl, simulated: target.simulated };
  try {
    let response = await fetch(`${target.baseUrl}/health`, { signal: AbortSignal.timeout(timeoutMs) });
    if (response.status === 404) {
      await response.body?.cancel();
      response = await fetch(`${target.baseUrl}/count`, { signal: AbortSignal.timeout(timeoutMs) });
    }
    await response.body?.cancel();
    const latencyMs = Math.round(performance.now() - started);
    if (response.ok) {
      return { ...base, status: 'ok', latencyMs, checkedAt: now(), message: `Connected in ${latencyMs} ms` };
    }
    const status = response.status >= 500 ? 'down' : 'degraded';
    return {
      ...base,
      status,
      latencyMs,
      checkedAt: now(),
      message: `Service answered HTTP ${response.status}${response.status === 503 ? ' (temporarily unavailable)' : ''}`,
    };
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : describeNetworkError(error);
    return { ...base, status: 'down', latencyMs: null, checkedAt: now(), message: `Unreachable: ${reason}` };
  }
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause instanceof Error) {
      const code = (cause as NodeJS.ErrnoException).code;
      return code !== undefined ? `${code} (${cause.message})` : cause.message;
    }
    return error.message;
  }
  return String(error);
}
