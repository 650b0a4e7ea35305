import { createContext, useContext } from 'react';
import type { MdeApi } from '../../../shared/contract/types.ts';
import type { Connection } from './connect.ts';

/** Carries the renderer's connection to the main process down the tree. */
export const ConnectionContext = createContext<Connection | null>(null);

/** The connection; throws if used outside `ConnectionContext`. */
export function useConnection(): Connection {
  const connection = useContext(ConnectionContext);
  if (connection === null) throw new Error('useConnection must be used inside ConnectionContext');
  return connection;
}

/** The typed contract API. */
export function useApi(): MdeApi {
  return useConnection().api;
}
