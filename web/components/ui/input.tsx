import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const inputClassName =
  'flex h-10 w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 placeholder:text-zinc-500 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive md:text-sm';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClassName, className)} {...props} />;
}

/** A styled native select: light, accessible, and the phone's own picker on mobile. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(inputClassName, 'pr-8', className)} {...props} />;
}

/** A multi-line text box styled like the inputs; at least 120 px tall (spec: message box). */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(inputClassName, 'h-auto min-h-[120px] resize-y', className)}
      {...props}
    />
  );
}
