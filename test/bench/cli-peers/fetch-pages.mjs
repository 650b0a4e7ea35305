// Paging an endpoint the way a user would script it: fetch with the bearer key, follow
// next_cursor, print each item as a JSON line. Usage: fetch-pages.mjs BASE_URL PATH_WITH_QUERY
import { once } from 'node:events';

const [baseUrl, path] = process.argv.slice(2);
const headers = { authorization: `Bearer ${process.env.MDE_API_KEY}` };
let cursor = null;
do {
  const url = new URL(path, baseUrl);
  url.searchParams.set('limit', '1000');
  if (cursor !== null) url.searchParams.set('cursor', cursor);
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const page = await response.json();
  let out = '';
  for (const item of page.items) out += `${JSON.stringify(item)}\n`;
  if (!process.stdout.write(out)) await once(process.stdout, 'drain');
  cursor = page.has_more ? page.next_cursor : null;
} while (cursor !== null);
