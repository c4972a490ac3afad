import { lazy, Suspense, useState } from 'react';
import { useToasts } from '../../lib/toast';
import { LoadErrorBoundary } from '../load-error-boundary';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The app's toaster, loaded with the first toast rather than with the first page (Radix Toast
 * is not needed to show a page), and kept from then on, F8 hotkey and all.
 */
export function LazyToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  // Its code may fail to load (offline before the first toast): the app goes on without it.
  return (
    <LoadErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </LoadErrorBoundary>
  );
}
