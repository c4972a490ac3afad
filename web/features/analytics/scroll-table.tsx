import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone. The region is focusable and named, so a
 * keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-primary"
    >
      <table className="w-full min-w-[40rem] text-left text-sm">{children}</table>
    </div>
  );
}

export const th = 'bg-muted px-3 py-2 font-medium text-zinc-700';
export const td = 'border-t border-border px-3 py-2 align-top';
