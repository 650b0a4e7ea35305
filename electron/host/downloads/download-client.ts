import { ContractError } from '../../../shared/contract/errors.ts';
import type { Settings } from '../../../shared/settings.ts';
import type { MarketDataClient } from '../client/market-data-client.ts';

/**
 * The client availability, manifests and downloads go through: the active service's. With the
 * local library active there is none to download from (the library is what downloads fill), so
 * the call is refused with the way back to a service.
 */
export async function downloadClientOf(settings: () => Promise<Settings>, activeClient: () => Promise<MarketDataClient>): Promise<MarketDataClient> {
  if ((await settings()).dataSource === 'library') {
    throw new ContractError({
      kind: 'unavailable',
      message: 'The local library is the active data source (offline): there is no service to list or download files from',
      resolution: 'Switch to the embedded demo or a remote service in Settings → Data source to download; the library panel still works offline.',
      channel: null,
    });
  }
  return activeClient();
}
