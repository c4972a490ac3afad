import { LogIn, LogOut, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { User } from '#common/auth';
import { avatarLetter } from '#common/auth-rules';
import { useLogout } from '../features/auth';
import { paths } from '../paths';
import { cn } from '../lib/utils';
import { Avatar } from '../components/ui/avatar';
import { Button } from '../components/ui/button';
import type { DeferredStart } from '../components/ui/deferred';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '../components/ui/sheet';
import { DrawerButton } from './header-triggers';
import { isCurrentEntry, visibleEntries, type NavEntry } from './nav-entries';
import { useToAnswerEntries } from './to-answer';
import { fullName } from './user-menu';

const linkClass = (current: boolean) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2.5 text-base [&_svg]:size-5 [&_svg]:text-zinc-600',
    current ? 'bg-primary-soft font-semibold text-primary-hover' : 'hover:bg-muted',
  );

/**
 * The mobile navigation: a side drawer that closes itself whenever the route changes. Loaded
 * on first use by the header (Deferred), open at once when that use was a press.
 */
export function MobileDrawer({ user, start }: { user: User | null; start: DeferredStart }) {
  const { t } = useTranslation();
  const location = useLocation();
  const logout = useLogout();
  // The drawer is open for the location it was opened on; any navigation closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(start.open ? location.key : null);
  const open = openedAt === location.key;
  const setOpen = (next: boolean) => setOpenedAt(next ? location.key : null);

  const entry = (item: NavEntry) => {
    const current = isCurrentEntry(item, location.pathname);
    return (
      <li key={item.id}>
        <Link
          to={item.to}
          className={linkClass(current)}
          aria-current={current ? 'page' : undefined}
        >
          <item.icon aria-hidden />
          {t(item.label)}
        </Link>
      </li>
    );
  };

  const entries = visibleEntries(user);
  const toAnswer = useToAnswerEntries(!!user);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <DrawerButton signedIn={!!user} autoFocus={start.focus && !start.open} />
      </SheetTrigger>
      <SheetContent closeLabel={t('header.closeMenu')}>
        <SheetTitle className="text-lg font-semibold">{t('header.menu')}</SheetTitle>
        <SheetDescription className="sr-only">{t('header.menuDescription')}</SheetDescription>
        {user ? (
          <div className="flex items-center gap-3 rounded-md bg-muted p-3">
            <Avatar imageUrl={user.profileImageUrl} fallback={avatarLetter(user)} />
            <div className="min-w-0">
              <p className="truncate font-semibold">{fullName(user)}</p>
              {user.email ? (
                <p className="truncate text-sm text-muted-foreground">{user.email}</p>
              ) : null}
            </div>
          </div>
        ) : null}
        {toAnswer.entries.length > 0 ? (
          <ul className="grid gap-1" aria-label={t('toAnswer.title')}>
            {toAnswer.entries.map((item) => (
              <li key={item.id}>
                <Link to={item.to} className={cn(linkClass(false), 'font-semibold')}>
                  <item.icon aria-hidden />
                  {item.text}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <nav aria-label={t('header.mainNavigation')}>
          <ul className="grid gap-1">{entries.filter((e) => e.menu === 'browse').map(entry)}</ul>
          {user ? (
            <>
              <hr className="my-3 border-border" />
              <ul className="grid gap-1">
                {entries.filter((e) => e.menu === 'account').map(entry)}
              </ul>
            </>
          ) : null}
        </nav>
        <div className="mt-auto grid gap-2">
          {user ? (
            <Button variant="outline" onClick={() => void logout()}>
              <LogOut aria-hidden />
              {t('nav.signOut')}
            </Button>
          ) : (
            <>
              <Button asChild>
                <Link to={paths.login()}>
                  <LogIn aria-hidden />
                  {t('nav.signIn')}
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={paths.register()}>
                  <UserPlus aria-hidden />
                  {t('nav.signUp')}
                </Link>
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
