import { Bath, BedDouble, MapPin, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { RentUnit } from '#common/money';
import type { Property } from '#common/properties';
import { hydratedOnInteraction } from '../../components/hydrate-on-interaction';
import { Badge } from '../../components/ui/badge';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/utils';
import { paths } from '../../paths';
import { ConfirmedAgo } from './confirmed-ago';
import { ConvertedRent } from './converted-rent';
import { FavoriteButton } from './favorite-button';
import { numberFormat } from '#common/number-format';
import { formatRating, hasRating, placeText, priceParts } from './format';
import { CardListerBadges } from './lister-badges';
import { MoveInLine } from './move-in-card-line';
import { listingImages, PropertyImage } from './property-image';

export type CardLayout = 'grid' | 'list';

const sizesFor: Record<CardLayout, string> = {
  grid: '(min-width: 1280px) 400px, (min-width: 1024px) 32vw, (min-width: 640px) 50vw, 100vw',
  list: '(min-width: 640px) 288px, 100vw',
};

export type PropertyCardProps = {
  property: Property;
  layout?: CardLayout;
  badge?: 'featured' | 'available';
  /** The first image of the page loads eagerly with high priority; the rest lazily. */
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
  /** Set when the card's list mixes currencies or periods: the unit rents are compared in. */
  compareIn?: RentUnit;
};

/**
 * A card of a list on the first pages (home, search): on a page rendered by the server it
 * hydrates on the reader's first interaction, not with the page.
 */
export const ListedPropertyCard = hydratedOnInteraction(PropertyCard);

/**
 * A listing in a grid or a list. The whole card opens the listing (its title link stretches
 * over it), while the heart stays a separate button above that link.
 */
export function PropertyCard({
  property,
  layout = 'grid',
  badge,
  priority = false,
  headingLevel = 'h2',
  compareIn,
}: PropertyCardProps) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel;
  const price = priceParts(property, t, i18n.language);
  const [first] = listingImages(property);
  const list = layout === 'list';
  // The listing's "Back to Search" returns to this very search.
  const location = useLocation();
  const from = location.pathname === '/search' ? location.pathname + location.search : undefined;

  return (
    <article
      className={cn(
        'group relative flex overflow-hidden rounded-xl border border-border bg-white shadow-sm transition hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-primary has-[a:focus-visible]:ring-offset-2',
        list ? 'flex-col sm:flex-row' : 'flex-col',
      )}
    >
      <div
        className={cn(
          'relative aspect-[4/3] shrink-0 overflow-hidden bg-muted',
          list && 'sm:aspect-auto sm:w-72',
        )}
      >
        <PropertyImage
          image={first}
          alt={first ? property.title : t('property.noImage')}
          sizes={sizesFor[layout]}
          priority={priority}
          className="transition duration-300 group-hover:scale-[1.03]"
        />
        {badge ? (
          <Badge
            variant={badge === 'featured' ? 'accent' : 'soft'}
            className="absolute left-3 top-3 shadow-sm"
          >
            {badge === 'featured' ? t('property.featured') : t('property.available')}
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className={cn('text-base font-semibold leading-snug', list && 'sm:pr-12')}>
          <Link
            to={paths.property(property.id)}
            state={from ? { from } : undefined}
            className="line-clamp-2 outline-none after:absolute after:inset-0 after:content-['']"
          >
            {property.title}
          </Link>
        </Heading>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{placeText(property)}</span>
          {property.distanceKm !== undefined ? (
            // A search near a place (issue 39): how far, from the listing's public point.
            <span data-distance className="shrink-0 whitespace-nowrap">
              {' · '}
              {t('maps.distanceKm', {
                distance: numberFormat(i18n.language, 1).format(property.distanceKm),
              })}
            </span>
          ) : null}
        </p>
        <CardListerBadges lister={property.lister} />
        <ConfirmedAgo
          confirmedAt={property.confirmedAt}
          className="text-xs text-muted-foreground"
        />
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700">
          <li className="flex items-center gap-1.5">
            <BedDouble className="size-4 text-zinc-500" aria-hidden />
            {t('property.bedrooms', { count: property.bedrooms })}
          </li>
          <li className="flex items-center gap-1.5">
            <Bath className="size-4 text-zinc-500" aria-hidden />
            {t('property.bathrooms', { count: property.bathrooms })}
          </li>
          {hasRating(property) ? (
            <li className="flex items-center gap-1.5">
              <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
              <span className="sr-only">{t('property.ratingLabel')}</span>
              {formatRating(property.averageRating, i18n.language)}
            </li>
          ) : null}
        </ul>
        {list && property.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{property.description}</p>
        ) : null}
        <p className="mt-auto pt-1">
          <span className="text-lg font-bold text-zinc-900">{price.amount}</span>
          <span className="text-sm text-muted-foreground">/{price.period}</span>
        </p>
        <ConvertedRent
          property={property}
          unit={compareIn}
          className="-mt-2 text-sm font-medium text-zinc-700"
        />
        <MoveInLine property={property} className="-mt-2 text-sm text-muted-foreground" />
      </div>
      {/* After the title in reading and tab order; drawn over the photo's corner. */}
      <div className="absolute right-3 top-3">
        <FavoriteButton property={property} variant="card" />
      </div>
    </article>
  );
}

/** What a card looks like while the listings load (spec: six of them). */
export function PropertyCardSkeleton({ layout = 'grid' }: { layout?: CardLayout }) {
  return (
    <div
      className={cn(
        'flex overflow-hidden rounded-xl border border-border bg-white',
        layout === 'list' ? 'flex-col sm:flex-row' : 'flex-col',
      )}
    >
      <Skeleton
        className={cn('aspect-[4/3] rounded-none', layout === 'list' && 'sm:aspect-auto sm:w-72')}
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-2 h-6 w-1/3" />
      </div>
    </div>
  );
}

export const SKELETON_COUNT = 6;

/** The grid (or list) the cards sit in, the same on every page that shows listings. */
export function cardListClass(layout: CardLayout): string {
  return layout === 'list' ? 'grid gap-4' : 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';
}
