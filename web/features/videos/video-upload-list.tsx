import { AlertCircle, CheckCircle2, Film, RotateCcw, ShieldCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';
import { RefusedFiles } from '../../components/ui/refused-files';
import { paths } from '../../paths';
import type { VideoItem, VideoUploads } from './use-video-uploads';
import { formatFileSize } from './video-files';

/**
 * The videos a listing form is sending: one row each with its progress, then "in review", and
 * what happens next (spec: the user is told they will be notified when ready).
 */
export function VideoUploadList({ uploads }: { uploads: VideoUploads }) {
  const { t } = useTranslation();
  if (uploads.items.length === 0 && uploads.refused.length === 0) return null;
  return (
    <div className="grid gap-3">
      <RefusedFiles
        title={t('videos.upload.refused')}
        lines={uploads.refused.map((file) => t('videos.upload.refusedFile', { ...file }))}
      />
      {uploads.items.length > 0 ? (
        <>
          <ul aria-label={t('videos.upload.listLabel')} className="grid gap-2">
            {uploads.items.map((item) => (
              <li key={item.key} className="rounded-lg border border-border bg-white p-3">
                <VideoRow
                  item={item}
                  onRemove={() => uploads.remove(item.key)}
                  onRetry={() => uploads.retry(item.key)}
                />
              </li>
            ))}
          </ul>
          <p
            role="status"
            className="flex items-start gap-2 rounded-md border border-primary/30 bg-primary-soft/40 p-3 text-sm text-zinc-800"
          >
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>
              {t('videos.upload.reviewNote')}{' '}
              <Link to={paths.myVideos()} className="font-medium text-primary underline">
                {t('videos.upload.openMyVideos')}
              </Link>
            </span>
          </p>
        </>
      ) : null}
    </div>
  );
}

function VideoRow({
  item,
  onRemove,
  onRetry,
}: {
  item: VideoItem;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const percent = Math.round(item.progress * 100);
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-3">
        <Film className="size-5 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-zinc-900">{item.name}</p>
          <p className="text-xs text-muted-foreground">
            {formatFileSize(item.size, i18n.language)}
          </p>
        </div>
        {item.status === 'error' ? (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={t('videos.upload.retry', { name: item.name })}
            onClick={onRetry}
          >
            <RotateCcw aria-hidden />
          </Button>
        ) : null}
        {item.status !== 'done' ? (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8 text-destructive"
            aria-label={t(
              item.status === 'uploading' ? 'videos.upload.cancel' : 'videos.upload.remove',
              { name: item.name },
            )}
            onClick={onRemove}
          >
            <X aria-hidden />
          </Button>
        ) : null}
      </div>
      {item.status === 'uploading' ? (
        <div className="grid gap-1">
          <Progress
            value={percent}
            aria-label={t('videos.upload.uploading', { name: item.name })}
          />
          <span className="text-xs text-muted-foreground">
            {t('videos.upload.percent', { percent })}
          </span>
        </div>
      ) : null}
      {item.status === 'done' ? (
        <span className="flex items-center gap-1 text-xs text-primary">
          <CheckCircle2 className="size-3.5" aria-hidden />
          {t('videos.upload.inReview')}
        </span>
      ) : null}
      {item.status === 'error' ? (
        <p className="flex items-start gap-1 text-xs text-destructive">
          <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
          {item.error}
        </p>
      ) : null}
    </div>
  );
}
