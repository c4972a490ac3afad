import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

export type ActionLink = { to: string; label: string; icon: ReactNode };

/** A short list of links to other pages, each a full-width row (the "Quick Actions" cards). */
export function ActionLinks({ actions, className }: { actions: ActionLink[]; className?: string }) {
  return (
    <ul className={className ? `grid gap-2 ${className}` : 'grid gap-2'}>
      {actions.map((action) => (
        <li key={action.to}>
          <Link
            to={action.to}
            className="flex items-center gap-3 rounded-lg border border-border p-3 font-medium hover:bg-muted [&_svg]:size-5 [&_svg]:text-primary"
          >
            <span aria-hidden>{action.icon}</span>
            <span className="flex-1">{action.label}</span>
            <ChevronRight className="text-zinc-500" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}
