import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FrontMessage, HostStart } from './host-protocol.ts';
import type { HostProcess, HostSpawner } from './service-host-connection.ts';

/** The host entry and the Node flags it needs: the TypeScript source under tsx, or the bundle beside this one. */
function hostEntry(moduleUrl: string): { path: string; execArgv: string[] } {
  if (moduleUrl.endsWith('.ts')) return { path: fileURLToPath(new URL('./service-host-main.ts', moduleUrl)), execArgv: ['--import', 'tsx'] };
  const base = new URL('.', moduleUrl);
  const bundleDir = base.pathname.endsWith('/chunks/') ? new URL('..', base) : base;
  return { path: fileURLToPath(new URL('service-host.js', bundleDir)), execArgv: [] };
}

/**
 * Browser mode's service host: a Node child process with an IPC channel (advanced serialization,
 * so ArrayBuffers cross as they are), its output on this process's. It is the same host the
 * Electron app runs in a utility process.
 */
export function nodeHostSpawner(start: HostStart, env: NodeJS.ProcessEnv = process.env): HostSpawner {
  return (): HostProcess => {
    const entry = hostEntry(import.meta.url);
    const child = fork(entry.path, [], { execArgv: entry.execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env });
    const exited = new Promise<string>((resolve) => {
      child.once('exit', (code, signal) => resolve(signal !== null ? `signal ${signal}` : `exit code ${code ?? 0}`));
      child.once('error', (error) => resolve(`it could not start: ${error.message}`));
    });
    child.send({ start });
    return {
      link: {
        send: (message: FrontMessage) => {
          if (child.connected) child.send(message);
        },
        onMessage: (listener) => {
          child.on('message', listener);
          return () => child.off('message', listener);
        },
      },
      exited,
      kill: () => child.kill('SIGKILL'),
      pid: child.pid,
    };
  };
}
