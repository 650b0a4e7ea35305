import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiKeyStore, InvalidApiKey } from '../../electron/host/keys/api-key-store.ts';
import { redactSecret } from '../../electron/base/redact-secret.ts';
import { osKeychain } from '../../electron/host/keys/secret-backend.ts';

const root = join(import.meta.dirname, '..', '..');
// Test keys live under their own keychain service name, so a developer's real keys are never touched.
const service = `Market Data Explorer tests ${randomBytes(4).toString('hex')}`;

function keychainReachable(): boolean {
  try {
    osKeychain(service).get('probe');
    return true;
  } catch {
    return false;
  }
}

const reachable = keychainReachable();
const required = process.env['MDE_REQUIRE_KEYCHAIN'] === '1';

describe('API keys in the OS keychain', () => {
  const baseA = `http://127.0.0.1:${40000 + Math.floor(Math.random() * 1000)}`;
  const baseB = 'https://api.example.com/v1/';
  afterAll(() => {
    if (!reachable) return;
    const store = new ApiKeyStore(osKeychain(service));
    store.delete(baseA);
    store.delete(baseB);
  });

  it('has a reachable Secret Service where CI requires one (MDE_REQUIRE_KEYCHAIN=1)', () => {
    expect(reachable || !required).toBe(true);
  });

  it.runIf(reachable)('stores, replaces and deletes one key per base URL in the real keychain', () => {
    const store = new ApiKeyStore(osKeychain(service));
    expect(store.set(baseA, '  key-aaaa-1111  ')).toEqual({ hasKey: true, last4: '1111', storage: 'keychain', warning: null });
    expect(store.set(baseB, 'key-bbbb-2222').last4).toBe('2222');
    // A second store reads what the first wrote: the key is in the keychain, not in memory.
    const reread = new ApiKeyStore(osKeychain(service));
    expect(reread.get(baseA)).toBe('key-aaaa-1111');
    expect(reread.get('https://api.example.com/v1')).toBe('key-bbbb-2222');
    expect(reread.set(baseA, 'key-aaaa-3333').last4).toBe('3333');
    expect(new ApiKeyStore(osKeychain(service)).get(baseA)).toBe('key-aaaa-3333');
    expect(reread.delete(baseA)).toMatchObject({ hasKey: false, last4: null });
    expect(new ApiKeyStore(osKeychain(service)).get(baseA)).toBeNull();
    expect(new ApiKeyStore(osKeychain(service)).get(baseB)).toBe('key-bbbb-2222');
  });

  it('refuses keys a bearer header cannot carry', () => {
    const store = new ApiKeyStore(osKeychain(service));
    expect(() => store.set(baseA, '   ')).toThrow(InvalidApiKey);
    expect(() => store.set(baseA, 'two words')).toThrow(/spaces/);
  });

  it('keeps the key for the session only, and says so, when no keychain is reachable', () => {
    // A real process with no session bus: the Secret Service is genuinely unreachable.
    const script = [
      "import { ApiKeyStore } from './electron/host/keys/api-key-store.ts';",
      'const store = new ApiKeyStore();',
      "const status = store.set('https://api.example.com', 'session-only-key-9876');",
      "console.log(JSON.stringify({ status, get: store.get('https://api.example.com') }));",
    ].join('\n');
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/mde-test-bus' },
    });
    expect(result.status, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout) as { status: { hasKey: boolean; last4: string; storage: string; warning: string }; get: string };
    expect(output.status).toMatchObject({ hasKey: true, last4: '9876', storage: 'session' });
    expect(output.status.warning).toMatch(/No OS keychain is reachable.*this session only.*never written to disk/);
    expect(output.get).toBe('session-only-key-9876');
  });

  it('redacts a key from any text', () => {
    expect(redactSecret('GET /events failed: Bearer abc123xyz rejected (abc123xyz)', 'abc123xyz')).toBe('GET /events failed: Bearer [redacted] rejected ([redacted])');
  });
});
