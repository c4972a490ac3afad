import { CheckCircle2, Copy, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminProperty, PhotoMatch } from '#common/admin';
import { photoDefaultUrl, photoUrl } from '#common/images';
import { proposedListing } from '#common/listing-changes';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { listingImages, placeText, priceParts, PropertyImage } from '../properties';
import { formatDate } from '../../lib/dates';
import { paths } from '../../paths';
import { ApprovalChanges } from './approval-changes';
import { ApprovalPlace } from './approval-place';
import { ApprovalTerms } from './approval-terms';
import { listerKind, OwnerDetails } from './owner-details';

/**
 * One listing of the approval queue: every photo at full width (the box keeps each photo's
 * own proportions, so nothing moves while they load), the listing's details and its owner,
 * with Approve and Reject.
 */
export function ApprovalItem({
  property: listing,
  busy,
  onApprove,
  onReject,
}: {
  property: AdminProperty;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t, i18n } = useTranslation();
  // What approving approves: a new listing, or an approved one with its waiting changes.
  const property = proposedListing(listing, (photo) => photoDefaultUrl(photo));
  const headingId = `approval-${property.id}`;
  const price = priceParts(property, t, i18n.language);
  const details = [
    { label: t('admin.approval.type'), value: t(`propertyType.${property.propertyType}`) },
    { label: t('admin.approval.category'), value: t(`category.${property.category}`) },
    { label: t('admin.approval.address'), value: property.address || '—' },
    // Private (issue 50): administrators and the owner see it, renters once confirmed.
    { label: t('admin.approval.streetAddress'), value: property.streetAddress || '—' },
    { label: t('admin.approval.place'), value: placeText(property) },
    { label: t('admin.approval.price'), value: price.text },
    { label: t('admin.approval.bedrooms'), value: String(property.bedrooms) },
    { label: t('admin.approval.bathrooms'), value: String(property.bathrooms) },
    {
      label: t('admin.approval.amenities'),
      value:
        property.amenities.length > 0
          ? property.amenities.map((amenity) => t(`amenity.${amenity}`)).join(', ')
          : t('admin.approval.noAmenities'),
    },
    {
      label: t('admin.approval.submitted'),
      value: formatDate(listing.pendingChanges?.submittedAt ?? property.createdAt, i18n.language),
    },
  ];

  return (
    <Card className="overflow-hidden">
      <article aria-labelledby={headingId}>
        <div className="border-b border-border p-4 sm:p-6">
          <h2
            id={headingId}
            tabIndex={-1}
            className="break-words text-xl font-semibold outline-none"
            data-queue-heading
          >
            {property.title}
          </h2>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge className="bg-amber-100 text-amber-900">{t('admin.status.pending')}</Badge>
            {property.hiddenForReports ? (
              <Badge className="bg-orange-100 text-orange-900">{t('reports.admin.hidden')}</Badge>
            ) : null}
            <Badge variant="outline">
              {t('admin.approval.photoCount', { count: listingImages(property).length })}
            </Badge>
          </div>
        </div>
        <div className="grid gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <Photos property={property} matches={listing.photoMatches} />
          <div className="grid content-start gap-6 lg:sticky lg:top-24">
            {listing.photoMatches.length > 0 ? (
              <p role="note" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm">
                {t('admin.approval.photoMatchesNote', {
                  count: new Set(listing.photoMatches.map((match) => match.photoKey)).size,
                })}
              </p>
            ) : null}
            {property.hiddenForReports ? (
              <p
                role="note"
                className="rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm"
              >
                {t('admin.approval.reportedNote')}
              </p>
            ) : null}
            <ApprovalChanges property={listing} />
            <ApprovalTerms property={property} />
            <section aria-labelledby={`${headingId}-details`}>
              <h3 id={`${headingId}-details`} className="font-semibold">
                {t('admin.approval.details')}
              </h3>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
                {details.map((row) => (
                  <div key={row.label} className="contents">
                    <dt className="text-muted-foreground">{row.label}</dt>
                    <dd className="break-words text-zinc-900">{row.value}</dd>
                  </div>
                ))}
              </dl>
              <h4 className="mt-4 text-sm font-semibold">{t('admin.approval.description')}</h4>
              <p className="mt-1 whitespace-pre-line break-words text-sm text-zinc-700">
                {property.description?.trim() || t('admin.approval.noDescription')}
              </p>
            </section>
            <ApprovalPlace
              place={listing.place}
              city={property.city}
              headingId={`${headingId}-place`}
            />
            <section aria-labelledby={`${headingId}-owner`}>
              <h3 id={`${headingId}-owner`} className="font-semibold">
                {listerKind(t, property.ownerUserType)}
              </h3>
              <OwnerDetails property={property} className="mt-2" />
            </section>
            <div className="flex flex-wrap gap-2">
              <Button
                disabled={busy}
                onClick={onApprove}
                aria-label={t('admin.approval.approveLabel', { title: property.title })}
              >
                <CheckCircle2 aria-hidden />
                {t('admin.approval.approve')}
              </Button>
              <Button
                variant="outline"
                className="text-destructive"
                disabled={busy}
                onClick={onReject}
                aria-label={t('admin.approval.rejectLabel', { title: property.title })}
              >
                <XCircle aria-hidden />
                {t('admin.approval.reject')}
              </Button>
            </div>
          </div>
        </div>
      </article>
    </Card>
  );
}

/**
 * Every photo, each opening its largest version in a new tab; a photo that is also on another
 * lister's listing (issue 50) has that listing's photo beside it, with its title and lister.
 */
function Photos({
  property,
  matches,
}: {
  property: AdminProperty;
  matches: readonly PhotoMatch[];
}) {
  const { t } = useTranslation();
  const images = listingImages(property);
  if (images.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-300 p-8 text-center text-muted-foreground">
        {t('admin.approval.noPhotos')}
      </p>
    );
  }
  return (
    <ul className="grid gap-4" aria-label={t('admin.approval.photos')}>
      {images.map((image, index) => {
        const alt = t('admin.photoAlt', {
          title: property.title,
          number: index + 1,
          total: images.length,
        });
        const ratio = 'photo' in image ? `${image.photo.width} / ${image.photo.height}` : '4 / 3';
        const original =
          'photo' in image
            ? photoUrl(image.photo.key, image.photo.widths.at(-1) ?? image.photo.width)
            : image.url;
        return (
          <li key={index}>
            <a
              href={original}
              target="_blank"
              rel="noreferrer"
              className="block overflow-hidden rounded-lg bg-muted focus-visible:ring-2 focus-visible:ring-primary"
              style={{ aspectRatio: ratio }}
            >
              <PropertyImage
                image={image}
                alt={alt}
                sizes="(min-width: 1280px) 800px, (min-width: 1024px) 60vw, 100vw"
                targetWidth={1200}
                eager={index === 0}
                className="object-contain"
              />
              <span className="sr-only">{t('common.opensInNewTab')}</span>
            </a>
            {'photo' in image
              ? matches
                  .filter((match) => match.photoKey === image.photo.key)
                  .map((match) => <PhotoMatchLine key={match.otherListing.id} match={match} />)
              : null}
          </li>
        );
      })}
    </ul>
  );
}

/** "This photo is also on …, listed by …", with the other listing's photo to compare. */
function PhotoMatchLine({ match }: { match: PhotoMatch }) {
  const { t } = useTranslation();
  const { title, lister, id } = match.otherListing;
  return (
    <div
      role="note"
      className="mt-2 grid gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]"
    >
      <img
        src={match.otherPhotoUrl}
        alt={t('admin.approval.photoMatchOther', { title })}
        loading="lazy"
        className="w-full rounded-md bg-muted object-contain"
      />
      <div className="grid content-start gap-1">
        <p className="flex gap-2 font-medium text-red-900">
          <Copy aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{t('admin.approval.photoMatch', { title, lister: lister.displayName })}</span>
        </p>
        <Link
          to={paths.property(id)}
          target="_blank"
          rel="noreferrer"
          className="text-primary underline-offset-2 hover:underline"
        >
          {t('admin.approval.photoMatchOpen')}
          <span className="sr-only"> {t('common.opensInNewTab')}</span>
        </Link>
      </div>
    </div>
  );
}
