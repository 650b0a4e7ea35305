// The book pipeline a user would write: fzstd, JSON.parse per line, tardis-dev's OrderBook per
// (source, market, instrument), and one flat top-25 JSON row per book event to stdout.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { decompress } from 'fzstd';
import { OrderBook } from 'tardis-dev';

const depth = 25;
const pad = (i) => String(i).padStart(2, '0');
const books = new Map();
const text = new TextDecoder().decode(decompress(readFileSync(process.argv[2])));
let out = '';
for (const line of text.split('\n')) {
  if (line.trim() === '') continue;
  const record = JSON.parse(line);
  if (record.type !== 'orderbook' && record.type !== 'orderbook_delta') continue;
  const key = `${record.source}\u0000${record.market}\u0000${record.instrument ?? ''}`;
  let book = books.get(key);
  const isSnapshot = record.data.is_snapshot === true;
  if (book === undefined) {
    if (!isSnapshot) continue;
    book = new OrderBook();
    books.set(key, book);
  }
  const level = ([price, amount]) => ({ price, amount });
  book.update({ type: 'book_change', symbol: record.market, exchange: record.source, isSnapshot, bids: record.data.bids.map(level), asks: record.data.asks.map(level), timestamp: new Date(record.collector_timestamp), localTimestamp: new Date(record.collector_timestamp) });
  const row = { collector_timestamp: record.collector_timestamp, source: record.source, market: record.market, instrument: record.instrument ?? null, source_event_is_snapshot: isSnapshot };
  for (const [side, levels] of [['bid', book.bids()], ['ask', book.asks()]]) {
    const prices = [];
    const sizes = [];
    for (const { price, amount } of levels) {
      if (prices.length === depth) break;
      prices.push(price);
      sizes.push(amount);
    }
    for (let i = 0; i < depth; i++) row[`${side}_px_${pad(i)}`] = prices[i] ?? null;
    for (let i = 0; i < depth; i++) row[`${side}_sz_${pad(i)}`] = sizes[i] ?? null;
  }
  out += `${JSON.stringify(row)}\n`;
  if (out.length > 1 << 20) {
    if (!process.stdout.write(out)) await once(process.stdout, 'drain');
    out = '';
  }
}
process.stdout.write(out);
