import type { Settings } from '../../../shared/settings.ts';
import type { MarketDataClient } from '../client/market-data-client.ts';
import { contractError } from '../contract-errors.ts';

/**
 * The client availability, manifests and downloads go through: the active service's. With the
 * local library active there is none to download from (the library is what downloads fill), so
 * the call is refused with the way back to a service.
 */
export async function downloadClientOf(settings: () => Promise<Settings>, activeClient: () => Promise<MarketDataClient>): Promise<MarketDataClient> {
  if ((await settings()).dataSource === 'library') {
    throw contractError('unavailable', null, 'The local library is the active data source (offline): there is no service to list or download files from', 'Switch to the embedded demo or a remote service in Settings → Data source to download; the library panel still works offline.');
  }
  return activeClient();
}
