import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../features/auth/api';
import { paths } from '../../paths';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '../ui/dropdown-menu';
import { LanguagePicker } from './language-picker';
import { Logo } from './logo';
import { MobileDrawer } from './mobile-drawer';
import { NavMenuItems } from './nav-menu-items';
import { isCurrentEntry, visibleEntries } from './nav-entries';
import { UserMenu } from './user-menu';

/** The header of every page (spec): desktop dropdown navigation, mobile side drawer. */
export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user, isLoading } = useCurrentUser();
  const browse = visibleEntries(user).filter((entry) => entry.menu === 'browse');
  const browsing = browse.some((entry) => isCurrentEntry(entry, pathname));

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Logo />
        <nav aria-label={t('header.mainNavigation')} className="ml-4 hidden md:block">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                className={cn(browsing && 'bg-primary-soft text-primary-hover')}
              >
                {t('header.browse')}
                <ChevronDown aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start" className="w-64">
              <NavMenuItems entries={browse} />
            </DropdownMenuContent>
          </DropdownMenu>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LanguagePicker />
          {isLoading ? null : user ? (
            <>
              <Button asChild variant="outline" className="hidden md:inline-flex">
                <Link to={paths.listProperty()}>{t('nav.listProperty')}</Link>
              </Button>
              <div className="hidden md:block">
                <UserMenu user={user} />
              </div>
            </>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant={pathname === paths.login() ? 'secondary' : 'ghost'}>
                <Link
                  to={paths.login()}
                  aria-current={pathname === paths.login() ? 'page' : undefined}
                >
                  {t('nav.signIn')}
                </Link>
              </Button>
              <Button asChild>
                <Link
                  to={paths.register()}
                  aria-current={pathname === paths.register() ? 'page' : undefined}
                >
                  {t('nav.signUp')}
                </Link>
              </Button>
            </div>
          )}
          <div className="md:hidden">
            <MobileDrawer user={user} />
          </div>
        </div>
      </div>
    </header>
  );
}
