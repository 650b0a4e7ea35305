import { spawn, type ChildProcess } from 'node:child_process';
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

/** The base URL `mde serve` in `child` prints once it listens; rejects with its output (and `stderr`, when collected) if it exits first. */
export function servedBaseUrl(child: ChildProcess, stderr: readonly string[] = []): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = / at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`mde serve exited with ${code ?? 'a signal'}: ${output}${stderr.join('')}`)));
  });
}
