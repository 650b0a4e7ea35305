import { ContractError } from '../../../shared/contract/errors.ts';
import type { DownloadItem } from '../../../shared/contract/library-schemas.ts';
import { MarketDataError } from '../client/market-data-error.ts';
import { contractError, contractErrorOf, withResolution } from '../contract-errors.ts';
import { UnsafeLibraryName } from '../../codec/layout/library-layout.ts';
import type { TransferFailureKind } from './transfer-types.ts';

/** A failure as the queue shows it. */
export type DownloadFailure = NonNullable<DownloadItem['failure']>;

const transferKinds: readonly TransferFailureKind[] = ['network', 'server', 'expired', 'corrupt', 'disk-full', 'cancelled', 'paused', 'refused'];

/** A transfer's failure as the seam describes it: an error with one of the transfer failure kinds. */
export function transferKindOf(error: unknown): TransferFailureKind | null {
  if (!(error instanceof Error) || !('kind' in error)) return null;
  const kind = error.kind;
  return transferKinds.find((known) => known === kind) ?? null;
}

/**
 * What each refusal of `/download` or `/snapshots/download` means for a download, and what
 * fixes it in the app. The service's own resolutions speak HTTP ("Send Authorization: Bearer"),
 * so these replace them; the service's message is kept.
 */
export const downloadRefusalResolutions = {
  'auth-required': 'This date is past the dataset\'s public cutoff, so the service asks for an API key: add an API key in Settings → API key, then retry.',
  'payment-required': 'This date is past the dataset\'s public cutoff and the dataset needs a paid plan: add the API key of a paid account in Settings → API key, then retry.',
  forbidden: 'Your API key is valid but its plan has no historical download access to this dataset: use the key of an account that includes downloads (Settings → API key).',
  'not-found': 'The service has no snapshot file for this hour or day: refresh the availability and download only the hours it lists.',
} as const;

function isRefusalKind(kind: string): kind is keyof typeof downloadRefusalResolutions {
  return Object.hasOwn(downloadRefusalResolutions, kind);
}

/** A service failure of a download channel as a contract error, with the download resolution for refusals. */
export function downloadErrorOf(error: unknown, channel: string): ContractError {
  if (error instanceof UnsafeLibraryName) {
    return contractError('invalid-request', channel, error.message, 'Use keys, sources and markets as /snapshots lists them.');
  }
  const contract = contractErrorOf(error, channel);
  if (!isRefusalKind(contract.kind)) return contract;
  return withResolution(contract, downloadRefusalResolutions[contract.kind]);
}

const transferFailures: Record<Exclude<TransferFailureKind, 'refused' | 'paused' | 'cancelled'>, { kind: string; resolution: string }> = {
  network: { kind: 'network', resolution: 'Check the connection, then retry: the bytes already on disk are kept and the download resumes where it stopped.' },
  server: { kind: 'unavailable', resolution: 'The download host kept failing: retry in a moment.' },
  expired: { kind: 'expired', resolution: 'The download link expired and no fresh one could be had: retry, which asks the service for a new link.' },
  corrupt: { kind: 'corrupt', resolution: 'The bytes failed verification and were removed: retry; if it fails again, the service\'s copy is damaged, so report the key.' },
  'disk-full': { kind: 'disk-full', resolution: 'Free space on the library\'s disk, or choose another library folder in Settings → Data source, then retry.' },
};

/** Why a download failed, as the user reads it: kind, what happened, what fixes it. */
export function failureOf(error: unknown): DownloadFailure {
  const kind = transferKindOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (kind !== null && kind !== 'refused' && kind !== 'paused' && kind !== 'cancelled') {
    return { kind: transferFailures[kind].kind, message, resolution: transferFailures[kind].resolution };
  }
  // A refusal of the link request: the service's kind, from the error or the transfer's cause.
  const cause = error instanceof Error && error.cause instanceof MarketDataError ? error.cause : error;
  if (cause instanceof MarketDataError || cause instanceof ContractError) {
    const contract = downloadErrorOf(cause, 'downloads.enqueue');
    return { kind: contract.kind, message: contract.message, resolution: contract.resolution };
  }
  if (kind === 'refused') return { kind: 'forbidden', message, resolution: downloadRefusalResolutions.forbidden };
  return { kind: 'internal', message, resolution: 'Retry; if it keeps failing, restart the app and report the message.' };
}
