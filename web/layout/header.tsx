import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { paths } from '../paths';
import { Button } from '../components/ui/button';
import { Deferred } from '../components/ui/deferred';
import { AccountButton, BrowseButton, DrawerButton } from './header-triggers';
import { LanguagePicker } from './language-picker';
import { MessagesLink } from './messages-link';
import { Logo } from './logo';
import { isCurrentEntry, visibleEntries } from './nav-entries';

// The menus and the drawer (Radix: positioning, focus traps) load on first use, not with the
// page: a stand-in trigger that looks the same is there first, on the server's HTML too.
const loadBrowseMenu = () => import('./browse-menu');
const loadMobileDrawer = () => import('./mobile-drawer');
const loadUserMenu = () => import('./user-menu');

/** Sign In for visitors: a quiet button that shows when the sign-in page is the current one. */
function SignInLink({
  variant,
  size,
  className,
}: {
  variant: 'ghost' | 'outline';
  size?: 'sm';
  className?: string;
}) {
  const { t } = useTranslation();
  const current = useLocation().pathname === paths.login();
  return (
    <Button asChild size={size} variant={current ? 'secondary' : variant} className={className}>
      <Link to={paths.login()} aria-current={current ? 'page' : undefined}>
        {t('nav.signIn')}
      </Link>
    </Button>
  );
}

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
          <Deferred
            load={loadBrowseMenu}
            standIn={(handlers) => (
              <BrowseButton browsing={browsing} aria-haspopup="menu" {...handlers} />
            )}
          >
            {({ BrowseMenu }, start) => (
              <BrowseMenu entries={browse} browsing={browsing} start={start} />
            )}
          </Deferred>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LanguagePicker />
          {!isLoading && user ? <MessagesLink /> : null}
          {isLoading ? null : user ? (
            <>
              <Button asChild variant="outline" className="hidden md:inline-flex">
                <Link to={paths.listProperty()}>{t('nav.listProperty')}</Link>
              </Button>
              <div className="hidden md:block">
                <Deferred
                  load={loadUserMenu}
                  standIn={(handlers) => (
                    <AccountButton user={user} aria-haspopup="menu" {...handlers} />
                  )}
                >
                  {({ UserMenu }, start) => <UserMenu user={user} start={start} />}
                </Deferred>
              </div>
            </>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <SignInLink variant="ghost" />
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
          {!isLoading && !user ? (
            // Phones too show visitors Sign In (spec); Sign Up is in the drawer.
            <SignInLink variant="outline" size="sm" className="md:hidden" />
          ) : null}
          <div className="md:hidden">
            <Deferred
              load={loadMobileDrawer}
              standIn={(handlers) => (
                <DrawerButton signedIn={!!user} aria-haspopup="dialog" {...handlers} />
              )}
            >
              {({ MobileDrawer }, start) => <MobileDrawer user={user} start={start} />}
            </Deferred>
          </div>
        </div>
      </div>
    </header>
  );
}
