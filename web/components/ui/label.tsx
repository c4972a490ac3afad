import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/**
 * A form label in the app's type. A plain `<label>`: Radix's only adds a guard against
 * selecting the text on a double click, and would bring its barrel into a visitor's islands
 * (decision 030).
 */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label className={cn('text-sm font-medium leading-none text-zinc-800', className)} {...props} />
  );
}
