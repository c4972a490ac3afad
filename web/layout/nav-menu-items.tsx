import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '../lib/utils';
import { DropdownMenuItem } from '../components/ui/dropdown-menu';
import { isCurrentEntry, type NavEntry } from './nav-entries';

/** Header entries as dropdown items, the current page marked (desktop menus). */
export function NavMenuItems({ entries }: { entries: NavEntry[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return entries.map((entry) => {
    const current = isCurrentEntry(entry, pathname);
    return (
      <DropdownMenuItem
        key={entry.id}
        asChild
        className={cn(current && 'bg-primary-soft font-semibold')}
      >
        <Link to={entry.to} aria-current={current ? 'page' : undefined}>
          <entry.icon aria-hidden />
          {t(entry.label)}
        </Link>
      </DropdownMenuItem>
    );
  });
}
