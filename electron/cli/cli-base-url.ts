import { UsageError } from './command-line.ts';
import { defaultServePort } from './serve-help.ts';

/** The service `mde get` and `mde key` talk to unless `--base-url` says otherwise: `mde serve`'s default. */
export const defaultBaseUrl = `http://127.0.0.1:${defaultServePort}`;

/** Checks a `--base-url` value: an http(s) URL. */
export function checkBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--base-url must be a URL such as ${defaultBaseUrl}, not "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--base-url must be http or https, not "${url.protocol}"`);
  return text.replace(/\/+$/, '');
}
