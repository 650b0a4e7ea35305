import { readFileSync } from 'node:fs';
import { decompress } from 'fzstd';
import { SnapshotReader } from '../../electron/codec/snapshot-reader.ts';

// Child-process probe for decode.bench.ts: decodes one file and prints the RSS growth as JSON,
// so the figure is this decode's alone. Usage: tsx decode-rss-probe.ts streaming|naive FILE
const [mode, file] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: decode-rss-probe.ts streaming|naive FILE');
let peak = 0;
const sample = (): void => {
  peak = Math.max(peak, process.memoryUsage.rss());
};
const before = process.memoryUsage.rss();
const timer = setInterval(sample, 10);
let records = 0;
if (mode === 'naive') {
  const text = new TextDecoder().decode(decompress(readFileSync(file)));
  sample();
  for (const line of text.split('\n')) {
    if (line.length > 0) {
      JSON.parse(line);
      records++;
    }
  }
} else {
  for await (const batch of new SnapshotReader({ path: file })) {
    records += batch.length;
    sample();
  }
}
sample();
clearInterval(timer);
console.log(JSON.stringify({ records, rssGrowthMb: (peak - before) / 1e6 }));
