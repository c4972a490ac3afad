import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A side drawer (Radix Dialog): focus trapped, Escape and the overlay close it. */
export const Sheet = Dialog.Root;
export const SheetTrigger = Dialog.Trigger;
export const SheetClose = Dialog.Close;
export const SheetTitle = Dialog.Title;
export const SheetDescription = Dialog.Description;

export function SheetContent({
  className,
  children,
  closeLabel,
  ...props
}: ComponentProps<typeof Dialog.Content> & { closeLabel: string }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <Dialog.Content
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex h-full w-4/5 max-w-sm flex-col gap-4 overflow-y-auto bg-white p-6 shadow-xl',
          className,
        )}
        {...props}
      >
        {children}
        <Dialog.Close
          className="absolute right-4 top-4 rounded-sm p-1 text-zinc-600 hover:bg-muted"
          aria-label={closeLabel}
        >
          <X className="size-5" aria-hidden />
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
