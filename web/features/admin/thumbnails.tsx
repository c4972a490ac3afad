import { useTranslation } from 'react-i18next';
import type { AdminProperty } from '#common/admin';
import { listingImages, PropertyImage } from '../properties';

/** Spec: the admin list shows at most 3 thumbnails plus a count of the rest. */
export const MAX_THUMBNAILS = 3;

export function Thumbnails({
  property,
}: {
  property: Pick<AdminProperty, 'title' | 'photos' | 'images' | 'image'>;
}) {
  const { t } = useTranslation();
  const images = listingImages(property);
  const more = images.length - MAX_THUMBNAILS;
  if (images.length === 0) {
    return (
      <div className="flex size-16 items-center justify-center rounded-md bg-muted text-center text-xs text-muted-foreground">
        {t('admin.properties.noImages')}
      </div>
    );
  }
  return (
    <ul
      className="flex items-center gap-1.5"
      aria-label={t('admin.properties.photosOf', { title: property.title })}
    >
      {images.slice(0, MAX_THUMBNAILS).map((image, index) => (
        <li key={index} className="size-16 shrink-0 overflow-hidden rounded-md bg-muted">
          <PropertyImage
            image={image}
            alt={t('admin.photoAlt', {
              title: property.title,
              number: index + 1,
              total: images.length,
            })}
            sizes="64px"
            targetWidth={400}
          />
        </li>
      ))}
      {more > 0 ? (
        <li className="flex size-16 shrink-0 items-center justify-center rounded-md bg-zinc-100 text-sm font-semibold text-zinc-700">
          <span aria-hidden>+{more}</span>
          <span className="sr-only">{t('admin.properties.morePhotos', { count: more })}</span>
        </li>
      ) : null}
    </ul>
  );
}
