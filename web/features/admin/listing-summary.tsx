import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProperty } from '#common/admin';
import { listingImages, placeText, priceParts, PropertyImage } from '../properties';

/** A listing in a short row: its first photo, title, place and price (Featured tab). */
export function ListingSummary({
  property,
  children,
}: {
  property: AdminProperty;
  /** Under the title: badges, for one. */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [first] = listingImages(property);
  const price = priceParts(property, t, i18n.language);
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3">
      <div className="size-16 shrink-0 overflow-hidden rounded-md bg-muted">
        {/* The title beside says what it shows. */}
        <PropertyImage image={first} alt="" sizes="64px" targetWidth={400} />
      </div>
      <div className="grid min-w-0 gap-1">
        <h3 className="break-words font-semibold leading-snug">{property.title}</h3>
        <p className="text-sm text-muted-foreground">
          {placeText(property)} · {price.text}
        </p>
        {children}
      </div>
    </div>
  );
}
