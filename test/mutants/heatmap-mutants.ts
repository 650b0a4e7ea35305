import type { Mutant } from './mutant-runner.ts';

// Deliberate breaks of the liquidity heatmap's pure modules (issues F8, F11): each names the heatmap
// tests that must fail while it is in place. Spread into `mutants` in mutants.ts.

const tiles = 'test/unit/book-session/liquidity-tiles.test.ts';
const plan = 'test/unit/replay/heatmap-tiles.test.ts';
const flow = 'test/unit/replay/trade-flow.test.ts';
const viewport = 'test/unit/replay/heatmap-viewport.test.ts';
const axes = 'test/unit/replay/heatmap-axes.test.ts';
const dots = 'test/unit/replay/trade-dots.test.ts';
const clock = 'test/unit/replay/playback-clock.test.ts';
const controller = 'test/unit/replay/heatmap-controller.test.ts';

/** Every deliberate break of the heatmap's liquidity tiles, tile plan, colour scale, viewport, axes, trade flow and trade dots. */
export const heatmapMutants: readonly Mutant[] = [
  {
    id: 'heatmap-part-bucket-whole',
    breaks: 'a book standing for part of a bucket counts as if it stood for all of it',
    file: 'shared/book/replay/liquidity-tiles.ts',
    find: "finest.open.add(Math.round((book.prices[i] ?? 0) / step), (book.sizes[i] ?? 0) * dt);",
    replace: "finest.open.add(Math.round((book.prices[i] ?? 0) / step), (book.sizes[i] ?? 0) * width);",
    tests: [tiles],
  },
  {
    id: 'heatmap-coarse-unweighted',
    breaks: 'a coarser time level averages its finer columns without their length',
    file: 'shared/book/replay/liquidity-tiles.ts',
    find: "if (column !== null) next.open.addColumn(column, level.bucketMs);",
    replace: "if (column !== null) next.open.addColumn(column, 1);",
    tests: [tiles],
  },
  {
    id: 'heatmap-bid-line-is-ask',
    breaks: 'the best bid line follows the best ask',
    file: 'shared/book/replay/liquidity-tiles.ts',
    find: "  bests.bidEnd = book.bestBid;\n",
    replace: "  bests.bidEnd = book.bestAsk;\n",
    tests: [tiles],
  },
  {
    id: 'heatmap-future-tiles',
    breaks: 'tiles after the playback cursor are drawn (the heatmap shows the future)',
    file: 'renderer/src/views/replay/heatmap/tile-plan.ts',
    find: "const last = Math.min(view.t1, until);",
    replace: "const last = view.t1;",
    tests: [plan],
  },
  {
    id: 'heatmap-level-too-fine',
    breaks: 'the heatmap reads a time level finer than a pixel (four times the tiles, for nothing)',
    file: 'renderer/src/views/replay/heatmap/tile-plan.ts',
    find: "return Math.min(maxTileLevel, Math.ceil(Math.log(msPerPx) / Math.log(4) - 1e-9));",
    replace: "return Math.min(maxTileLevel, Math.floor(Math.log(msPerPx) / Math.log(4) - 1e-9));",
    tests: [plan],
  },
  {
    id: 'heatmap-contrast-ignored',
    breaks: 'the contrast control changes nothing',
    file: 'renderer/src/views/replay/heatmap/tile-raster.ts',
    find: "return Math.min(1, linear) ** mapping.contrast;",
    replace: "return Math.min(1, linear);",
    tests: [plan],
  },
  {
    id: 'heatmap-follow-off-mid',
    breaks: 'follow mode stops centring prices on the mid',
    file: 'renderer/src/views/replay/heatmap/heatmap-viewport.ts',
    find: "const centre = Number.isFinite(mid) ? mid : previous === null",
    replace: "const centre = previous !== null ? (previous.p0 + previous.p1) / 2 : Number.isFinite(mid) ? mid : previous === null",
    tests: [viewport],
  },
  {
    id: 'heatmap-profile-sells-as-buys',
    breaks: 'the volume profile counts sold size as bought',
    file: 'renderer/src/views/replay/heatmap/trade-flow.ts',
    find: "else if (side === -1) sell[at] = (sell[at] ?? 0) + quantity;",
    replace: "else if (side === -1) buy[at] = (buy[at] ?? 0) + quantity;",
    tests: [flow],
  },
  {
    id: 'heatmap-cvd-adds-sells',
    breaks: 'the cumulative volume delta adds sold size',
    file: 'renderer/src/views/replay/heatmap/trade-flow.ts',
    find: "else if (side === -1) sum -= quantity;",
    replace: "else if (side === -1) sum += quantity;",
    tests: [flow],
  },
  {
    id: 'heatmap-poc-last-tie',
    breaks: 'a tie for the point of control goes to the higher band',
    file: 'renderer/src/views/replay/heatmap/trade-flow.ts',
    find: "if (total > max) {",
    replace: "if (total >= max) {",
    tests: [flow],
  },
  {
    id: 'heatmap-ceiling-max',
    breaks: 'one huge level sets the default cutoff and washes the rest out',
    file: 'renderer/src/views/replay/heatmap/tile-raster.ts',
    find: "return picked[Math.min(picked.length - 1, Math.round(q * (picked.length - 1)))] ?? 0;",
    replace: "return picked[picked.length - 1] ?? 0;",
    tests: [plan],
  },
  {
    id: 'heatmap-log-natural',
    breaks: 'the log scale spans the wrong number of decades',
    file: 'renderer/src/views/replay/heatmap/tile-raster.ts',
    find: "const linear = mapping.scale === 'linear' ? share : Math.log10(",
    replace: "const linear = mapping.scale === 'linear' ? share : Math.log(",
    tests: [plan],
  },
  {
    id: 'heatmap-no-saturation',
    breaks: 'sizes above the cutoff paint as empty',
    file: 'renderer/src/views/replay/heatmap/tile-raster.ts',
    find: "table[at >= steps ? steps : Math.max(1, Math.round(at))]",
    replace: "table[Math.max(1, Math.round(at))]",
    tests: [plan],
  },
  {
    id: 'heatmap-prices-upside-down',
    breaks: 'high prices are drawn at the bottom',
    file: 'renderer/src/views/replay/heatmap/heatmap-viewport.ts',
    find: "return ((view.p1 - p) / (view.p1 - view.p0)) * size.height;",
    replace: "return ((p - view.p0) / (view.p1 - view.p0)) * size.height;",
    tests: [viewport],
  },
  {
    id: 'heatmap-zoom-unanchored',
    breaks: 'wheel zoom drifts away from the pointer',
    file: 'renderer/src/views/replay/heatmap/heatmap-viewport.ts',
    find: "const t0 = anchor - share * span;",
    replace: "const t0 = view.t0;",
    tests: [viewport],
  },
  {
    id: 'heatmap-local-ticks-utc',
    breaks: 'local-time ticks sit on UTC boundaries',
    file: 'renderer/src/views/replay/heatmap/heatmap-axes.ts',
    find: "ms = wall - (wallClock(ms, zone) - ms);",
    replace: "ms = wall;",
    tests: [axes],
  },
  {
    id: 'heatmap-dst-repeat',
    breaks: 'a skipped daylight-saving hour repeats a time tick',
    file: 'renderer/src/views/replay/heatmap/heatmap-axes.ts',
    find: "if (ms >= t0 && ms > (ticks[ticks.length - 1]?.ms ?? Number.NEGATIVE_INFINITY)) ticks.push",
    replace: "if (ms >= t0) ticks.push",
    tests: [axes],
  },
  {
    id: 'heatmap-unknown-side-kept',
    breaks: 'a trade of unknown side keeps whatever side code it came with',
    file: 'renderer/src/views/replay/heatmap/trade-dots.ts',
    find: "const side = raw === 1 || raw === -1 ? raw : 0;",
    replace: "const side = raw;",
    tests: [dots],
  },
  {
    id: 'heatmap-dots-mix-sides',
    breaks: 'buys and sells in one cell merge into one dot',
    file: 'renderer/src/views/replay/heatmap/trade-dots.ts',
    find: "* 3 + side + 1;",
    replace: "* 3;",
    tests: [dots],
  },
  {
    id: 'heatmap-dots-stretched-to-cursor',
    breaks: 'bubbles are placed by a time scale that ends at the cursor, stretched over the whole plot (F16: 150 USD off the line, the last 4 % never drawn)',
    file: 'renderer/src/views/replay/heatmap/trade-dots.ts',
    find: "      x: timeToX(view, size, time),",
    replace: "      x: timeToX({ ...view, t1: Math.min(view.t1, until) }, size, time),",
    tests: [dots, controller],
  },
  {
    id: 'heatmap-dots-newest-dropped',
    breaks: 'the trade at the cursor is not drawn',
    file: 'renderer/src/views/replay/heatmap/trade-dots.ts',
    find: "if (time > last) break;",
    replace: "if (time >= last) break;",
    tests: [dots, controller],
  },
  {
    id: 'replay-instant-ignores-samples',
    breaks: 'a sampled frame is drawn at the clock instead of at its own instant (the book shown is older than the instant the panes say)',
    file: 'renderer/src/views/replay/playback-clock.ts',
    find: "return frameClock === null || inForceAtTime ? time : frameClock;",
    replace: "return time;",
    tests: [clock],
  },
];
