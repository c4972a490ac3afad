import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { PageSpinner } from '../../components/ui/spinner';
import { apiErrorText } from '../../lib/server-messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { useViewings } from './api';
import { FreeViewingNote } from './free-viewing-note';
import { groupViewings, ViewingGroup } from './viewing-lists';

/**
 * /bookings (the spec's Bookings, issue 38): the reader's viewings on both sides: requests to
 * answer first, then what is coming, what waits for a lister, and what is past.
 */
export default function ViewingsPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.login(paths.bookings())} replace />;
  return <Viewings />;
}

function Viewings() {
  const { t } = useTranslation();
  useDocumentTitle(t('viewings.list.title'));
  const asRenter = useViewings('renter');
  const asLister = useViewings('lister');
  const failed = asRenter.error ?? asLister.error;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 pb-16 pt-8 sm:px-6">
      <h1 className="text-2xl font-bold">{t('viewings.list.title')}</h1>
      <FreeViewingNote />
      {failed ? (
        <p role="alert">{apiErrorText(t, failed, t('viewings.list.loadFailed'))}</p>
      ) : !asRenter.data || !asLister.data ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <ViewingGroups groups={groupViewings(asRenter.data, asLister.data, new Date())} />
      )}
    </div>
  );
}

function ViewingGroups({ groups }: { groups: ReturnType<typeof groupViewings> }) {
  const { t } = useTranslation();
  const none = Object.values(groups).every((group) => group.length === 0);
  if (none) {
    return (
      <div className="grid justify-items-start gap-3">
        <p>{t('viewings.list.none')}</p>
        <Button asChild>
          <Link to={paths.search()}>{t('viewings.list.find')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <>
      <ViewingGroup title={t('viewings.list.toAnswer')} viewings={groups.toAnswer} />
      <ViewingGroup title={t('viewings.list.upcoming')} viewings={groups.upcoming} />
      <ViewingGroup title={t('viewings.list.waiting')} viewings={groups.waiting} />
      <ViewingGroup title={t('viewings.list.past')} viewings={groups.past} />
    </>
  );
}
