import { Entry } from '@napi-rs/keyring';

/** Where secrets are kept: the OS keychain, or (when none is reachable) nowhere but memory. */
export interface SecretBackend {
  /** Reads the secret of an account, or null. Throws `KeychainUnavailable` when the keychain cannot be reached. */
  get(account: string): string | null;
  set(account: string, secret: string): void;
  /** Deletes the secret; true when there was one. */
  delete(account: string): boolean;
}

/** The OS keychain could not be reached (no Secret Service on Linux, locked keychain, ...). */
export class KeychainUnavailable extends Error {
  override readonly name = 'KeychainUnavailable';
}

/**
 * The OS keychain through `@napi-rs/keyring`: Keychain on macOS, Credential Manager on Windows,
 * the Secret Service (GNOME Keyring, KWallet) on Linux. Creating an entry fails when that store
 * is unavailable, which `guard` turns into `KeychainUnavailable`.
 */
export function osKeychain(service: string): SecretBackend {
  // On Linux, require the Secret Service: the kernel keyutils fallback forgets keys at reboot,
  // and a key that silently vanishes is worse than being told there is no keychain.
  const entry = (account: string): Entry => new Entry(service, account, { linux: { store: 'secret-service' } });
  const guard = <T>(action: () => T): T => {
    try {
      return action();
    } catch (error) {
      throw new KeychainUnavailable(error instanceof Error ? error.message : String(error));
    }
  };
  return {
    get: (account) => guard(() => entry(account).getPassword() ?? null),
    set: (account, secret) => {
      guard(() => entry(account).setPassword(secret));
    },
    delete: (account) => guard(() => entry(account).deletePassword()),
  };
}
