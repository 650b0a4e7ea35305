import { defaultSettings } from '../../../../shared/settings.ts';
import type { Sleep } from '../../../../electron/host/client/retry-policy.ts';
import { ApiKeyStore } from '../../../../electron/host/keys/api-key-store.ts';
import type { SecretBackend } from '../../../../electron/host/keys/secret-backend.ts';
import { interactiveClientOptions, ServiceAccess } from '../../../../electron/host/service-access.ts';
import { fixedNow } from '../../client/support/test-service.ts';

/** A keychain that lives in memory. */
export function memoryKeychain(): SecretBackend {
  const secrets = new Map<string, string>();
  return {
    get: (account) => secrets.get(account) ?? null,
    set: (account, secret) => void secrets.set(account, secret),
    delete: (account) => secrets.delete(account),
  };
}

/** How main reaches the service under test. */
export interface TestServiceAccessOptions {
  baseUrl: string;
  /**
   * The key main sends: as the embedded demo's own key, or stored in the (in-memory) keychain of
   * a remote service. Null: a remote service with no key stored.
   */
  key: string | null;
  /** `embedded` (the demo's key) or `remote` (the stored key); default `embedded` with a key, `remote` without. */
  dataSource?: 'embedded' | 'remote';
  /** The fetch the client sends with (to count requests). */
  fetch?: typeof fetch;
  /** Waits (backoff, `Retry-After`); by default each returns at once. */
  sleep?: Sleep;
}

/**
 * The main process's service access as `createMainServices` builds it (the interactive client
 * options, one client per base URL) over the service under test, at the fixed test clock.
 */
export function testServiceAccess(options: TestServiceAccessOptions): ServiceAccess {
  const dataSource = options.dataSource ?? (options.key === null ? 'remote' : 'embedded');
  const keys = new ApiKeyStore(memoryKeychain());
  if (dataSource === 'remote' && options.key !== null) keys.set(options.baseUrl, options.key);
  return new ServiceAccess({
    target: () => Promise.resolve({ dataSource, baseUrl: options.baseUrl, simulated: dataSource === 'embedded' }),
    settings: () => Promise.resolve({ ...defaultSettings, dataSource, remoteBaseUrl: dataSource === 'remote' ? options.baseUrl : null }),
    demoKey: dataSource === 'embedded' && options.key !== null ? options.key : 'no-demo-key',
    keys,
    onUsage: () => {},
    clientOptions: {
      ...interactiveClientOptions,
      now: () => fixedNow,
      sleep: options.sleep ?? (() => Promise.resolve()),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    },
  });
}
