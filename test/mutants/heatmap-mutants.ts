import type { Mutant } from './mutant-runner.ts';

// Deliberate breaks of the liquidity heatmap's pure modules (issue F8): each names the heatmap
// tests that must fail while it is in place. Spread into `mutants` in mutants.ts.

const grid = 'test/unit/replay/heatmap-grid.test.ts';
const scale = 'test/unit/replay/heatmap-scale.test.ts';
const viewport = 'test/unit/replay/heatmap-viewport.test.ts';
const axes = 'test/unit/replay/heatmap-axes.test.ts';
const dots = 'test/unit/replay/trade-dots.test.ts';

/** Every deliberate break of the heatmap's binning, colour scale, viewport, axes and trade dots. */
export const heatmapMutants: readonly Mutant[] = [
  {
    id: 'heatmap-equal-weight',
    breaks: 'a frame standing for part of a column counts as if it stood for all of it',
    file: 'renderer/src/views/replay/heatmap/heatmap-grid.ts',
    find: "const weight = overlap / slot;",
    replace: "const weight = 1;",
    tests: [grid],
  },
  {
    id: 'heatmap-band-short',
    breaks: 'a zoomed-in level fills one row fewer than its band',
    file: 'renderer/src/views/replay/heatmap/heatmap-grid.ts',
    find: "let first = Math.floor((spec.p1 - price - half) / rowHeight - 0.5) + 1;",
    replace: "let first = Math.floor((spec.p1 - price - half) / rowHeight - 0.5) + 2;",
    tests: [grid],
  },
  {
    id: 'heatmap-slot-merges-prices',
    breaks: 'two prices off the level lattice share one slot and its rows',
    file: 'renderer/src/views/replay/heatmap/heatmap-grid.ts',
    find: "return held === price ? k : -1;",
    replace: "return k;",
    tests: [grid],
  },
  {
    id: 'heatmap-last-frame-forever',
    breaks: 'the last frame stands past the end it was given',
    file: 'renderer/src/views/replay/heatmap/heatmap-grid.ts',
    find: "frames.clockAt(i + 1) : end, t1)",
    replace: "frames.clockAt(i + 1) : t1, t1)",
    tests: [grid],
  },
  {
    id: 'heatmap-bid-line-is-ask',
    breaks: 'the best bid line follows the best ask',
    file: 'renderer/src/views/replay/heatmap/heatmap-grid.ts',
    find: "bestBid[c] = bid;",
    replace: "bestBid[c] = ask;",
    tests: [grid],
  },
  {
    id: 'heatmap-crossing-forgotten',
    breaks: 'a book crossed for part of a column is not marked when it uncrossed before the column ended',
    file: 'renderer/src/views/replay/heatmap/heatmap-grid.ts',
    find: "flags[c] = (flags[c] ?? 0) | crossing;",
    replace: "flags[c] = crossing;",
    tests: [grid],
  },
  {
    id: 'heatmap-ceiling-max',
    breaks: 'one huge level sets the colour scale and washes the rest out',
    file: 'renderer/src/views/replay/heatmap/heatmap-scale.ts',
    find: "return sorted[Math.min(taken - 1, Math.round(q * (taken - 1)))] ?? 0;",
    replace: "return sorted[taken - 1] ?? 0;",
    tests: [scale],
  },
  {
    id: 'heatmap-log-natural',
    breaks: 'the log scale spans the wrong number of decades',
    file: 'renderer/src/views/replay/heatmap/heatmap-scale.ts',
    find: "const value = scale === 'linear' ? share : Math.log10(",
    replace: "const value = scale === 'linear' ? share : Math.log(",
    tests: [scale],
  },
  {
    id: 'heatmap-no-saturation',
    breaks: 'sizes above the scale top paint as empty',
    file: 'renderer/src/views/replay/heatmap/heatmap-scale.ts',
    find: "pixels[i] = colours[level >= top ? top : Math.round(level)] ?? empty;",
    replace: "pixels[i] = colours[Math.round(level)] ?? empty;",
    tests: [scale],
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
    id: 'heatmap-fit-stray-level',
    breaks: 'one stray level squashes the fitted price range',
    file: 'renderer/src/views/replay/heatmap/heatmap-viewport.ts',
    find: "let p1 = quantileOfSorted(highs, 0.99);",
    replace: "let p1 = quantileOfSorted(highs, 1);",
    tests: [viewport],
  },
  {
    id: 'heatmap-follow-hijacks',
    breaks: 'playback drags back a window the user panned away from',
    file: 'renderer/src/views/replay/heatmap/heatmap-viewport.ts',
    find: "if (previous === null || cursor === null || previous < view.t0 || previous > view.t1) return null;",
    replace: "if (cursor === null) return null;",
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
    find: "* 3) + side + 1;",
    replace: "* 3);",
    tests: [dots],
  },
];
