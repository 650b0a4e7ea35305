import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One deliberate break of a behaviour, and the tests that must notice it. */
export interface Mutant {
  /** Short name, used to pick mutants on the command line. */
  id: string;
  /** The behaviour it breaks, in a user's words. */
  breaks: string;
  /** File to change, relative to the project root. */
  file: string;
  /** Exact text that must occur once in the file. */
  find: string;
  /** What it becomes. */
  replace: string;
  /** Test files (Vitest); each one, run on its own, must fail while the mutant is in place. */
  tests: readonly string[];
}

/** What happened to one mutant. */
export type MutantOutcome = { id: string; status: 'killed' | 'survived' | 'stale'; detail: string };

function occurrences(text: string, find: string): number {
  let count = 0;
  for (let at = text.indexOf(find); at >= 0; at = text.indexOf(find, at + 1)) count++;
  return count;
}

function isCommitted(root: string, file: string): boolean {
  return spawnSync('git', ['diff', '--quiet', 'HEAD', '--', file], { cwd: root }).status === 0;
}

/**
 * Applies one mutant, runs each of its test files on its own (every one must fail), and restores
 * the file whatever happens. A mutant whose text no longer occurs exactly once is `stale`: the
 * code moved on and the list must follow.
 * Files with uncommitted changes are refused, so a restore can never lose work.
 */
export function runMutant(root: string, mutant: Mutant): MutantOutcome {
  const path = join(root, mutant.file);
  if (!isCommitted(root, mutant.file)) return { id: mutant.id, status: 'stale', detail: `${mutant.file} has uncommitted changes; commit or stash them first` };
  const original = readFileSync(path, 'utf8');
  const found = occurrences(original, mutant.find);
  if (found !== 1) return { id: mutant.id, status: 'stale', detail: `the text to change occurs ${found} times in ${mutant.file}` };
  const restore = (): void => writeFileSync(path, original);
  process.once('SIGINT', restore);
  try {
    writeFileSync(path, original.replace(mutant.find, mutant.replace));
    const survivors: string[] = [];
    const failures: string[] = [];
    for (const test of mutant.tests) {
      const run = spawnSync('npx', ['vitest', 'run', '--reporter=dot', test], { cwd: root, encoding: 'utf8', env: { ...process.env, CI: '1', NO_COLOR: '1' } });
      if (run.status === 0) survivors.push(test);
      else failures.push(`${test.split('/').pop() ?? test}: ${(run.stdout + run.stderr).match(/Tests\s+.*?(\d+) failed/)?.[1] ?? '?'} failed`);
    }
    if (survivors.length > 0) return { id: mutant.id, status: 'survived', detail: `passed: ${survivors.join(', ')}` };
    return { id: mutant.id, status: 'killed', detail: failures.join('; ') };
  } finally {
    restore();
    process.removeListener('SIGINT', restore);
  }
}
