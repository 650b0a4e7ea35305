import { mutants } from './mutants.ts';
import { runMutant } from './mutant-runner.ts';

// `npm run mutants [-- id ...]`: applies each listed mutant in turn, runs the tests that must
// catch it, and restores the file. Exit 1 when a mutant survives or no longer applies.
const root = new URL('../..', import.meta.url).pathname;
const wanted = process.argv.slice(2);
const chosen = wanted.length === 0 ? mutants : mutants.filter((mutant) => wanted.includes(mutant.id));
if (chosen.length === 0) {
  console.error(`No mutant matches ${wanted.join(', ')}. Known: ${mutants.map((mutant) => mutant.id).join(', ')}`);
  process.exit(2);
}
let bad = 0;
for (const mutant of chosen) {
  const outcome = runMutant(root, mutant);
  if (outcome.status !== 'killed') bad++;
  console.log(`${outcome.status.toUpperCase().padEnd(8)} ${mutant.id.padEnd(34)} ${outcome.detail}  (${mutant.breaks})`);
}
console.log(`\n${chosen.length - bad} of ${chosen.length} mutants killed`);
process.exitCode = bad === 0 ? 0 : 1;
