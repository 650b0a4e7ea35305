import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { appVersion } from '../app-version.ts';
import { serviceError } from './error-body.ts';

/** A running local Market Data Service on loopback. */
export interface LocalService {
  /** Base URL such as `http://127.0.0.1:43123`. */
  readonly baseUrl: string;
  /** Stops accepting connections and closes the server. */
  close(): Promise<void>;
}

/** Options for the local service. */
export interface LocalServiceOptions {
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port?: number;
}

/** Builds the Fastify app of the local service (spec part 4 routes are registered here). */
export function buildLocalServiceApp(): FastifyInstance {
  const app = Fastify({ logger: false, return503OnClosing: true });
  app.get('/health', () => Promise.resolve({ status: 'ok', service: 'mde-local', version: appVersion, simulated: true }));
  app.setNotFoundHandler(async (request, reply) =>
    reply
      .code(404)
      .send(
        serviceError(
          'not_found',
          `No route ${request.method} ${request.url.split('?')[0] ?? ''}`,
          'Check the path against the Market Data Service specification, part 4.',
        ),
      ),
  );
  app.setErrorHandler(async (error, _request, reply) => {
    const status = typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : 500;
    const message = error instanceof Error ? error.message : String(error);
    return reply
      .code(status >= 400 && status < 600 ? status : 500)
      .send(serviceError(status === 400 ? 'bad_request' : 'internal', message, 'Check the request and try again.'));
  });
  return app;
}

/** Starts the local service on 127.0.0.1 and resolves once it accepts connections. */
export async function startLocalService(options: LocalServiceOptions = {}): Promise<LocalService> {
  const app = buildLocalServiceApp();
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: () => app.close(),
  };
}
