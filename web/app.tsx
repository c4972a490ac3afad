import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from './components/ui/lazy-toaster';
import { AppRoutes } from './routes';

/** Providers in one place, so tests can render the app with their own query client. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        <LazyToaster />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
