import type { ReactNode } from 'react';

/**
 * A wide table: from `sm` a table that scrolls sideways if it must; on a phone each row is
 * stacked as lines of "header value" (issue 34: a table to scroll sideways line by line was
 * not readable there). The region is focusable and named, so a keyboard can scroll it too
 * (axe: scrollable-region-focusable). The explicit roles keep the table a table to screen
 * readers once CSS stacks it (some drop a table's semantics with its display).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-primary"
    >
      <table role="table" className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]">
        {children}
      </table>
    </div>
  );
}

const th = 'bg-muted px-3 py-2 font-medium text-zinc-700';
const td =
  'border-t border-border px-3 py-2 align-top max-sm:grid max-sm:grid-cols-[minmax(0,7rem)_minmax(0,1fr)] max-sm:gap-3 max-sm:border-0 max-sm:py-1 max-sm:before:font-medium max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]';

/** The header row: read by screen readers everywhere, hidden on a phone where cells say it. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead role="rowgroup" className="max-sm:sr-only">
      <tr role="row">
        {columns.map((column) => (
          <th key={column} role="columnheader" className={th}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function TableBody({ children }: { children: ReactNode }) {
  return (
    <tbody role="rowgroup" className="max-sm:block">
      {children}
    </tbody>
  );
}

/** A row: on a phone, a block of lines, one per cell, apart from the next by a rule. */
export function TableRow({ children }: { children: ReactNode }) {
  return (
    <tr
      role="row"
      className="max-sm:block max-sm:border-t max-sm:border-border max-sm:py-2 max-sm:first:border-t-0"
    >
      {children}
    </tr>
  );
}

/** A cell; on a phone its column's header (`label`) goes first on its line. */
export function TableCell({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td role="cell" data-label={label} className={className ? `${td} ${className}` : td}>
      {/* One grid item, whatever the content: the label's column, then this. */}
      <div className="min-w-0">{children}</div>
    </td>
  );
}
