import { ChevronDown } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { cn } from '../../lib/utils';

/**
 * A labelled menu of links in a disclosure (issue 36): it opens, and each choice is an
 * address, before any script runs. The search's order and "Near a place" are two.
 */
export function LinkMenu({
  id,
  label,
  value,
  width,
  truncate = false,
  align,
  listClassName,
  children,
}: {
  /** The start of the label's and the value's ids. */
  id: string;
  label: string;
  /** The current choice, shown on the closed menu. */
  value: ReactNode;
  /** The closed menu's width (a class). */
  width: string;
  /** Whether a long value is cut short, so the chevron keeps its place. */
  truncate?: boolean;
  /** The side of the closed menu the open list lines up with. */
  align: 'left' | 'right';
  /** The open list's size (classes). */
  listClassName: string;
  /** The choices, each an <li>. */
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium leading-none text-zinc-800">
        {label}
      </span>
      <details className={cn('relative', width)}>
        <summary
          aria-labelledby={`${id}-label ${id}-value`}
          className="flex h-10 cursor-pointer list-none items-center justify-between gap-2 rounded-md border border-border bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&::-webkit-details-marker]:hidden"
        >
          <span id={`${id}-value`} className={truncate ? 'truncate' : undefined}>
            {value}
          </span>
          <ChevronDown
            className={cn('size-4', truncate && 'shrink-0', 'text-zinc-500')}
            aria-hidden
          />
        </summary>
        <ul
          aria-labelledby={`${id}-label`}
          className={cn(
            'absolute',
            align === 'left' ? 'left-0' : 'right-0',
            'z-20 mt-1',
            listClassName,
            'rounded-md border border-border bg-white py-1 shadow-lg',
          )}
        >
          {children}
        </ul>
      </details>
    </div>
  );
}

/** Closes the menu a chosen link is in: a link within the app keeps the page, and the menu open. */
export const closeLinkMenu = (event: MouseEvent<HTMLElement>) =>
  event.currentTarget.closest('details')?.removeAttribute('open');
