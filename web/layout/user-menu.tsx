import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { User } from '#common/auth';
import { avatarLetter } from '#common/auth-rules';
import { useLogout } from '../features/auth';
import { Avatar } from '../components/ui/avatar';
import { Button } from '../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { visibleEntries } from './nav-entries';
import { NavMenuItems } from './nav-menu-items';

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** The signed-in user's avatar menu: name, email, account entries and Sign Out. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const entries = visibleEntries(user).filter((entry) => entry.menu === 'account');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-10 gap-2 px-2">
          <Avatar imageUrl={user.profileImageUrl} fallback={avatarLetter(user)} />
          <span className="sr-only">{t('header.accountMenu')}</span>
          <span className="hidden max-w-[10rem] truncate lg:inline">{user.firstName}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>
          <p className="truncate font-semibold">{fullName(user)}</p>
          {user.email ? (
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
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
