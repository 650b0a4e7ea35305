/** The parts of the service that fault tests can switch into 503. */
export interface FaultModes {
  /** Catalog metadata: /catalog, /catalog/instruments, /count. */
  metadata: boolean;
  /** Snapshot storage: /snapshots, /snapshots/download, /download, and the row endpoints. */
  storage: boolean;
  /** Authentication: any request that carries a key. */
  auth: boolean;
}

/** No faults: everything answers. */
export const noFaults: FaultModes = { metadata: false, storage: false, auth: false };
