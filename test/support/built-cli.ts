import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildCli } from '../../scripts/build-cli.mjs';
import { cliBuildIsStale } from '../../scripts/build-freshness.mjs';

const root = join(import.meta.dirname, '..', '..');

/** The bundled `mde` entry that `npm run mde` and the `mde` bin run. */
export const builtCliPath = join(root, 'out', 'cli', 'mde.js');

/** Builds the `mde` bundle when it is missing or older than its sources (as `npm run mde` does). */
export async function ensureBuiltCli(): Promise<void> {
  if (cliBuildIsStale(root)) await buildCli(root);
}

/** What one run of the command line printed, as bytes, and how it exited. */
export interface CliRun {
  status: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs the bundled `mde` with `args` in `cwd`, collecting its output as bytes. */
export function runBuiltCli(args: readonly string[], cwd: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtCliPath, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout: Buffer.concat(out), stderr }));
  });
}
