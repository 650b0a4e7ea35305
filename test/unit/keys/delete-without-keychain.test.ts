// Pins `keys.delete` when no OS keychain is reachable: no throw, no false "deleted", no key in any answer or log, and a status that says why.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../../../shared/settings.ts';
import type { KeyStatusView } from '../../../shared/contract/service-schemas.ts';
import { ApiKeyStore } from '../../../electron/host/keys/api-key-store.ts';
import { KeychainUnavailable, type SecretBackend } from '../../../electron/host/keys/secret-backend.ts';
import { ServiceAccess } from '../../../electron/host/service-access.ts';

const baseUrl = 'https://api.example.com/v1';
const key = 'mds-live-7f3a9c1e5b2d4f60';
const noSecretService = 'org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files';

/** A keychain in memory that can be made unreachable, as a locked keychain or a lost session bus is. */
function switchableKeychain(): SecretBackend & { reachable: boolean; secrets: Map<string, string> } {
  const secrets = new Map<string, string>();
  const keychain = {
    reachable: true,
    secrets,
    get: (account: string) => reach(() => secrets.get(account) ?? null),
    // A hostile near miss: the keychain's failure quotes what it was given.
    set: (account: string, secret: string) => reach(() => void secrets.set(account, secret), ` (while storing "${secret}")`),
    delete: (account: string) => reach(() => secrets.delete(account)),
  };
  function reach<T>(action: () => T, detail = ''): T {
    if (!keychain.reachable) throw new KeychainUnavailable(`${noSecretService}${detail}`);
    return action();
  }
  return keychain;
}

/** The main process's `keys.*` answers over an injected keychain, as `main-services.ts` wires them. */
function accessWith(keychain: SecretBackend): ServiceAccess {
  return new ServiceAccess({
    target: () => Promise.resolve({ dataSource: 'remote', baseUrl, simulated: false }),
    settings: () => Promise.resolve({ ...defaultSettings, dataSource: 'remote', remoteBaseUrl: baseUrl }),
    demoKey: 'unused',
    keys: new ApiKeyStore(keychain),
    onUsage: () => {},
  });
}

/** Everything written to the console while `action` runs. */
async function consoleDuring<T>(action: () => Promise<T>): Promise<{ value: T; logged: string }> {
  const lines: unknown[][] = [];
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) => vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args)));
  try {
    return { value: await action(), logged: JSON.stringify(lines) };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** What every delete without a keychain must answer: no key for this session, and why nothing could be deleted. */
function expectNoKeychainAnswer(status: KeyStatusView): void {
  expect(status).toMatchObject({ baseUrl, hasKey: false, last4: null, storage: 'session' });
  expect(status.warning).toContain('No OS keychain is reachable');
  expect(status.warning).toContain(noSecretService);
  // Not "deleted": a key kept in the keychain earlier is still there, and the answer says so.
  expect(status.warning).toMatch(/could not be deleted/);
  // Not "the key is kept": after a delete, no key is held for the session.
  expect(status.warning).not.toMatch(/key is kept/i);
}

describe('keys.delete when no OS keychain is reachable', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('forgets a key held for the session only, answers why nothing else could be deleted, and never shows the key', async () => {
    const keychain = switchableKeychain();
    keychain.reachable = false;
    const access = accessWith(keychain);
    const stored = await access.setKey(key);
    expect(stored).toMatchObject({ hasKey: true, last4: '4f60', storage: 'session' });
    // The keychain's failure quoted the key; the answer shown and printed does not.
    expect(JSON.stringify(stored)).not.toContain(key);
    const { value: status, logged } = await consoleDuring(() => access.deleteKey());
    expectNoKeychainAnswer(status);
    expect(JSON.stringify(status)).not.toContain(key);
    expect(logged).not.toContain(key);
    expect(await access.hasKey()).toBe(false);
    const later = await access.keyStatus();
    expect(later).toMatchObject({ hasKey: false, last4: null, storage: 'session' });
    expect(later.warning).toContain('No OS keychain is reachable');
    expect(later.warning).not.toMatch(/key is kept/i);
  });

  it('does not claim a key stored in the keychain earlier is gone: it is still there once the keychain is back', async () => {
    const keychain = switchableKeychain();
    const access = accessWith(keychain);
    expect(await access.setKey(key)).toMatchObject({ hasKey: true, last4: '4f60', storage: 'keychain', warning: null });
    keychain.reachable = false;
    const { value: status, logged } = await consoleDuring(() => access.deleteKey());
    expectNoKeychainAnswer(status);
    expect(JSON.stringify(status) + logged).not.toContain(key);
    keychain.reachable = true;
    expect(keychain.secrets.get(baseUrl)).toBe(key);
    expect(await accessWith(keychain).keyStatus()).toMatchObject({ hasKey: true, last4: '4f60', storage: 'keychain', warning: null });
  });

  it('answers the same plain status when nothing was ever stored', async () => {
    const keychain = switchableKeychain();
    keychain.reachable = false;
    const access = accessWith(keychain);
    const { value: status, logged } = await consoleDuring(() => access.deleteKey());
    expectNoKeychainAnswer(status);
    expect(logged).toBe('[]');
  });
});
