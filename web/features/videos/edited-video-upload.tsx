import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingVideo } from '#common/videos';
import { Progress } from '../../components/ui/progress';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { useUploadEditedVideo } from './api';
import { VIDEO_ACCEPT_LIST, videoRefusal } from './video-files';
import { apiErrorReason } from '../../lib/server-messages';

/**
 * "Upload edited video" for one pending video: choosing the file sends it at once, with a
 * progress bar; the server scans it, approves the video and tells its owner.
 */
export function EditedVideoUpload({ video, disabled }: { video: PendingVideo; disabled: boolean }) {
  const { t } = useTranslation();
  const inputId = useId();
  const upload = useUploadEditedVideo();
  const [progress, setProgress] = useState(0);
  const busy = upload.isPending;

  const failed = (description: string | undefined) =>
    toast({ title: t('videos.admin.failedUpload'), description, variant: 'destructive' });

  const send = (file: File) => {
    const refusal = videoRefusal(file);
    if (refusal) {
      failed(t(`videos.upload.${refusal}`));
      return;
    }
    setProgress(0);
    upload.mutate(
      { userId: video.userId, originalFileName: video.fileName, file, onProgress: setProgress },
      {
        onSuccess: () =>
          toast({
            title: t('videos.admin.editedUploaded'),
            description: t('videos.admin.editedUploadedText', { name: video.originalName }),
          }),
        onError: (error) =>
          failed(
            error instanceof ApiRequestError
              ? apiErrorReason(t, error)
              : t('videos.upload.networkError'),
          ),
      },
    );
  };

  return (
    <div className="grid min-w-56 flex-1 gap-2 sm:flex-none">
      <label
        htmlFor={inputId}
        className={cn(
          'inline-flex h-10 cursor-pointer items-center justify-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground transition-colors hover:bg-primary-hover has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary [&_svg]:size-4',
          (disabled || busy) && 'pointer-events-none opacity-60',
        )}
      >
        <Upload aria-hidden />
        {t('videos.admin.uploadEdited')}
        <input
          id={inputId}
          type="file"
          accept={VIDEO_ACCEPT_LIST}
          disabled={disabled || busy}
          aria-label={t('videos.admin.uploadEditedLabel', { name: video.originalName })}
          className="sr-only"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) send(file);
          }}
        />
      </label>
      {busy ? (
        <div className="grid gap-1">
          <Progress
            value={progress * 100}
            aria-label={t('videos.admin.uploadingEdited', { name: video.originalName })}
          />
          <span className="text-xs text-muted-foreground">
            {progress < 1
              ? t('videos.upload.percent', { percent: Math.round(progress * 100) })
              : t('videos.admin.finishing')}
          </span>
        </div>
      ) : null}
    </div>
  );
}
