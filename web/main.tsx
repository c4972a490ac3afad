import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// Zod probes `new Function` once to decide whether it may compile faster parsers. Our CSP
// (script-src 'self', no eval) refuses it, and the refusal lands in the console and in
// Lighthouse's issues even though Zod copes. Zod reads this shared global for its settings
// whenever it loads (it is lazy: page chunks bring it); jitless skips the probe.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((zodGlobal.__zod_globalConfig ??= {}), { jitless: true });

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
