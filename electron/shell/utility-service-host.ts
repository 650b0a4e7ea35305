import { MessageChannelMain, utilityProcess } from 'electron';
import type { FrontMessage, HostStart } from '../host/process/host-protocol.ts';
import type { HostProcess, HostSpawner } from '../host/process/service-host-connection.ts';

/**
 * The app's service host: an Electron utility process running `service-host.js` (beside the main
 * bundle). The shell brokers a MessagePort: one end goes to the host with its start options, the
 * main process keeps the other and carries the contract over it.
 */
export function utilityHostSpawner(entryPath: string, start: HostStart): HostSpawner {
  return (): HostProcess => {
    const child = utilityProcess.fork(entryPath, [], { serviceName: 'Market Data Explorer services', stdio: 'inherit' });
    const { port1, port2 } = new MessageChannelMain();
    child.postMessage({ start }, [port2]);
    port1.start();
    const exited = new Promise<string>((resolve) => {
      child.once('exit', (code) => {
        port1.close();
        resolve(`exit code ${code}`);
      });
    });
    return {
      link: {
        send: (message: FrontMessage) => port1.postMessage(message),
        onMessage: (listener) => {
          const onMessage = (event: Electron.MessageEvent): void => listener(event.data);
          port1.on('message', onMessage);
          return () => port1.off('message', onMessage);
        },
      },
      exited,
      kill: () => {
        child.kill();
      },
      get pid() {
        return child.pid;
      },
    };
  };
}
