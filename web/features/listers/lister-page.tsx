import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ListerProfile } from '#common/reviews';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { ListerBadgeList, PropertyCard, ResponseTimeLine } from '../properties';
import { ListerReviews } from '../reviews';
import { useLister } from './api';

/**
 * /listers/:handle (issue 40): who is behind listings, in one place: the name (an agent's
 * business name), what Abode checked, how they answer, since when they are here, their live
 * listings and what renters who came to see them said. Rendered on the server like the other
 * public pages; the handle is the one listings carry, never the account's id.
 */
export default function ListerPage() {
  const { handle = '' } = useParams();
  const lister = useLister(handle);
  const { t } = useTranslation();
  if (lister.isPending) return <PageSpinner />;
  if (lister.isError) {
    const missing = lister.error instanceof ApiRequestError && lister.error.status === 404;
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center">
        <p role="alert">{missing ? t('listerPage.notFound') : t('listerPage.loadFailed')}</p>
        <Button asChild variant="outline" className="mt-4">
          <Link to={paths.search()}>{t('listerPage.search')}</Link>
        </Button>
      </div>
    );
  }
  return <ListerDetails lister={lister.data} />;
}

function ListerDetails({ lister }: { lister: ListerProfile }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(lister.displayName);
  const since = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(
    new Date(lister.memberSince),
  );
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 pb-16 pt-8 sm:px-6">
      <header className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
          {lister.displayName}
        </h1>
        <p className="text-muted-foreground">{t(`listerPage.kind.${lister.userType}`)}</p>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarDays aria-hidden className="size-4" />
          {t('listerPage.memberSince', { date: since })}
        </p>
        <ResponseTimeLine responseTime={lister.responseTime} />
      </header>
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="grid content-start gap-8 lg:col-span-2">
          {/* What renters who came said comes first: it is why a renter opens this page. All
              of it, ten at a time (issue 51), not only the latest five. */}
          <ListerReviews handle={lister.handle} />
          <section aria-labelledby="lister-listings">
            <h2 id="lister-listings" className="text-xl font-semibold">
              {t('listerPage.listings', { count: lister.listings.length })}
            </h2>
            {lister.listings.length === 0 ? (
              <p className="mt-3 text-muted-foreground">{t('listerPage.noListings')}</p>
            ) : (
              <div className="mt-4 grid gap-6 sm:grid-cols-2">
                {lister.listings.map((property) => (
                  <PropertyCard key={property.id} property={property} headingLevel="h3" />
                ))}
              </div>
            )}
          </section>
        </div>
        <ListerBadgeList lister={lister.badges} ownerUserType={lister.userType} />
      </div>
    </div>
  );
}
