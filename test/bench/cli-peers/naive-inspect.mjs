// The inspect a user would write: fzstd, then JSON.parse per line, counting record types.
import { readFileSync } from 'node:fs';
import { decompress } from 'fzstd';

const text = new TextDecoder().decode(decompress(readFileSync(process.argv[2])));
const counts = {};
let records = 0;
for (const line of text.split('\n')) {
  if (line.trim() === '') continue;
  const record = JSON.parse(line);
  counts[record.type] = (counts[record.type] ?? 0) + 1;
  records++;
}
console.log(JSON.stringify({ records, counts }, null, 2));
