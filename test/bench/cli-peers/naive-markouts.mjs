// The markouts a user would compute with a plain Node script: fzstd (streamed, so a large file
// fits), JSON.parse per line, one book as a Map per side, the mid after every book event (best
// prices by a scan of the Map), then for each trade the last mid at or before t and t + h (binary
// search) at 1, 5, 30 and 60 s, null past the last book time, and one CSV line per trade.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Decompress } from 'fzstd';

const horizons = [1_000, 5_000, 30_000, 60_000];
let bids = null;
let asks = null;
let clock = -Infinity;
const mids = [];
const trades = [];

function onLine(line) {
  if (line.trim() === '') return;
  const row = JSON.parse(line);
  if (row.type === 'trade') {
    trades.push({ time: row.collector_timestamp, price: row.data.price, quantity: row.data.quantity, side: row.data.side ?? null });
    return;
  }
  if (row.type !== 'orderbook') return;
  if (row.data.is_snapshot) {
    bids = new Map();
    asks = new Map();
  } else if (bids === null) {
    return;
  }
  for (const [side, levels] of [[bids, row.data.bids], [asks, row.data.asks]]) {
    for (const [price, quantity] of levels) {
      if (quantity === 0) side.delete(price);
      else side.set(price, quantity);
    }
  }
  clock = Math.max(clock, row.collector_timestamp);
  let bestBid = -Infinity;
  for (const price of bids.keys()) if (price > bestBid) bestBid = price;
  let bestAsk = Infinity;
  for (const price of asks.keys()) if (price < bestAsk) bestAsk = price;
  mids.push({ time: clock, mid: bids.size > 0 && asks.size > 0 ? (bestBid + bestAsk) / 2 : null });
}

let rest = '';
const text = new TextDecoder();
const stream = new Decompress((chunk) => {
  const lines = (rest + text.decode(chunk, { stream: true })).split('\n');
  rest = lines.pop() ?? '';
  for (const line of lines) onLine(line);
});
const bytes = readFileSync(process.argv[2]);
for (let at = 0; at < bytes.length; at += 1 << 20) stream.push(bytes.subarray(at, Math.min(bytes.length, at + (1 << 20))), at + (1 << 20) >= bytes.length);
onLine(rest);

function midAt(time) {
  let lo = 0;
  let hi = mids.length;
  while (lo < hi) {
    const middle = (lo + hi) >> 1;
    if (mids[middle].time <= time) lo = middle + 1;
    else hi = middle;
  }
  return lo === 0 ? null : mids[lo - 1].mid;
}

const end = mids.length === 0 ? -Infinity : mids[mids.length - 1].time;
let out = `time,price,quantity,side,notional,mid,${horizons.map((h) => `markout_${h / 1000}s_bps`).join(',')}\n`;
for (const trade of trades) {
  const before = midAt(trade.time);
  const cells = [trade.time, trade.price, trade.quantity, trade.side ?? '', trade.price * trade.quantity, before ?? ''];
  for (const h of horizons) {
    const after = trade.time + h > end ? null : midAt(trade.time + h);
    const sign = trade.side === 'buy' ? 1 : trade.side === 'sell' ? -1 : 0;
    cells.push(sign === 0 || before === null || after === null ? '' : (sign * (after - before) * 10_000) / before);
  }
  out += `${cells.join(',')}\n`;
  if (out.length > 1 << 20) {
    if (!process.stdout.write(out)) await once(process.stdout, 'drain');
    out = '';
  }
}
process.stdout.write(out);
