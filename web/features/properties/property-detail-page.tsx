import {
  ArrowLeft,
  Bath,
  BedDouble,
  Building2,
  KeyRound,
  MapPin,
  Pencil,
  Star,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { listingStatus } from '#common/listing-rules';
import type { Property } from '#common/properties';
import { hydratedOnInteraction } from '../../components/hydrate-on-interaction';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { cn } from '../../lib/utils';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { useProperty } from './api';
import { AdminPreviewBanner, OwnerPreviewBanner, RentedBanner } from './listing-state-banners';
import { AmenityIcon } from './amenity-icon';
import { ConfirmedAgo } from './confirmed-ago';
import { ContactAction, ResponseTimeLine } from './contact-actions';
import { FavoriteButton } from './favorite-button';
import { formatRating, hasRating, priceParts } from './format';
import { Gallery } from './gallery';
import { ListerBadgeList } from './lister-badges';
import { ListingReviews, useAskedForMoneyRecently } from '../reviews';
import { AreaMap } from './area-map';
import { MoveInCard } from './move-in-card';
import { MoveInLine } from './move-in-card-line';
import { listingImages } from './property-image';
import { PropertyLoadFailed, PropertyNotFound } from './property-not-found';
import { ReportListing } from '../reports';
import { ReviewedBadge } from './reviewed-badge';
import { SafetyAdvice } from './safety-advice';
import { ShareButton } from './share-button';
import { Island } from '../../components/island';

/** /property/:id: one listing, or "Property not found" when it is missing or not public. */
export default function PropertyDetailPage() {
  const { id = '' } = useParams();
  const property = useProperty(id);

  if (property.isPending) return <DetailSkeleton />;
  if (property.isError) {
    const missing =
      property.error instanceof ApiRequestError &&
      (property.error.status === 404 || property.error.status === 400);
    return missing ? (
      <PropertyNotFound />
    ) : (
      <PropertyLoadFailed onRetry={() => void property.refetch()} />
    );
  }
  // Keyed by listing, so moving to another one starts its gallery at the first photo.
  return <PropertyDetail key={property.data.id} property={property.data} />;
}

/** Where "Back to Search" goes: the search the reader came from, else all listings. */
function useBackToSearch(): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/search') ? from : paths.search();
}

/**
 * One listing. On a page rendered by the server its four parts (photos, headline, the price
 * and contact card, the details) hydrate on the reader's first interaction (decision 020);
 * each is memoised on the listing, which keeps its identity in the query cache.
 */
function PropertyDetail({ property }: { property: Property }) {
  const { t } = useTranslation();
  const backTo = useBackToSearch();
  useDocumentTitle(property.title);
  const { user: viewer } = useCurrentUser();
  const status = listingStatus(property);

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 pt-6 sm:px-6">
      <Link
        to={backTo}
        // On a visitor's page, opened from a search by a plain link, the boot script points it
        // back at that search (decision 030).
        data-back-to-search=""
        className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('property.backToSearch')}
      </Link>

      {property.isOwn ? (
        <OwnerPreviewBanner property={property} />
      ) : viewer?.isAdmin && status !== 'live' && status !== 'rented' ? (
        <AdminPreviewBanner property={property} />
      ) : null}
      {isRented(property) ? <RentedBanner property={property} /> : null}

      {/* Phones: the photos, the headline, then price and contact, then the details. Wide:
          the photos in two thirds with the headline below them and the price and contact card
          beside, so the title, the rent and Message and Book are on the first screen of a
          1 280 x 800 window (issue 51). */}
      <div className="grid gap-8 lg:grid-cols-3 lg:grid-rows-[auto_auto_1fr] lg:gap-x-10 lg:gap-y-6">
        <div className="min-w-0 lg:col-span-2 lg:row-start-1">
          <ListingGallery property={property} />
        </div>
        <Headline property={property} />
        <aside
          aria-label={t('property.contactCard')}
          className="lg:col-start-3 lg:row-span-3 lg:row-start-1"
        >
          <PriceAndContact property={property} />
        </aside>
        <Details property={property} />
      </div>
    </div>
  );
}

/** Let by its owner (issue 21): readers learn so first, and are not offered to get in touch. */
const isRented = (property: Property) => property.rentedAt !== null && !property.isOwn;

const ListingGallery = hydratedOnInteraction(function ListingGallery({
  property,
}: {
  property: Property;
}) {
  return (
    <Island
      name="gallery"
      component={Gallery}
      props={{ images: listingImages(property), title: property.title }}
    />
  );
});

const Headline = hydratedOnInteraction(function Headline({ property }: { property: Property }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="min-w-0 lg:col-span-2 lg:row-start-2">
      <div className="flex flex-wrap items-center gap-2">
        {property.isVerified ? <ReviewedBadge /> : null}
        <Badge variant="outline">{t(`category.${property.category}`)}</Badge>
        {/* Beside the review badge, the other sign that the listing is true; not on a
            rented one, where it would suggest the place is still free. */}
        {property.rentedAt ? null : (
          <ConfirmedAgo
            confirmedAt={property.confirmedAt}
            className="text-sm text-muted-foreground"
          />
        )}
      </div>
      <h1 className="mt-3 break-words text-2xl font-bold tracking-tight sm:text-3xl">
        {property.title}
      </h1>
      <p className="mt-2 flex items-start gap-1.5 text-muted-foreground">
        <MapPin className="mt-0.5 size-5 shrink-0" aria-hidden />
        {fullAddress(property)}
      </p>
      {hasRating(property) ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm">
          <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
          <span className="font-semibold">
            <span className="sr-only">{t('property.ratingLabel')} </span>
            {formatRating(property.averageRating, i18n.language)}
          </span>
          {property.reviewCount > 0 ? (
            <span className="text-muted-foreground">
              {t('property.reviews', { count: property.reviewCount })}
            </span>
          ) : null}
        </p>
      ) : null}

      {/* On a phone the type has a row of its own: "Self-contained", "Abgeschlossene Einheit"
          are wider than a third of 390 px and would break inside a word (issue 51). */}
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact
          icon={<BedDouble aria-hidden />}
          label={t('property.bedroomsLabel')}
          value={property.bedrooms}
        />
        <Fact
          icon={<Bath aria-hidden />}
          label={t('property.bathroomsLabel')}
          value={property.bathrooms}
        />
        <Fact
          icon={<Building2 aria-hidden />}
          label={t('property.typeLabel')}
          value={t(`propertyType.${property.propertyType}`)}
          className="col-span-2 sm:col-span-1"
        />
      </dl>
    </div>
  );
});

const PriceAndContact = hydratedOnInteraction(function PriceAndContact({
  property,
}: {
  property: Property;
}) {
  const { t, i18n } = useTranslation();
  const price = priceParts(property, t, i18n.language);
  const askedForMoney = useAskedForMoneyRecently(property.id);
  return (
    <Card className="grid gap-4 p-6 lg:sticky lg:top-24">
      <div>
        <p>
          <span className="text-3xl font-bold text-zinc-900">{price.amount}</span>
          <span className="text-muted-foreground">/{price.period}</span>
        </p>
        <MoveInLine property={property} className="mt-1 text-muted-foreground" />
      </div>
      {property.isOwn ? (
        // The owner's own listing: edit it, rather than save it or contact oneself.
        <div className="flex gap-2">
          <Button asChild className="flex-1">
            <Link to={paths.editProperty(property.id)}>
              <Pencil aria-hidden />
              {t('property.editListing')}
            </Link>
          </Button>
          <Island name="share" component={ShareButton} props={{ title: property.title }} />
        </div>
      ) : isRented(property) ? (
        // Nobody to contact about it any more, and no list it could be saved to.
        <>
          <Island name="share" component={ShareButton} props={{ title: property.title }} />
          <hr className="border-border" />
          <p className="flex items-start gap-2 text-sm font-medium">
            <KeyRound className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {t('property.rented.cardText')}
          </p>
          <ReportListing
            propertyId={property.id}
            title={property.title}
            isOwn={false}
            reportedAt={property.reportedByMe}
          />
        </>
      ) : (
        <>
          <div className="flex gap-2">
            <FavoriteButton property={property} variant="detail" />
            <Island name="share" component={ShareButton} props={{ title: property.title }} />
          </div>
          <hr className="border-border" />
          <ContactAction propertyId={property.id} />
          <ResponseTimeLine responseTime={property.lister.responseTime} />
          <p className="text-sm text-muted-foreground">{t('property.contactFree')}</p>
          <p className="text-sm text-muted-foreground">{t('property.viewingsFree')}</p>
          <SafetyAdvice askedForMoney={askedForMoney} />
          <ReportListing
            propertyId={property.id}
            title={property.title}
            isOwn={false}
            reportedAt={property.reportedByMe}
          />
        </>
      )}
    </Card>
  );
});

const Details = hydratedOnInteraction(function Details({ property }: { property: Property }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 lg:col-span-2 lg:row-start-3">
      <MoveInCard property={property} />
      <ListerBadgeList
        lister={property.lister}
        ownerUserType={property.ownerUserType}
        className="my-8"
      />
      <section>
        <h2 className="text-xl font-semibold">{t('property.description')}</h2>
        <p className="mt-3 whitespace-pre-line text-zinc-700">
          {property.description?.trim() || t('property.noDescription')}
        </p>
      </section>

      <section className="mt-8">
        <h2 className="text-xl font-semibold">{t('property.amenities')}</h2>
        {property.amenities.length > 0 ? (
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {property.amenities.map((amenity) => (
              <li key={amenity} className="flex items-center gap-2 text-zinc-800">
                <AmenityIcon amenity={amenity} className="size-5 text-primary" />
                {t(`amenity.${amenity}`)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-muted-foreground">{t('property.noAmenities')}</p>
        )}
      </section>

      <ListingReviews propertyId={property.id} />
      <AreaMap property={property} />
    </div>
  );
});

/** "12 Palm Street, Osu, Accra, Ghana": the city and country unless the address has them. */
function fullAddress(property: Pick<Property, 'address' | 'city' | 'country'>): string {
  const parts = property.address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const part of [property.city, property.country]) {
    if (part && !parts.some((p) => p.toLowerCase() === part.toLowerCase())) parts.push(part);
  }
  return parts.join(', ');
}

function Fact({
  icon,
  label,
  value,
  className,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0 rounded-lg border border-border p-3', className)}>
      <dt className="grid gap-2 text-xs text-muted-foreground [&_svg]:size-5 [&_svg]:text-primary">
        {icon}
        {label}
      </dt>
      {/* Breaks between words; inside one only when it is wider than the tile. */}
      <dd className="font-semibold break-words">{value}</dd>
    </div>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('common.loading')}
      className="mx-auto max-w-7xl px-4 py-6 sm:px-6"
    >
      <Skeleton className="mb-4 h-5 w-32" />
      <Skeleton className="aspect-[4/3] rounded-xl sm:aspect-[16/9] lg:aspect-[2/1]" />
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="grid gap-3 lg:col-span-2">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="mt-4 h-24 w-full" />
        </div>
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}
