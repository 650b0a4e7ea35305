import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { ConnectionContext } from './connection-context.ts';
import { connect } from './transport/connect.ts';
import './styles.css';

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
        <App />
      </QueryClientProvider>
    </ConnectionContext.Provider>
  </StrictMode>,
);
