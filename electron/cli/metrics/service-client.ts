import { MarketDataClient } from '../../services/client/market-data-client.ts';
import { cliApiKey } from '../get-command.ts';
import { ServiceFeed, type ServiceRange } from './service-feed.ts';

/**
 * A service feed through the same client `mde get` uses, with the same key (MDE_API_KEY, else the
 * keychain's for the base URL). Its own module, so reading files never loads the client or the keychain.
 */
export function serviceFeed(baseUrl: string, range: ServiceRange): ServiceFeed {
  const client = new MarketDataClient({ baseUrl, apiKey: cliApiKey(baseUrl), log: (line) => console.error(`mde metrics: ${line}`) });
  return new ServiceFeed(client, range);
}
