import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { AppInfo, Health } from '../../../shared/contract/channels.ts';
import type { KeyStatusView, UsageView } from '../../../shared/contract/service-schemas.ts';
import type { StateNotices } from '../../../shared/contract/state-notices.ts';
import type { ContractError } from '../../../shared/contract/errors.ts';
import type { Settings, SettingsPatch } from '../../../shared/settings.ts';
import { useApi, useConnection } from '../transport/connection-context.ts';
import type { ConnectionState } from '../transport/ws-bridge.ts';
import { healthDescribes, libraryContentsChanged, sourceIdentityOf } from './source-identity.ts';

/** Query keys of the contract's server state. */
export const queryKeys = {
  appInfo: ['app.info'] as const,
  notices: ['app.notices'] as const,
  settings: ['settings'] as const,
  health: ['health'] as const,
  keyStatus: ['keys.status'] as const,
  usage: ['usage'] as const,
};

/** Whether a key is stored for the configured remote service (never the key itself). */
export function useKeyStatus() {
  const api = useApi();
  return useQuery<KeyStatusView, ContractError>({ queryKey: queryKeys.keyStatus, queryFn: () => api.keys.status() });
}

/** Stores or deletes the remote service's API key; the status query takes the answer. */
export function useKeyActions() {
  const api = useApi();
  const client = useQueryClient();
  const onSuccess = (status: KeyStatusView): void => {
    client.setQueryData(queryKeys.keyStatus, status);
    // A catalog refused for want of a key (or with a wrong one) is worth asking for again.
    void client.invalidateQueries({ queryKey: ['catalog.markets'] });
  };
  return {
    save: useMutation<KeyStatusView, ContractError, string>({ mutationFn: (key) => api.keys.set({ key }), onSuccess }),
    remove: useMutation<KeyStatusView, ContractError>({ mutationFn: () => api.keys.delete(), onSuccess }),
  };
}

/** Rate-limit and monthly-usage figures of the active service, kept fresh by `usage.changed`. */
export function useUsage() {
  const api = useApi();
  return useQuery<UsageView, ContractError>({ queryKey: queryKeys.usage, queryFn: () => api.usage.get(), staleTime: Infinity });
}

/** Facts about the running app. */
export function useAppInfo() {
  const api = useApi();
  return useQuery<AppInfo, ContractError>({ queryKey: queryKeys.appInfo, queryFn: () => api.app.info(), staleTime: Infinity });
}

/** State files set aside at start (asked once: they are found while the app starts). */
export function useStateNotices() {
  const api = useApi();
  return useQuery<StateNotices, ContractError>({ queryKey: queryKeys.notices, queryFn: () => api.app.notices(), staleTime: Infinity });
}

/** Persisted settings, kept fresh by `settings.changed` events. */
export function useSettings() {
  const api = useApi();
  return useQuery<Settings, ContractError>({ queryKey: queryKeys.settings, queryFn: () => api.settings.get(), staleTime: Infinity });
}

/** Saves a settings patch; the query cache takes the saved value. */
export function useUpdateSettings() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation<Settings, ContractError, SettingsPatch>({
    mutationFn: (patch) => api.settings.update(patch),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.settings, saved);
      void client.invalidateQueries({ queryKey: queryKeys.keyStatus });
    },
  });
}

/** Health of the active data source, kept fresh by `health.changed` events. */
export function useHealth() {
  const api = useApi();
  return useQuery<Health, ContractError>({
    queryKey: queryKeys.health,
    queryFn: () => api.health.check(),
    refetchInterval: 30_000,
  });
}

/**
 * The data source the settings select (its identity, `sourceIdentityOf`) and its health, once
 * health has been measured for that source. Right after a switch the last health report still
 * describes the previous source; a view keyed by it would file one source's answer under the
 * other's name, so until the new report arrives `health` is undefined.
 */
export function useSelectedSource(): { source: string | null; health: Health | undefined } {
  const settings = useSettings();
  const health = useHealth();
  const source = settings.data === undefined ? null : sourceIdentityOf(settings.data);
  const report = health.data;
  const current = report !== undefined && settings.data !== undefined && healthDescribes(report, settings.data);
  return { source, health: current ? report : undefined };
}

/** Measures health now, on demand (the "Test connection" button). */
export function useCheckHealth() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation<Health, ContractError>({
    mutationFn: () => api.health.check(),
    onSuccess: (health) => client.setQueryData(queryKeys.health, health),
  });
}

/** Routes push events from main into the query cache. Mount once, near the root. */
export function useContractEvents(): void {
  const api = useApi();
  const client = useQueryClient();
  useEffect(() => {
    const offs = [
      api.events.on('settings.changed', (settings) => client.setQueryData(queryKeys.settings, settings)),
      api.events.on('health.changed', (health) => {
        const before = client.getQueryData<Health>(queryKeys.health);
        client.setQueryData(queryKeys.health, health);
        // A file landed in or left the library: the catalog lists what the folder holds now.
        if (before !== undefined && libraryContentsChanged(before, health)) {
          void client.invalidateQueries({ queryKey: ['catalog.markets'] });
        }
      }),
      api.events.on('usage.changed', (usage) => client.setQueryData(queryKeys.usage, usage)),
    ];
    return () => offs.forEach((off) => off());
  }, [api, client]);
}

/** The transport's connection state (always `open` inside Electron). */
export function useConnectionState(): ConnectionState {
  const connection = useConnection();
  return useSyncExternalStore(
    (listener) => connection.onStateChange(listener),
    () => connection.state(),
  );
}

/** The time zone the user chose for every time shown (Settings → Display); UTC until settings arrive. */
export function useTimeZone(): 'utc' | 'local' {
  return useSettings().data?.ui.timeZone ?? 'utc';
}
