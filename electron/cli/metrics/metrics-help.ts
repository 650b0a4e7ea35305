// The text of `mde metrics --help`: kept apart from the command so `mde --help` loads no engine.

/** The usage line of `mde metrics`. */
export const metricsUsage = 'metrics <kind> (FILE... | --source S --market M --from T --to T) [--format csv|jsonl] [options]';

/** The options `mde metrics --help` lists. */
export const metricsOptionsHelp = [
  'Kinds:',
  '  depth            spread, imbalance within ±band % and the cost to trade a notional, per book event (or --every)',
  '  markouts         each trade with the mid move after each horizon, signed by side, in bps',
  '  markout-summary  markouts by side and notional size bucket: count, mean, sd, 95 % band',
  '  large-trades     the --top largest trades by notional, with their markouts',
  '  bars             tick, volume or dollar bars (--by, --size)',
  '  footprint        bid/ask volume per candle and price bucket, diagonal imbalances, each candle\'s POC',
  '  profile          the volume profile of the range: POC and value area',
  '  cvd              cumulative volume delta per trade (or per --interval)',
  '  latency          collector minus exchange time per --interval, and a summary line on stderr',
  '',
  'Input (one of):',
  '  FILE...          snapshot files (.jsonl.zst), read in the order given',
  '  --source S --market M --from T --to T   a service range, through the client (--base-url, key from',
  '                   MDE_API_KEY or the keychain); T is Unix ms, a UTC date or an ISO time with a zone',
  '  --instrument I   the book and trades of one instrument (default: the first book of the market)',
  '  --from, --to     with files: keep trades and rows in [from, to) (books are still rebuilt from the start)',
  '',
  'Output:',
  '  --format F       csv (default; null is an empty field) or jsonl (null is null)',
  '',
  'Options by kind (defaults in brackets):',
  '  --band-pct X     depth: imbalance band, ± percent of the mid [1]',
  '  --notional N     depth: notional to trade on each side, quote currency [100000]',
  '  --every D        depth: one row per step D (e.g. 1s) instead of per book event',
  '  --horizons D,... markouts: horizons after each trade [1s,5s,30s,60s]',
  '  --size-edges N,. markout-summary: notional edges of the size buckets [0,1000,10000,100000,1000000]',
  '  --top N          large-trades: how many [20]',
  '  --by K --size N  bars: K is tick, volume or dollar; N trades, base volume or notional per bar',
  '  --interval D     footprint [1m], cvd, latency [1m]: candle or interval length',
  '  --step P         footprint, profile: price bucket size (required)',
  '  --ratio R        footprint: diagonal imbalance ratio [3]',
  '  --value-area F   profile: share of volume in the value area [0.7]',
  '',
  'Durations: 250ms, 1s, 5m, 1h or whole ms. Formulas: README, "Order-flow metrics".',
].map((line) => (line === '' ? line : `  ${line}`)).join('\n');
