import type { FastifyRequest } from 'fastify';
import type { ApiKeyGrant, Principal } from './access-policy.ts';
import type { CursorCodec } from './cursor.ts';
import type { FaultModes } from './faults.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { ReadGate } from './read-gate.ts';
import type { RowMergeResumes } from './rows/row-merge-resumes.ts';
import type { ListingBudget } from './store/snapshot-listing.ts';
import type { UrlSigner } from './signed-url.ts';
import type { MarketDataStore } from './store/market-data-store.ts';

/** The bounds of `/l2-orderbooks` replays (spec part 8); past any of them the answer is 422. */
export interface ReplayLimits {
  maxCaptures: number;
  maxStorageBytes: number;
  maxMilliseconds: number;
}

/** The replay bounds the spec names: 100,000 captures, 1 GiB of reads, 30 seconds. */
export const specReplayLimits: ReplayLimits = { maxCaptures: 100_000, maxStorageBytes: 1024 ** 3, maxMilliseconds: 30_000 };

/** Everything a route needs: the data, the clock, the rules and the request's principal. */
export interface ServiceContext {
  store: MarketDataStore;
  keys: readonly ApiKeyGrant[];
  now: () => number;
  faults: FaultModes;
  cursors: CursorCodec;
  signer: UrlSigner;
  limiter: RateLimiter;
  replayLimits: ReplayLimits;
  /** Row pages and book replays running at once; the others wait for a slot. */
  reads: ReadGate;
  /** Row merges kept between the pages of a query, by the cursor that continues each. */
  merges: RowMergeResumes;
  /** Bound on hour files one `/events` page may read before it answers 422. */
  eventsMaxHourFiles: number;
  /** Hour files one `/snapshots` response may have the demo generate. */
  listingBudget: ListingBudget;
  /** Storage bytes one anonymous latest-hour query may read (spec part 8: 1 GiB). */
  anonymousReadBytes: number;
  /** Monthly request allowance per key on `/events`. */
  monthlyAllowance: number;
  urlTtlSeconds: number;
  downloadOrigin: () => string;
  principalOf: (request: FastifyRequest) => Principal;
}
