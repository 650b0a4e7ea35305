// The seam between the download queue and the one-file transfer: the queue decides what and when,
// the transfer moves one file's bytes to disk, verifies them and lands them atomically.

/** Why a transfer failed, in the words the queue shows (and whether a later retry can help). */
export type TransferFailureKind =
  | 'network' // cut connection, reset, timeout: retried
  | 'server' // 5xx from the download host: retried
  | 'expired' // the pre-signed URL expired or was refused (403): a fresh URL is asked for
  | 'corrupt' // bytes fail the zstd frame check or the full decode: the part is removed
  | 'disk-full' // ENOSPC, or too little free space before starting: the part is removed
  | 'cancelled' // the caller's signal: the part is removed
  | 'paused' // the caller's pause signal: the part is kept for a Range resume
  | 'refused'; // the service refused the URL request (401/402/403/404): not retried

/** One file to fetch from a pre-signed URL into the library. */
export interface TransferRequest {
  /** The snapshot key (for messages and the journal). */
  key: string;
  /** The final path; bytes go to `${destination}.part` first. */
  destination: string;
  /** A pre-signed URL; a fresh one is asked for with `refreshUrl` when it expires. */
  url: string;
  /** Asks the service again (`/snapshots/download?mode=url`) for a fresh URL. */
  refreshUrl: (signal: AbortSignal) => Promise<string>;
  /**
   * Aborts the transfer. A pause is `controller.abort('pause')` (the string; an Error whose message
   * is 'pause' is accepted too): the `.part` file is kept and the transfer rejects as 'paused'. Any
   * other reason removes the part and rejects as 'cancelled'.
   */
  signal: AbortSignal;
  /** Called as bytes land (bytes so far including a resumed part, and the total when known). */
  onProgress: (bytes: number, totalBytes: number | null) => void;
  /** Called when the transfer retries, with the attempt number and why. */
  onRetry?: (attempt: number, why: string) => void;
  /** Called once the bytes are all on disk and verification starts. */
  onVerifying?: () => void;
  /** Makes the destination's folder and checks it may be written (the library's boundary); a ContractError refuses the download as it is. A plain `mkdir -p` when absent. */
  ensureFolder?: (folder: string) => Promise<void>;
}

/** A landed file: its size, the records the full decode read, and its sha256. */
export interface TransferResult {
  bytes: number;
  records: number;
  sha256: string;
}

/** Moves one snapshot file to disk, verified, or throws a `TransferError`. */
export type SnapshotTransfer = (request: TransferRequest) => Promise<TransferResult>;
