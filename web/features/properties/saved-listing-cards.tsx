import { useTranslation } from 'react-i18next';
import { DEFAULT_RENT_UNIT } from '#common/money';
import type { SavedListing, UnavailableSavedListing } from '#common/saved-listings';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';
import { isAvailable } from './api';
import { compareUnitOf } from './converted-rent';
import { FavoriteButton } from './favorite-button';
import { cardListClass, PropertyCard, type CardLayout } from './property-card';
import { PropertyImage } from './property-image';

/**
 * Saved Properties' cards (issue 34): a live listing's card as search shows it; one that is
 * not live any more keeps its place with its state ("Rented", "Unavailable for now"), its
 * title, photo and city, and the heart to forget it; it is not a link (its page would be a
 * 404 to the saver).
 */
export function SavedListingCards({
  listings,
  layout,
}: {
  listings: SavedListing[];
  layout: CardLayout;
}) {
  const compareIn = compareUnitOf(listings.filter(isAvailable), DEFAULT_RENT_UNIT);
  return (
    <ul className={cardListClass(layout)}>
      {listings.map((listing, index) => (
        <li key={listing.id} className="grid">
          {isAvailable(listing) ? (
            <PropertyCard
              property={listing}
              layout={layout}
              priority={index === 0}
              compareIn={compareIn}
            />
          ) : (
            <UnavailableSavedCard listing={listing} layout={layout} />
          )}
        </li>
      ))}
    </ul>
  );
}

export function UnavailableSavedCard({
  listing,
  layout,
}: {
  listing: UnavailableSavedListing;
  layout: CardLayout;
}) {
  const { t } = useTranslation();
  const list = layout === 'list';
  const state = t(`savedListing.${listing.availability}`);
  return (
    <article
      aria-label={t('savedListing.label', { title: listing.title, state })}
      className={cn(
        'relative flex overflow-hidden rounded-xl border border-border bg-white shadow-sm',
        list ? 'flex-col sm:flex-row' : 'flex-col',
      )}
    >
      <div
        className={cn(
          'relative aspect-[4/3] shrink-0 overflow-hidden bg-muted grayscale',
          list && 'sm:aspect-auto sm:w-72',
        )}
      >
        <PropertyImage
          image={listing.image ? { url: listing.image } : undefined}
          alt={listing.image ? listing.title : t('property.noImage')}
          sizes="(min-width: 640px) 288px, 100vw"
        />
        <Badge variant="soft" className="absolute left-3 top-3 shadow-sm">
          {state}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2
          className={cn('text-base font-semibold leading-snug text-zinc-700', list && 'sm:pr-12')}
        >
          {listing.title}
        </h2>
        <p className="text-sm text-muted-foreground">{listing.city}</p>
        <p className="text-sm text-zinc-700">{t(`savedListing.${listing.availability}Text`)}</p>
      </div>
      <div className="absolute right-3 top-3">
        <FavoriteButton property={{ ...listing, isFavorite: true }} variant="card" />
      </div>
    </article>
  );
}
