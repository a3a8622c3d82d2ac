import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { queryClient } from '@cardlift/shell/ui';
import { seedInlineQueryData } from './inline-query-data';
import { initFederation } from './remotes/registry';

// Start reading the registry before React renders, so the first remote request leaves as early as possible.
void initFederation().catch(() => undefined);

seedInlineQueryData(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
