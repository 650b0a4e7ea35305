import { defaultBaseUrl } from './cli-base-url.ts';

/** Where `mde download` puts files without `--root`: `./market-data`, relative to the working folder. */
export const defaultCliRoot = 'market-data';

/** Its options, for `mde download --help`. */
export const downloadOptionsHelp = [
  '  --source S           Dataset source (required)',
  '  --market M           Dataset market (required)',
  '  --date YYYY-MM-DD    One whole UTC day, from the daily manifest',
  '  --from T --to T      The listed hours of [from, to): ISO 8601 times or dates',
  `  --root DIR           Library folder (default ./${defaultCliRoot}); files go to DIR/data/standard/...`,
  `  --base-url URL       Market Data Service (default ${defaultBaseUrl})`,
  '  --concurrency N      Files at once, 1 to 16 (default 3)',
].join('\n');
