import { StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { TimeZoneChoice } from '../format/market-values.ts';
import '../styles.css';
import { LiquidityHeatmap } from '../views/replay/heatmap/LiquidityHeatmap.tsx';
import { TileCache } from '../views/replay/heatmap/tile-cache.ts';
import { harnessScenarios, syntheticBook } from './synthetic-book.ts';

// A page that mounts the heatmap alone on a simulated book, for the benchmark and screenshots
// (built by test/bench/heatmap-harness.ts; the app never loads it). Query: scenario, frames,
// zone, trades=0, at (cursor share of the span, 0…1).

const query = new URLSearchParams(location.search);
const scenario = harnessScenarios.find((name) => name === query.get('scenario')) ?? 'busy';
const book = syntheticBook(scenario, Number(query.get('frames') ?? '20000'));
const zone: TimeZoneChoice = query.get('zone') === 'local' ? 'local' : 'utc';
const share = Number(query.get('at') ?? '0.6');
const seeks: number[] = [];
Reflect.set(window, 'heatmapSeeks', seeks);

function Harness() {
  const tiles = useMemo(() => new TileCache(book.tiles), []);
  const [cursor, setCursor] = useState<number>(scenario === 'empty' ? Number.NaN : book.start + (book.end - book.start) * share);
  Reflect.set(window, 'heatmapSetCursor', setCursor);
  const now = book.bestsAt(cursor);
  return (
    <div style={{ position: 'fixed', inset: 0, padding: 8, display: 'flex', flexDirection: 'column' }}>
      <LiquidityHeatmap
        tiles={scenario === 'empty' ? null : tiles}
        priceStep={book.priceStep}
        loaded={{ start: book.start, end: book.end }}
        rangeMs={null}
        cursor={Number.isFinite(cursor) ? cursor : null}
        now={{ ...now, at: cursor }}
        trades={query.get('trades') === '0' ? null : book.trades}
        zone={zone}
        priceDecimals={1}
        followRequest={0}
        onSeek={(t) => {
          seeks.push(t);
          setCursor(t);
        }}
      />
    </div>
  );
}

const root = document.getElementById('root');
if (root !== null) {
  performance.mark('harness:mount');
  createRoot(root).render(
    <StrictMode>
      <Harness />
    </StrictMode>,
  );
}
