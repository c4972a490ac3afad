import { useState } from 'react';
import { photoDefaultUrl, photoSrcSet, photoUrl, type Photo } from '#common/images';
import type { Property } from '#common/properties';
import { useDataSaver } from '../../lib/data-saver';
import { cn } from '../../lib/utils';

/** Our own stand-in for a listing without a usable photo (no third-party host). */
export const PLACEHOLDER_IMAGE = '/placeholder-property.svg';
const PLACEHOLDER_SIZE = { width: 800, height: 600 };

export type ListingImage = { photo: Photo } | { url: string };

/** A listing's images, best first: responsive photos, else the plain URLs of older answers. */
export function listingImages(property: Pick<Property, 'photos' | 'images' | 'image'>) {
  if (property.photos.length > 0) return property.photos.map((photo) => ({ photo }));
  const urls =
    property.images.length > 0 ? property.images : property.image ? [property.image] : [];
  return urls.map((url) => ({ url }));
}

/**
 * One listing image: a srcset of the WebP variants with width and height set (no layout
 * shift), lazy unless it is the first image of the page, and our placeholder when the file
 * does not load. With data saver on (lib/data-saver.ts), only the smallest size. Key it by source when the source changes, so a failure is not carried over.
 */
export function PropertyImage({
  image,
  alt,
  sizes,
  priority = false,
  eager = priority,
  targetWidth = 800,
  className,
}: {
  image: ListingImage | undefined;
  alt: string;
  sizes: string;
  /** The first image of a page: loaded at once, with high priority. */
  priority?: boolean;
  /** Loaded at once without the priority (an image that is on screen when it appears). */
  eager?: boolean;
  targetWidth?: number;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const dataSaver = useDataSaver();
  const loading = eager ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  const classes = cn('size-full object-cover', className);

  if (!image || failed) {
    return (
      <img
        src={PLACEHOLDER_IMAGE}
        alt={alt}
        {...PLACEHOLDER_SIZE}
        loading={loading}
        className={classes}
      />
    );
  }
  if ('url' in image) {
    return (
      <img
        src={image.url}
        alt={alt}
        {...PLACEHOLDER_SIZE}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        onError={() => setFailed(true)}
        className={classes}
      />
    );
  }
  const { photo } = image;
  // Data saver: the smallest size only, whatever the screen.
  return (
    <img
      src={
        dataSaver
          ? photoUrl(photo.key, photo.widths[0] ?? 400)
          : photoDefaultUrl(photo, targetWidth)
      }
      srcSet={dataSaver ? undefined : photoSrcSet(photo)}
      sizes={dataSaver ? undefined : sizes}
      width={photo.width}
      height={photo.height}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      onError={() => setFailed(true)}
      className={classes}
    />
  );
}
