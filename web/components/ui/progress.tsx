import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A progress bar: role="progressbar" with its value in percent (0–100). */
export function Progress({
  value,
  className,
  ...props
}: ComponentProps<'div'> & { value: number }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-zinc-200', className)}
      {...props}
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
