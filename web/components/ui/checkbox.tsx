import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/**
 * A native checkbox in the app's colour. It never shrinks: beside a label long enough to wrap
 * (German, French) a flex row would otherwise squeeze the box (issue 34).
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input type="checkbox" className={cn('size-4 shrink-0 accent-primary', className)} {...props} />
  );
}
