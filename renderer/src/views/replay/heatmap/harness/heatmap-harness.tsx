import { StrictMode, useEffect, useState } from 'react';
import { FrameIndex } from '../../../../../../shared/book/frame-index.ts';
import { createRoot } from 'react-dom/client';
import type { TimeZoneChoice } from '../../../../format/market-values.ts';
import '../../../../styles.css';
import { LiquidityHeatmap } from '../LiquidityHeatmap.tsx';
import { harnessScenarios, syntheticBook } from './synthetic-book.ts';

// A page that mounts the heatmap alone on a simulated book, for the benchmark and screenshots
// (built by test/bench/heatmap-harness.ts; the app never loads it). Query: scenario, frames,
// zone, trades=0, at (cursor share of the span, 0…1), stream=1 (chunks arrive one per 300 ms).

const query = new URLSearchParams(location.search);
const scenario = harnessScenarios.find((name) => name === query.get('scenario')) ?? 'busy';
const book = syntheticBook(scenario, Number(query.get('frames') ?? '20000'));
const zone: TimeZoneChoice = query.get('zone') === 'local' ? 'local' : 'utc';
const share = Number(query.get('at') ?? '0.6');
const seeks: number[] = [];
Reflect.set(window, 'heatmapSeeks', seeks);

const streamed = new FrameIndex();
let delivered = 0;

function Harness() {
  const stream = query.get('stream') === '1';
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!stream) return;
    const timer = setInterval(() => {
      const next = book.chunks[delivered++];
      if (next === undefined) {
        clearInterval(timer);
        return;
      }
      streamed.append(next);
      setVersion((v) => v + 1);
    }, 300);
    return () => clearInterval(timer);
  }, [stream]);
  const [cursor, setCursor] = useState<number | null>(scenario === 'empty' ? null : book.start + (book.end - book.start) * share);
  return (
    <div style={{ position: 'fixed', inset: 0, padding: 8, display: 'flex', flexDirection: 'column' }}>
      <LiquidityHeatmap
        frames={stream ? streamed : book.frames}
        version={stream ? version : 0}
        trades={query.get('trades') === '0' ? null : book.trades}
        cursor={cursor}
        zone={zone}
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
