import { defaultDemoSeed } from '../server/demo-seed.ts';
import { maxSyntheticMarkets } from '../server/store/synthetic-markets.ts';

/** The port `mde serve` uses unless told otherwise. */
export const defaultServePort = 8600;

/** What `mde serve --help` says about each option, below the usage line. */
export const serveOptionsHelp = [
  '  --port N            Port of the service on 127.0.0.1 (default 8600; 0 picks a free one)',
  '  --download-port N   Port of the download host that serves pre-signed URLs (default: a free one)',
  '  --data DIR          Serve a folder of snapshot files instead of the simulated demo',
  `  --seed S            Seed of the simulated demo (default ${defaultDemoSeed})`,
  '  --demo-dir DIR      Where the demo writes its generated hours (default: the user-data folder)',
  '  --keys k1,k2:free   Accepted API keys; a key is paid unless it ends in :free',
  '  --fail a,b          Answer 503 for metadata, storage and/or auth (to try error handling)',
  `  --extra-markets N   Add N synthetic, catalog-only markets (0 to ${maxSyntheticMarkets.toLocaleString('en-US')}) to /catalog and /count,`,
  '                      for trying a large catalog; their data endpoints answer empty pages',
].join('\n');
