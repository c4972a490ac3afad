import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { type KeyboardEvent, type TouchEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoDefaultUrl, photoUrl } from '#common/images';
import { useDataSaver } from '../../lib/data-saver';
import { cn } from '../../lib/utils';
import { PropertyImage, type ListingImage } from './property-image';

const SWIPE_THRESHOLD = 50;

function thumbnailUrl(image: ListingImage): string {
  return 'url' in image ? image.url : photoUrl(image.photo.key, image.photo.widths[0] ?? 400);
}

/** The photo at the size a large screen shows it: where a thumbnail leads without a script. */
function fullUrl(image: ListingImage): string {
  return 'url' in image ? image.url : photoDefaultUrl(image.photo, 1200);
}
const frame =
  'relative aspect-[4/3] overflow-hidden rounded-xl bg-muted sm:aspect-[16/9] lg:aspect-[2/1]';

/**
 * The listing's photos: one large, thumbnails below. Arrow keys (Home and End too) move
 * through them when the gallery has focus, a swipe does on touch screens. The first photo
 * loads eagerly with high priority (it is the page's largest image); thumbnails lazily. With
 * data saver on, thumbnails are numbers: each photo loads when the reader opens it.
 */
export function Gallery({ images, title }: { images: ListingImage[]; title: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const dataSaver = useDataSaver();
  const touchStartX = useRef<number | null>(null);
  const count = images.length;

  if (count === 0) {
    return (
      <div className={cn(frame, 'flex flex-col items-center justify-center gap-2 text-zinc-600')}>
        <ImageOff className="size-10" aria-hidden />
        <p className="font-medium">{t('property.noImage')}</p>
      </div>
    );
  }

  const show = (next: number) => setIndex(((next % count) + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined || count < 2) return;
    event.preventDefault();
    show(next);
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start === null || end === undefined || count < 2) return;
    if (end - start > SWIPE_THRESHOLD) show(index - 1);
    else if (start - end > SWIPE_THRESHOLD) show(index + 1);
  };

  const current = images[index]!;
  return (
    <section
      aria-roledescription={t('gallery.roleDescription')}
      aria-label={t('gallery.label', { title })}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="rounded-xl"
    >
      <div
        className={cn(frame, 'bg-cover bg-center')}
        // The thumbnail's small file shows through while the large one loads (with data saver
        // the photo is that small file: nothing to show through).
        style={dataSaver ? undefined : { backgroundImage: `url("${thumbnailUrl(current)}")` }}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <PropertyImage
          key={'photo' in current ? current.photo.key : current.url}
          image={current}
          alt={t('gallery.photoAlt', { title, number: index + 1, total: count })}
          // Two thirds of the page from the large breakpoint, the card beside (issue 51).
          sizes="(min-width: 1280px) 795px, (min-width: 1024px) 66vw, 100vw"
          targetWidth={1200}
          priority={index === 0}
          eager
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => show(index - 1)}
              aria-label={t('gallery.previous')}
              className="absolute left-3 top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-zinc-900 shadow hover:bg-white"
            >
              <ChevronLeft className="size-5" aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => show(index + 1)}
              aria-label={t('gallery.next')}
              className="absolute right-3 top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-zinc-900 shadow hover:bg-white"
            >
              <ChevronRight className="size-5" aria-hidden />
            </button>
            <p
              aria-hidden
              className="absolute bottom-3 right-3 rounded-full bg-black/70 px-3 py-1 text-sm font-medium text-white"
            >
              {index + 1} / {count}
            </p>
            <p aria-live="polite" className="sr-only">
              {t('gallery.position', { number: index + 1, total: count })}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1">
          {images.map((image, i) => (
            <li key={'photo' in image ? image.photo.key : image.url} className="shrink-0">
              {/* A link to the photo itself, so every photo can be seen before any script
                  has run (issue 36); the script shows it in the frame instead. */}
              <a
                href={fullUrl(image)}
                role="button"
                onClick={(event) => {
                  event.preventDefault();
                  show(i);
                }}
                onKeyDown={(event) => {
                  if (event.key !== ' ') return;
                  event.preventDefault();
                  show(i);
                }}
                aria-label={t('gallery.show', { number: i + 1, total: count })}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'block h-16 w-24 overflow-hidden rounded-md border-2 sm:h-20 sm:w-28',
                  i === index
                    ? 'border-primary'
                    : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                {dataSaver ? (
                  // Data saver: a photo loads only when the reader opens it.
                  <span className="flex size-full items-center justify-center bg-zinc-100 text-sm font-medium text-zinc-700">
                    {i + 1}
                  </span>
                ) : (
                  <PropertyImage image={image} alt="" sizes="112px" targetWidth={0} />
                )}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
