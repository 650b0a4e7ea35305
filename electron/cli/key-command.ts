import { buffer } from 'node:stream/consumers';
import { ApiKeyStore, InvalidApiKey, type KeyStatus } from '../host/keys/api-key-store.ts';
import { checkBaseUrl, defaultBaseUrl } from './cli-base-url.ts';
import { readCommandLine, UsageError } from './command-line.ts';
import { printFailure } from './get-command.ts';

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Paste the API key, then press Enter and Ctrl+D: ');
  return (await buffer(process.stdin)).toString('utf8');
}

function describe(baseUrl: string, status: KeyStatus): string {
  return status.hasKey ? `A key is stored for ${baseUrl} (ends in ${status.last4 ?? '????'}).` : `No key is stored for ${baseUrl}.`;
}

/** Explains that no keychain means the command line cannot keep a key, and what to do instead. */
function noKeychain(status: KeyStatus): string {
  return [
    `mde key: ${status.warning ?? 'No OS keychain is reachable.'}`,
    '  The command line runs a new session each time, so it cannot keep a key for later without a keychain.',
    '  Set MDE_API_KEY in the environment instead; "mde get" sends it.',
  ].join('\n');
}

/** What `mde key` was asked: the action and the service whose key it is. */
export interface KeyArguments {
  action: 'set' | 'status' | 'delete';
  baseUrl: string;
}

const keyActions = ['set', 'status', 'delete'] as const;

const keySyntax = {
  options: { 'base-url': 'string' },
  positionals: { name: 'action', min: 0, max: 1 },
  // Not echoed: an unexpected argument may well be the key itself.
  unexpectedArgument: 'Unexpected argument (not shown, in case it is a key). The key is read from stdin, never from the command line.',
} as const;

/** Parses `set|status|delete [--base-url URL]`; a mistake is a `UsageError` that never repeats an argument. */
export function parseKeyArguments(args: readonly string[]): KeyArguments {
  const { values, positionals } = readCommandLine(args, keySyntax);
  const action = keyActions.find((name) => name === positionals[0]);
  if (action === undefined) {
    const say = 'Say what to do: set, status or delete';
    throw new UsageError(positionals.length === 0 ? say : `${keySyntax.unexpectedArgument} ${say}`);
  }
  return { action, baseUrl: values['base-url'] === undefined ? defaultBaseUrl : checkBaseUrl(values['base-url']) };
}

/**
 * `mde key set|status|delete [--base-url URL]`: the API key of a service in the OS keychain.
 * `set` reads the key from stdin, never from the command line; `status` shows only whether a
 * key is stored and its last four characters.
 */
export async function runKey(args: readonly string[]): Promise<number> {
  try {
    const { action, baseUrl } = parseKeyArguments(args);
    const store = new ApiKeyStore();
    switch (action) {
      case 'set': {
        const status = store.set(baseUrl, await readStdin());
        if (status.storage === 'session') {
          console.error(noKeychain(status));
          return 1;
        }
        console.log(`Stored. ${describe(baseUrl, status)}`);
        return 0;
      }
      case 'status':
      case 'delete': {
        const status = action === 'status' ? store.status(baseUrl) : store.delete(baseUrl);
        if (status.warning !== null) {
          console.error(noKeychain(status));
          return 1;
        }
        console.log(action === 'delete' ? `Deleted. ${describe(baseUrl, status)}` : describe(baseUrl, status));
        return 0;
      }
    }
  } catch (error) {
    if (error instanceof InvalidApiKey) {
      console.error(`mde key: ${error.message}`);
      return 1;
    }
    return printFailure('key', error);
  }
}
