import type { Server } from 'node:net';

/** The TCP port a listening server was given; throws when it listens on a pipe, or not at all. */
export function listeningPort(server: Pick<Server, 'address'>): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The server is not listening on a TCP port');
  return address.port;
}
