import { Building2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_RENT_UNIT } from '#common/money';
import type { Property } from '#common/properties';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { useFeaturedProperties, useSearchProperties } from './api';
import { compareUnitOf } from './converted-rent';
import {
  cardListClass,
  ListedPropertyCard,
  PropertyCardSkeleton,
  SKELETON_COUNT,
} from './property-card';

/** Home lists at most six listings (spec, constants). */
export const HOME_LISTINGS = 6;
const availableQuery = { limit: String(HOME_LISTINGS) };

/**
 * The listings of the home page (spec): the first six featured ones with a Featured badge;
 * when none is featured, the first six of the search with an Available badge; when there is
 * nothing at all, an invitation to list a property.
 */
export default function HomeListings() {
  const { t } = useTranslation();
  const featured = useFeaturedProperties();
  const fallBack = featured.isError || (featured.isSuccess && featured.data.length === 0);
  const available = useSearchProperties(availableQuery, { enabled: fallBack });

  if (featured.isSuccess && featured.data.length > 0) {
    const shown = featured.data.slice(0, HOME_LISTINGS);
    // "Verified owners and agents" only when every lister shown is (issue 50): otherwise what
    // Abode checked of every listing, and each card's badges say the rest.
    const allVerified = shown.every(
      ({ lister }) => lister.identityVerified || lister.licensedAgent,
    );
    return (
      <ListingsSection
        title={t('home.featuredTitle')}
        subtitle={t(allVerified ? 'home.featuredVerifiedText' : 'home.featuredText')}
        properties={shown}
        badge="featured"
      />
    );
  }
  if (available.isSuccess && available.data.properties.length > 0) {
    return (
      <ListingsSection
        title={t('home.availableTitle')}
        subtitle={t('home.availableText')}
        properties={available.data.properties.slice(0, HOME_LISTINGS)}
        badge="available"
      />
    );
  }
  if (available.isSuccess || available.isError) return <NothingYet />;
  return <LoadingSection />;
}

function ListingsSection({
  title,
  subtitle,
  properties,
  badge,
}: {
  title: string;
  subtitle: string;
  properties: Property[];
  badge: 'featured' | 'available';
}) {
  const { t } = useTranslation();
  const headingId = useId();
  // The constant unit or undefined, so the memoised cards keep their props (decision 026).
  const compareIn = compareUnitOf(properties, DEFAULT_RENT_UNIT);
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-2xl font-bold sm:text-3xl">
            {title}
          </h2>
          <p className="mt-1 text-muted-foreground">{subtitle}</p>
        </div>
        <Button asChild variant="outline">
          <Link to={paths.search()}>{t('landing.viewAll')}</Link>
        </Button>
      </div>
      <ul className={`mt-6 ${cardListClass('grid')}`}>
        {properties.map((property, index) => (
          <li key={property.id} className="grid">
            <ListedPropertyCard
              property={property}
              badge={badge}
              headingLevel="h3"
              priority={index === 0}
              compareIn={compareIn}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function LoadingSection() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('common.loading')}
      className="mx-auto max-w-7xl px-4 py-14 sm:px-6"
    >
      <Skeleton className="h-8 w-64" />
      <Skeleton className="mt-2 h-5 w-80 max-w-full" />
      <div className={`mt-6 ${cardListClass('grid')}`}>
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <PropertyCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

/** Nothing is listed yet: invite owners and agents (signed-in users list directly). */
function NothingYet() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  return (
    <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <div className="flex flex-col items-center rounded-xl border border-dashed border-zinc-300 px-6 py-16 text-center">
        <Building2 className="size-10 text-primary" aria-hidden />
        <h2 className="mt-4 text-xl font-semibold">{t('home.emptyTitle')}</h2>
        <p className="mt-2 max-w-md text-muted-foreground">{t('home.emptyText')}</p>
        <Button asChild className="mt-6">
          <Link
            to={user ? paths.listProperty() : paths.register({ userType: 'property_professional' })}
          >
            {t('nav.listProperty')}
          </Link>
        </Button>
      </div>
    </section>
  );
}
