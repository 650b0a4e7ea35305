import { MarketDataClient } from '../../host/client/market-data-client.ts';
import { cliApiKey } from '../get-command.ts';
import { ServiceFeed, type ServiceRange } from './service-feed.ts';

/** The client `mde get` uses, with the same key (MDE_API_KEY, else the keychain's for the base URL); its log lines go to stderr. */
function metricsClient(baseUrl: string): MarketDataClient {
  return new MarketDataClient({ baseUrl, apiKey: cliApiKey(baseUrl), log: (line) => console.error(`mde metrics: ${line}`) });
}

/**
 * A service feed through the same client `mde get` uses. Its own module, so reading files never
 * loads the client or the keychain.
 */
export function serviceFeed(baseUrl: string, range: ServiceRange): ServiceFeed {
  return new ServiceFeed(metricsClient(baseUrl), range);
}

/** Service feeds of several markets over one client (one key look-up, one connection pool). */
export function serviceFeeds(baseUrl: string, ranges: readonly ServiceRange[]): ServiceFeed[] {
  const client = metricsClient(baseUrl);
  return ranges.map((range) => new ServiceFeed(client, range));
}
