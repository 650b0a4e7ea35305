import type { MarketDataClient } from '../client/market-data-client.ts';
import type { DownloadLinks } from './download-queue.ts';

/**
 * The queue's links from the Market Data Service: `/download` for a day, `/snapshots/download?mode=url`
 * for one key, and the dataset's `/catalog` entry.
 */
export function clientLinks(clientOf: () => Promise<MarketDataClient>): DownloadLinks {
  return {
    manifest: async (query) => (await (await clientOf()).dailyManifest(query)).snapshots.map((entry) => ({ key: entry.key, url: entry.url })),
    link: async (key, signal) => (await (await clientOf()).snapshotDownloadLink(key, { signal })).url,
    catalogEntry: async (source, market) => {
      const page = await (await clientOf()).catalog({ source, market, limit: 10 }).firstPage();
      return page.items.find((entry) => entry.source === source && entry.market === market) ?? null;
    },
  };
}
