import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dismissToast, useToasts } from '../../lib/toast';
import { cn } from '../../lib/utils';

/** Radix Toast with the spec's constants: 5000 ms, swipe right past 50 px, F8 hotkey. */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-md border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0',
            item.variant === 'destructive'
              ? 'border-red-800 bg-destructive text-white'
              : 'border-border bg-white text-zinc-900',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="text-sm opacity-90">
                {item.description}
              </Toast.Description>
            ) : null}
            {item.action ? (
              // Toast.Action closes the toast when followed; altText is what screen readers
              // are told to use, since a toast may vanish before they reach it.
              <Toast.Action altText={item.action.label} asChild>
                <Link
                  to={item.action.to}
                  className="justify-self-start text-sm font-semibold underline underline-offset-4"
                >
                  {item.action.label}
                </Link>
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close
            className="absolute right-2 top-2 rounded-sm p-1 opacity-80 hover:opacity-100"
            aria-label={t('common.close')}
          >
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full max-w-[420px] flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
