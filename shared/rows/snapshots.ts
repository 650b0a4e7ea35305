import type { DatasetAccess } from './catalog.ts';

/** A standard hourly entry of a snapshot listing; raw entries have no `hour`. */
export interface SnapshotListingEntry {
  date: string;
  hour?: number;
  key: string;
}

/** Body of `GET /snapshots` (spec 2.12). */
export interface SnapshotListing {
  source: string;
  market: string;
  access: DatasetAccess;
  total: number;
  total_bytes: number;
  limit: number;
  has_more: boolean;
  next_cursor?: string;
  snapshots: SnapshotListingEntry[];
}

/** One entry of a daily manifest (`GET /download`). */
export interface ManifestEntry {
  date: string;
  /** HHMMSS, UTC. */
  timestamp: string;
  key: string;
  url: string;
  expires_in_seconds: number;
}

/** Body of `GET /download`: the daily manifest. */
export interface DailyManifest {
  source: string;
  market: string;
  date: string;
  total: number;
  total_bytes: number;
  snapshots: ManifestEntry[];
}

/** Body of `GET /snapshots/download?mode=url|json`. */
export interface SnapshotDownloadLink {
  url: string;
  filename: string;
  expires_in_seconds: number;
}
