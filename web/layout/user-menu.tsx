import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '#common/auth';
import { useLogout } from '../features/auth';
import type { DeferredStart } from '../components/ui/deferred';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { AccountButton } from './header-triggers';
import { visibleEntries } from './nav-entries';
import { NavMenuItems } from './nav-menu-items';
import { useToAnswerEntries } from './to-answer';

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/**
 * The signed-in user's avatar menu (Radix), loaded on first use by the header: name, email,
 * account entries and Sign Out.
 */
export function UserMenu({ user, start }: { user: User; start: DeferredStart }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const entries = visibleEntries(user).filter((entry) => entry.menu === 'account');
  const toAnswer = useToAnswerEntries(true);
  return (
    <DropdownMenu defaultOpen={start.open}>
      <DropdownMenuTrigger asChild>
        <AccountButton user={user} autoFocus={start.focus && !start.open} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>
          <p className="truncate font-semibold">{fullName(user)}</p>
          {user.email ? (
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {toAnswer.entries.length > 0 ? (
          <>
            {toAnswer.entries.map((item) => (
              <DropdownMenuItem key={item.id} asChild className="font-semibold">
                <Link to={item.to}>
                  <item.icon aria-hidden />
                  {item.text}
                </Link>
              </DropdownMenuItem>
            ))}
            <DropdownMenuSeparator />
          </>
        ) : null}
        <NavMenuItems entries={entries} />
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut aria-hidden />
          {t('nav.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
