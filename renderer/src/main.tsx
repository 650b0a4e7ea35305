import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { ConnectionContext } from './transport/connection-context.ts';
import { applyLinkAtStart } from './navigation/use-location-sync.ts';
import { connect } from './transport/connect.ts';
import { viewRegistry } from './views/view-registry.ts';
import './styles.css';

// A deep link in the address (`#/workspace/hyperliquid/BTC?interval=5m`) is shown from the first frame.
const startedFromLink = applyLinkAtStart(viewRegistry).kind === 'route';

const connection = connect();
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <ConnectionContext.Provider value={connection}>
      <QueryClientProvider client={queryClient}>
        <App startedFromLink={startedFromLink} />
      </QueryClientProvider>
    </ConnectionContext.Provider>
  </StrictMode>,
);
