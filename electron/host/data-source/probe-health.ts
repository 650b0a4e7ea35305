import type { Health } from '../../../shared/contract/channels.ts';
import type { MarketDataClient } from '../client/market-data-client.ts';

/** How a data source is reached: where, and whether it serves simulated data. */
export interface DataSourceTarget {
  dataSource: Health['dataSource'];
  baseUrl: string;
  simulated: boolean;
}

/** How a probe is run: its timeout, and the clock `checkedAt` is read from. */
export interface ProbeHealthOptions {
  timeoutMs?: number;
  now?: () => number;
}

/**
 * Measures a service's health through the client's probe (`GET /health`, falling back to
 * `GET /count`), as the status bar shows it. Never throws: an unreachable service is a `down`
 * health value with the reason.
 */
export async function probeHealth(target: DataSourceTarget, client: MarketDataClient, options: ProbeHealthOptions = {}): Promise<Health> {
  const now = options.now ?? Date.now;
  const base = { dataSource: target.dataSource, baseUrl: target.baseUrl, simulated: target.simulated };
  const probe = await client.health(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
  switch (probe.type) {
    case 'timeout':
      return { ...base, status: 'down', latencyMs: null, checkedAt: now(), message: `Unreachable: no answer within ${probe.timeoutMs / 1000} s` };
    case 'unreachable':
      return { ...base, status: 'down', latencyMs: null, checkedAt: now(), message: `Unreachable: ${probe.reason}` };
    case 'answered': {
      const { status, latencyMs } = probe;
      // A service that says its data is simulated (the app's own demo, served as a "remote") is labelled so.
      if (status >= 200 && status < 300) return { ...base, simulated: target.simulated || probe.simulated, status: 'ok', latencyMs, checkedAt: now(), message: `Connected in ${latencyMs} ms` };
      return {
        ...base,
        status: status >= 500 ? 'down' : 'degraded',
        latencyMs,
        checkedAt: now(),
        message: `Service answered HTTP ${status}${status === 503 ? ' (temporarily unavailable)' : ''}`,
      };
    }
  }
}
