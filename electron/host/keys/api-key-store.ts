import { redactSecret } from '../../base/redact-secret.ts';
import { KeychainUnavailable, osKeychain, type SecretBackend } from './secret-backend.ts';

/** The keychain service name the app's keys are filed under. */
export const keychainService = 'Market Data Explorer';

/** What the renderer may learn about a key: whether there is one and its last four characters. */
export interface KeyStatus {
  hasKey: boolean;
  last4: string | null;
  /** `keychain`: stored in the OS keychain; `session`: held in memory until the app quits. */
  storage: 'keychain' | 'session';
  /** Said plainly when the keychain is unreachable. */
  warning: string | null;
}

/** A key that cannot be stored: empty, too long, or with characters a bearer token cannot carry. */
export class InvalidApiKey extends Error {
  override readonly name = 'InvalidApiKey';
}

/** The keychain account of a service: its base URL without a trailing slash. */
export function keyAccount(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Checks that a key can travel as `Authorization: Bearer <key>`. */
export function checkApiKey(key: string): string {
  const trimmed = key.trim();
  if (trimmed === '') throw new InvalidApiKey('The API key is empty');
  if (trimmed.length > 4096) throw new InvalidApiKey('The API key is longer than 4096 characters');
  if (!/^[\x21-\x7e]+$/.test(trimmed)) throw new InvalidApiKey('The API key contains spaces or characters a bearer token cannot carry');
  return trimmed;
}

/**
 * One API key per service base URL, in the OS keychain. When no keychain is reachable the key is
 * held in memory for this session only, never written to disk, and the status says so.
 */
export class ApiKeyStore {
  readonly #backend: SecretBackend;
  readonly #session = new Map<string, string>();
  #unavailable: string | null = null;

  constructor(backend: SecretBackend = osKeychain(keychainService)) {
    this.#backend = backend;
  }

  /** Stores (or replaces) the key for a base URL. */
  set(baseUrl: string, key: string): KeyStatus {
    const account = keyAccount(baseUrl);
    const checked = checkApiKey(key);
    try {
      this.#backend.set(account, checked);
      this.#session.delete(account);
      this.#unavailable = null;
    } catch (error) {
      if (!(error instanceof KeychainUnavailable)) throw error;
      // The reason is shown and printed: never with the key in it, whatever the keychain echoed.
      this.#unavailable = redactSecret(error.message, checked);
      this.#session.set(account, checked);
    }
    return this.status(baseUrl);
  }

  /** The key for a base URL, for the main process's client only. */
  get(baseUrl: string): string | null {
    const account = keyAccount(baseUrl);
    const held = this.#session.get(account);
    if (held !== undefined) return held;
    try {
      return this.#backend.get(account);
    } catch (error) {
      if (!(error instanceof KeychainUnavailable)) throw error;
      this.#unavailable = error.message;
      return null;
    }
  }

  /**
   * Deletes the key for a base URL from the keychain and from memory. With no keychain reachable
   * the session's key is still forgotten, and the warning says that a key kept in the keychain
   * could not be deleted: it never answers as if that key were gone.
   */
  delete(baseUrl: string): KeyStatus {
    const account = keyAccount(baseUrl);
    this.#session.delete(account);
    try {
      this.#backend.delete(account);
    } catch (error) {
      if (!(error instanceof KeychainUnavailable)) throw error;
      this.#unavailable = error.message;
      return {
        ...this.status(baseUrl),
        warning: `No OS keychain is reachable (${error.message}), so a key saved in it earlier could not be deleted: it stays there until you delete it again with the keychain reachable.`,
      };
    }
    return this.status(baseUrl);
  }

  /** Whether a key is stored for a base URL, its last four characters, and where it is kept. */
  status(baseUrl: string): KeyStatus {
    const account = keyAccount(baseUrl);
    const key = this.get(baseUrl);
    const inSession = this.#session.has(account);
    return {
      hasKey: key !== null,
      last4: key === null ? null : key.slice(-4),
      storage: inSession || this.#unavailable !== null ? 'session' : 'keychain',
      warning:
        this.#unavailable === null
          ? null
          : `No OS keychain is reachable (${this.#unavailable}). ${key === null ? 'A key saved now is' : 'The key is'} kept for this session only and forgotten when the app quits; it is never written to disk.`,
    };
  }
}
