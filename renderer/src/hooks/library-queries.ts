import { useMutation, useQueries, useQuery, useQueryClient, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { asContractError, ContractError } from '../../../shared/contract/errors.ts';
import type { FileGrant } from '../../../shared/contract/file-schemas.ts';
import type { Availability, DownloadQueue, ExportEnded, LibraryIndex, ManifestSummary } from '../../../shared/contract/library-schemas.ts';
import type { MdeApi } from '../../../shared/contract/types.ts';
import { useApi } from '../transport/connection-context.ts';
import { listingParts, mergeListings, type ListingPart, type MergedListing } from './day-listing.ts';
import { useSelectedSource } from './contract-queries.ts';

/** Query keys of the snapshot library's server state. */
export const libraryQueryKeys = {
  queue: ['downloads.queue'] as const,
  index: ['library.index'] as const,
  availability: (dataSource: string | null, source: string, market: string, from: number, to: number) => ['library.availability', dataSource, source, market, from, to] as const,
  manifest: (dataSource: string | null, source: string, market: string, date: string) => ['library.manifest', dataSource, source, market, date] as const,
};

/** The calendar's listing, part by part: what is known so far, how far it got, and the first failure. */
export interface DayListings extends MergedListing {
  /** Days listed so far, of `total`. */
  listedDays: number;
  totalDays: number;
  /** Whether a part is being listed now. */
  fetching: boolean;
  /** The first part that failed; the parts after it wait until it is retried. */
  error: ContractError | null;
  errorUpdatedAt: number;
  /** Lists the failed parts again. */
  retry: () => void;
}

/**
 * Which hours of a dataset's UTC days have files, as the active service lists them, in parts of
 * `daysPerPart` days listed one after another, newest first, so the calendar fills as each part
 * arrives (the demo writes each simulated hour the first time it is listed). Waits for a healthy
 * source; a failed part stops the ones after it until retried.
 */
export function useDayListings(source: string | undefined, market: string | undefined, days: readonly string[], daysPerPart: number): DayListings {
  const api = useApi();
  const client = useQueryClient();
  const { source: dataSource, health } = useSelectedSource();
  const ready = source !== undefined && market !== undefined && health?.status === 'ok';
  const parts = useMemo(() => listingParts(days, daysPerPart), [days, daysPerPart]);
  const partQuery = useCallback(
    (part: ListingPart) => ({
      queryKey: libraryQueryKeys.availability(dataSource, source ?? '', market ?? '', part.from, part.to),
      queryFn: (): Promise<Availability> => api.library.availability({ source: source ?? '', market: market ?? '', from: part.from, to: part.to }),
      staleTime: 60_000,
      // Main has retried what is worth retrying; the view's error panel offers the rest.
      retry: false,
    }),
    [api, dataSource, source, market],
  );
  // `combine` runs again only when a part's state changed, so the calendar is not rebuilt every render.
  const combine = useCallback(
    (results: UseQueryResult<Availability, ContractError>[]) => {
      // The first part not listed (or listed long enough ago to be stale), unless a part up to it failed.
      const next = results.findIndex((result) => result.data === undefined || result.isStale);
      const blocked = results.slice(0, next < 0 ? results.length : next + 1).some((result) => result.isError);
      const failed = results.find((result) => result.isError);
      const merged = mergeListings(
        parts,
        results.map((result) => result.data),
      );
      return {
        ...merged,
        nextPart: next >= 0 && !blocked ? (parts[next] ?? null) : null,
        listedDays: days.length - merged.unlistedDays.size,
        totalDays: days.length,
        fetching: results.some((result) => result.isFetching),
        error: failed?.error ?? null,
        errorUpdatedAt: failed?.errorUpdatedAt ?? 0,
        retry: () => {
          for (const result of results) if (result.isError) void result.refetch();
        },
      };
    },
    [parts, days],
  );
  // The observers only read the parts; the effect below lists them one at a time.
  const { nextPart, ...listing } = useQueries({
    queries: parts.map((part): UseQueryOptions<Availability, ContractError> => ({ ...partQuery(part), enabled: false })),
    combine,
  });
  useEffect(() => {
    // A failure is kept in the cache, where the observers (and the error panel) see it.
    if (ready && nextPart !== null) client.query(partQuery(nextPart)).catch(() => undefined);
  }, [ready, nextPart, client, partQuery]);
  return listing;
}

/** The daily manifests of whole UTC days: how many files and bytes a whole-day download fetches, or why the service refused. */
export function useManifests(source: string, market: string, dates: readonly string[]) {
  const api = useApi();
  const { source: dataSource } = useSelectedSource();
  return useQueries({
    queries: dates.map((date) => ({
      queryKey: libraryQueryKeys.manifest(dataSource, source, market, date),
      queryFn: (): Promise<ManifestSummary> => api.library.manifest({ source, market, date }),
      staleTime: 60_000,
      retry: false,
    })),
  });
}

/** Keeps a query's data equal to the latest payload of a push event while mounted. */
function usePushedQuery(channel: 'downloads.changed' | 'library.changed', queryKey: readonly string[]): void {
  const api = useApi();
  const client = useQueryClient();
  useEffect(() => api.events.on(channel, (value) => client.setQueryData(queryKey, value)), [api, client, channel, queryKey]);
}

/** The download queue: seeded by `downloads.queue`, then replaced by every `downloads.changed`. */
export function useDownloadQueue() {
  const api = useApi();
  usePushedQuery('downloads.changed', libraryQueryKeys.queue);
  return useQuery<DownloadQueue, ContractError>({ queryKey: libraryQueryKeys.queue, queryFn: () => api.downloads.queue(), staleTime: Infinity, refetchOnMount: 'always', retry: false });
}

/** The local library: seeded by `library.index`, then replaced by every `library.changed`. */
export function useLibraryIndex() {
  const api = useApi();
  usePushedQuery('library.changed', libraryQueryKeys.index);
  return useQuery<LibraryIndex, ContractError>({ queryKey: libraryQueryKeys.index, queryFn: () => api.library.index(), staleTime: Infinity, refetchOnMount: 'always', retry: false });
}

/** Which queue items an action applies to: some keys, or the whole queue. */
export type QueueTarget = { keys?: string[] };

/** What the download queue can be asked to do; each answer replaces the queue shown. */
export function useDownloadActions() {
  const api = useApi();
  const client = useQueryClient();
  const take = (queue: DownloadQueue): void => void client.setQueryData(libraryQueryKeys.queue, queue);
  return {
    enqueue: useMutation<DownloadQueue, ContractError, { source: string; market: string; keys: string[]; dates: string[] }>({ mutationFn: (request) => api.downloads.enqueue(request), onSuccess: take }),
    pause: useMutation<DownloadQueue, ContractError, QueueTarget>({ mutationFn: (target) => api.downloads.pause(target), onSuccess: take }),
    resume: useMutation<DownloadQueue, ContractError, QueueTarget>({ mutationFn: (target) => api.downloads.resume(target), onSuccess: take }),
    cancel: useMutation<DownloadQueue, ContractError, QueueTarget>({ mutationFn: (target) => api.downloads.cancel(target), onSuccess: take }),
    clearFinished: useMutation<DownloadQueue, ContractError>({ mutationFn: () => api.downloads.clearFinished(), onSuccess: take }),
  };
}

/** What the library can be asked to do: delete files (the answer replaces the index shown) and grant files to open. */
export function useLibraryActions() {
  const api = useApi();
  const client = useQueryClient();
  return {
    remove: useMutation<LibraryIndex, ContractError, string[]>({
      mutationFn: (keys) => api.library.delete({ keys }),
      onSuccess: (index) => void client.setQueryData(libraryQueryKeys.index, index),
    }),
    open: useMutation<FileGrant[], ContractError, string[]>({ mutationFn: async (keys) => (await api.library.open({ keys })).files }),
  };
}

/** An export as the view follows it: running with its progress, or ended. */
export type ExportRun = { state: 'starting' } | { state: 'running'; exportId: string; rows: number; fraction: number } | { state: 'ended'; ended: ExportEnded } | { state: 'refused'; error: ContractError };

/** The input of `export.start`. */
export type ExportRequest = Parameters<MdeApi['export']['start']>[0];

/**
 * One export at a time, followed through `export.progress` and `export.ended`. The listeners are
 * in place before the export starts, so an export that ends before its id arrives is not missed.
 */
export function useExportRun() {
  const api = useApi();
  const [run, setRun] = useState<ExportRun | null>(null);
  const endedById = useRef(new Map<string, ExportEnded>());
  useEffect(() => {
    const offs = [
      api.events.on('export.progress', (progress) =>
        setRun((now) => (now?.state === 'running' && now.exportId === progress.exportId ? { ...now, rows: progress.rows, fraction: progress.fraction } : now)),
      ),
      api.events.on('export.ended', (end) => {
        endedById.current.set(end.exportId, end);
        setRun((now) => (now?.state === 'running' && now.exportId === end.exportId ? { state: 'ended', ended: end } : now));
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [api]);
  const start = (request: ExportRequest): void => {
    setRun({ state: 'starting' });
    api.export.start(request).then(
      ({ exportId }) => {
        const early = endedById.current.get(exportId);
        setRun(early === undefined ? { state: 'running', exportId, rows: 0, fraction: 0 } : { state: 'ended', ended: early });
      },
      (error: unknown) => setRun({ state: 'refused', error: asContractError(error, 'export.start', 'Try again.') }),
    );
  };
  const cancel = (): void => {
    if (run?.state === 'running') void api.export.cancel({ exportId: run.exportId }).catch(() => undefined);
  };
  return { run, start, cancel, dismiss: () => setRun(null) };
}
