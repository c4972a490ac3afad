// First: configures Zod before any module builds a schema (see the module).
import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { registerServiceWorker } from './features/offline';
import { i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Render once the chosen language is loaded, so nobody sees English flash by first. The first
// render is a transition: React renders it in slices, leaving the main thread free between
// them, rather than in one long task.
void i18nReady.finally(() => {
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App queryClient={createQueryClient()} />
      </StrictMode>,
    ),
  );
});

registerServiceWorker();
