import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';
import { cn } from '../../lib/utils';

/**
 * One figure of a `<dl>`: the card is the dt/dd group itself (nothing else may sit between
 * them), the icon lives in the dt, and the value is drawn above its label.
 */
export function StatCard({
  icon,
  label,
  note,
  value,
  compact = false,
}: {
  icon: ReactNode;
  label: string;
  note?: string;
  /** undefined while loading */
  value: ReactNode | undefined;
  /** Three across on phones: the icon shows from the small breakpoint up. */
  compact?: boolean;
}) {
  return (
    <div
      className={cn(
        'relative flex min-h-[5.5rem] flex-col-reverse justify-center rounded-xl border border-border bg-white py-4 pl-20 pr-5 shadow-sm',
        compact && 'px-3 sm:pl-20 sm:pr-5',
      )}
    >
      <dt className="text-sm text-muted-foreground">
        <span
          className={cn(
            'absolute left-5 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-primary-soft text-primary-hover [&_svg]:size-5',
            compact && 'hidden sm:flex',
          )}
        >
          {icon}
        </span>
        {label}
        {note ? <span className="block text-xs">{note}</span> : null}
      </dt>
      <dd className="text-2xl font-bold">
        {value === undefined ? <Skeleton className="h-8 w-12" /> : value}
      </dd>
    </div>
  );
}
