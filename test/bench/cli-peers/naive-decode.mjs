// The decode a user would write: fzstd, JSON.parse per line, JSON.stringify per record to stdout.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { decompress } from 'fzstd';

const text = new TextDecoder().decode(decompress(readFileSync(process.argv[2])));
let out = '';
for (const line of text.split('\n')) {
  if (line.trim() === '') continue;
  out += `${JSON.stringify(JSON.parse(line))}\n`;
  if (out.length > 1 << 20) {
    if (!process.stdout.write(out)) await once(process.stdout, 'drain');
    out = '';
  }
}
process.stdout.write(out);
