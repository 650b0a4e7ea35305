import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// `npm run bench [-- filter]`: runs every test/bench/*.bench.ts (or those whose name contains
// the filter). Each prints its figures next to a baseline measured in the same run.
const filter = process.argv[2] ?? '';
const suites = readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith('.bench.ts') && name.includes(filter))
  .sort();
if (suites.length === 0) {
  console.error(`No benchmark matches "${filter}".`);
  process.exit(2);
}
console.log(`Node ${process.versions.node}, ${process.platform}-${process.arch}`);
for (const suite of suites) {
  console.log(`\n${suite.replace('.bench.ts', '')}`);
  const module = (await import(pathToFileURL(join(import.meta.dirname, suite)).href)) as { run: () => Promise<void> };
  await module.run();
}
