import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import type { User } from '#common/auth';
import { MAX_SAVED_SEARCHES } from '#common/saved-searches';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { useSavedSearches } from './api';
import { SavedSearchItem } from './saved-search-item';

/** /account/saved-searches (issue 21): the user's saved searches and how their alerts come. */
export default function SavedSearchesPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const { pathname } = useLocation();
  useDocumentTitle(t('savedSearches.page.title'));
  if (isLoading) return <PageSpinner />;
  // A visitor (an alert's link opened signed out) signs in and comes straight back.
  if (!user) return <Navigate to={paths.login(pathname)} replace />;
  return <SavedSearches user={user} />;
}

function SavedSearches({ user }: { user: User }) {
  const { t } = useTranslation();
  const list = useSavedSearches();
  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 pt-8 sm:px-6">
      <Link
        to={paths.accountSettings()}
        className="text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('nav.accountSettings')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
        {t('savedSearches.page.title')}
      </h1>
      <p className="mt-2 text-muted-foreground">{t('savedSearches.page.subtitle')}</p>
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <div
          role="alert"
          className="mt-8 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center"
        >
          <p className="font-semibold text-red-900">{t('savedSearches.page.loadError')}</p>
          <Button variant="outline" className="mt-4" onClick={() => void list.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : (
        <>
          <p role="status" className="mt-6 text-sm font-medium text-zinc-700">
            {t('savedSearches.page.count', {
              count: list.data.length,
              max: MAX_SAVED_SEARCHES,
            })}
          </p>
          {list.data.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="mt-4 grid gap-4">
              {list.data.map((saved) => (
                <li key={saved.id}>
                  <SavedSearchItem saved={saved} user={user} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/** Nothing saved yet: where the button is, and a way there. */
function EmptyState() {
  const { t } = useTranslation();
  return (
    <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed border-zinc-300 px-6 py-16 text-center">
      <BellRing className="size-10 text-primary" aria-hidden />
      <h2 className="mt-4 text-xl font-semibold">{t('savedSearches.page.emptyTitle')}</h2>
      <p className="mt-2 max-w-md text-muted-foreground">{t('savedSearches.page.emptyText')}</p>
      <Button asChild className="mt-6">
        <Link to={paths.search()}>{t('searchPage.browse')}</Link>
      </Button>
    </div>
  );
}
