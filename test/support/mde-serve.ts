import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** A running `mde serve`: its base URL, and how to stop it (its demo folder is removed). */
export interface MdeServe {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** `mde serve` on a free port with its own demo folder and the given extra arguments, as a remote service. */
export async function startMdeServe(args: readonly string[]): Promise<MdeServe> {
  const demoDir = await mkdtemp(join(tmpdir(), 'mde-remote-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/mde.ts', 'serve', '--port', '0', '--demo-dir', demoDir, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = / at (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`mde serve exited with ${code ?? 'a signal'}:\n${output}`)));
  });
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(demoDir, { recursive: true, force: true });
    },
  };
}
