import { lazy, Suspense, useState } from 'react';
import { useToasts } from '../../lib/toast';

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
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
