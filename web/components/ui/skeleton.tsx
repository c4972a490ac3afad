import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A grey block that pulses while content loads; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden className={cn('animate-pulse rounded-md bg-zinc-200', className)} {...props} />
  );
}
