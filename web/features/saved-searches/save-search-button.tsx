import { BellPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';

// The search page is a first page with a few KB of budget left (docs/performance.md): this
// button is all it carries; the dialog, its form, Zod and the API hooks load on demand, and
// start loading as soon as the pointer or focus reaches the button.
const loadDialog = () => import('./save-search-dialog');
const SaveSearchDialog = lazy(loadDialog);
const preload = () => void loadDialog();

/**
 * "Save this search" (issue 21) on /search. A visitor goes to sign in and comes back to the
 * same search, saved for them (issue 51); a signed-in user gets the dialog that saves it with
 * its alert settings.
 */
export function SaveSearchButton({ query }: { query: Record<string, string> }) {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const label = (
    <>
      <BellPlus aria-hidden />
      {t('savedSearches.save')}
    </>
  );
  if (!user && !isLoading) {
    return (
      <Button asChild variant="outline">
        <Link to={paths.login(pathname + search, 'save-search')}>{label}</Link>
      </Button>
    );
  }
  return (
    <>
      <Button
        type="button"
        variant="outline"
        disabled={isLoading}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {open && user ? (
        <Suspense fallback={null}>
          <SaveSearchDialog user={user} query={query} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
