import {
  AlertCircle,
  ArrowLeft,
  ArrowRight,
  CheckCircle2,
  ImagePlus,
  RotateCcw,
  Trash2,
} from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES } from '#common/listing-rules';
import { Link } from 'react-router';
import type { PlanId } from '#common/plans';
import { paths } from '../../paths';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';
import { RefusedFiles } from '../../components/ui/refused-files';
import { cn } from '../../lib/utils';
import { isVideoFile, VIDEO_ACCEPT_LIST, type VideoUploads } from '../videos';
import type { ImageItem, ImageUploads } from './use-image-uploads';

const accept = [...IMAGE_MIME_TYPES, '.jpg', '.jpeg', '.png', '.gif', '.webp'].join(',');

/**
 * Choose or drop photos, see them, put them in order and remove them. The drop zone is the
 * file input's label, so it opens the picker on click, Enter and Space alike; each photo has
 * move-earlier/later buttons (and can be dragged) and its own progress bar while it uploads.
 * With `videos`, the same zone takes videos too: the files are sorted into photos and videos
 * (spec: Files), and the videos go to their own uploads.
 */
export function ImagePicker({
  uploads,
  label,
  videos,
  plan,
}: {
  uploads: ImageUploads;
  label: string;
  videos?: VideoUploads;
  /** The owner's plan, whose photo limit `uploads.max` is: named, with a link to the plans. */
  plan?: PlanId | null;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [dragOver, setDragOver] = useState(false);
  const [dragged, setDragged] = useState<string | null>(null);
  // A full set of photos closes the zone, unless it still takes videos (more photos are then
  // refused).
  const full = uploads.items.length >= uploads.max && !videos;

  const addFiles = (files: Iterable<File>) => {
    const all = [...files];
    const chosenVideos = videos ? all.filter(isVideoFile) : [];
    if (chosenVideos.length > 0) videos?.add(chosenVideos);
    const images = all.filter((file) => !chosenVideos.includes(file));
    if (images.length > 0 || chosenVideos.length === 0) uploads.add(images);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    if (event.dataTransfer.files.length > 0) addFiles(event.dataTransfer.files);
  };

  return (
    <div className="grid gap-3">
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-zinc-300 p-6 text-center transition-colors hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary',
          dragOver && 'border-primary bg-primary-soft/40',
          full && 'pointer-events-none opacity-60',
        )}
      >
        <ImagePlus className="size-8 text-primary" aria-hidden />
        <span className="font-medium text-zinc-900">{label}</span>
        <span id={hintId} className="text-sm text-muted-foreground">
          {t('uploads.hint', { max: uploads.max })}
          {videos ? (
            <>
              <br />
              {t('videos.upload.hint')}
            </>
          ) : null}
        </span>
        <input
          id={inputId}
          type="file"
          multiple
          accept={videos ? `${accept},${VIDEO_ACCEPT_LIST}` : accept}
          disabled={full}
          aria-describedby={hintId}
          className="sr-only"
          onChange={(event) => {
            const files = event.currentTarget.files;
            if (files && files.length > 0) addFiles(Array.from(files));
            // The same file may be chosen again after it was removed.
            event.currentTarget.value = '';
          }}
        />
      </label>

      {plan !== undefined ? (
        <p className="text-sm text-muted-foreground">
          {t('uploads.planLimit', {
            plan: t(`plans.names.${plan ?? 'basic'}`),
            max: uploads.max,
          })}{' '}
          <Link to={paths.listingPlans()} className="font-medium text-primary hover:underline">
            {t('uploads.comparePlans')}
          </Link>
        </p>
      ) : null}

      <RefusedFiles
        title={t('uploads.refused')}
        lines={uploads.rejected.map((file) => t('uploads.refusedFile', { ...file }))}
      />

      {uploads.items.length > 0 ? (
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {uploads.items.map((item, index) => (
            <li
              key={item.key}
              draggable
              onDragStart={(event) => {
                setDragged(item.key);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => {
                if (dragged) event.preventDefault();
              }}
              onDrop={(event) => {
                if (!dragged) return;
                event.preventDefault();
                event.stopPropagation();
                uploads.moveTo(dragged, index);
                setDragged(null);
              }}
              className={cn(
                'overflow-hidden rounded-lg border border-border bg-white',
                dragged === item.key && 'opacity-50',
              )}
            >
              <PhotoCard
                item={item}
                index={index}
                count={uploads.items.length}
                onMove={(offset) => uploads.move(item.key, offset)}
                onRemove={() => uploads.remove(item.key)}
                onRetry={() => uploads.retry(item.key)}
              />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function PhotoCard({
  item,
  index,
  count,
  onMove,
  onRemove,
  onRetry,
}: {
  item: ImageItem;
  index: number;
  count: number;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const position = { number: index + 1, total: count };
  const name = t('uploads.photoName', position);
  const busy = item.status === 'preparing' || item.status === 'uploading';
  return (
    <>
      <div className="relative aspect-[4/3] bg-zinc-100">
        <img
          src={item.preview ?? item.url}
          alt={name}
          className={cn('size-full object-cover', busy && 'opacity-70')}
        />
        {index === 0 ? <Badge className="absolute left-2 top-2">{t('uploads.cover')}</Badge> : null}
      </div>
      <div className="grid gap-2 p-2">
        {busy ? (
          <div className="grid gap-1">
            <Progress
              value={item.progress * 100}
              aria-label={t('uploads.uploadingPhoto', position)}
            />
            <span className="text-xs text-muted-foreground">
              {item.status === 'preparing'
                ? t('uploads.preparing')
                : t('uploads.percent', { percent: Math.round(item.progress * 100) })}
            </span>
          </div>
        ) : null}
        {item.status === 'done' && item.preview ? (
          <span className="flex items-center gap-1 text-xs text-primary">
            <CheckCircle2 className="size-3.5" aria-hidden />
            {t('uploads.uploaded')}
          </span>
        ) : null}
        {item.status === 'error' ? (
          <p className="flex items-start gap-1 text-xs text-destructive">
            <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
            {item.error}
          </p>
        ) : null}
        <div className="flex items-center gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            disabled={index === 0}
            aria-label={t('uploads.moveEarlier', position)}
            onClick={() => onMove(-1)}
          >
            <ArrowLeft aria-hidden />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            disabled={index === count - 1}
            aria-label={t('uploads.moveLater', position)}
            onClick={() => onMove(1)}
          >
            <ArrowRight aria-hidden />
          </Button>
          <span className="flex-1" />
          {item.status === 'error' && item.retryable ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={t('uploads.retry', position)}
              onClick={onRetry}
            >
              <RotateCcw aria-hidden />
            </Button>
          ) : null}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8 text-destructive"
            aria-label={t('uploads.remove', position)}
            onClick={onRemove}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
    </>
  );
}
