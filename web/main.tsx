import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Render once the chosen language is loaded, so nobody sees English flash by first.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  );
});
