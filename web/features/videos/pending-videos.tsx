import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, Download, Inbox, Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusWords, videoUrls, type PendingVideo } from '#common/videos';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { downloadVideo } from './api';
import { EditedVideoUpload } from './edited-video-upload';
import { formatFileSize } from './video-files';
import { apiErrorReason } from '../../lib/server-messages';

/** The Pending tab: every video scanning or waiting for review, oldest first. */
export function PendingVideos({ query }: { query: UseQueryResult<PendingVideo[]> }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-4">
        <Skeleton className="h-40 w-full rounded-xl" />
        <Skeleton className="h-40 w-full rounded-xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card className="p-8 text-center">
        <p className="text-muted-foreground">{t('videos.admin.loadFailed')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
          {t('videos.admin.retry')}
        </Button>
      </Card>
    );
  }
  const videos = query.data;
  return (
    <section aria-labelledby="pending-videos-heading" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="pending-videos-heading" className="text-lg font-semibold">
          {t('videos.admin.count', { count: videos.length })}
        </h2>
        <p className="text-sm text-muted-foreground">{t('videos.admin.refreshNote')}</p>
      </div>
      {videos.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-10 text-center">
          <Inbox className="size-10 text-primary" aria-hidden />
          <p className="font-semibold">{t('videos.admin.emptyTitle')}</p>
          <p className="text-sm text-muted-foreground">{t('videos.admin.emptyText')}</p>
        </Card>
      ) : (
        <ul className="grid gap-4">
          {videos.map((video) => (
            <li key={video.fileName}>
              <PendingVideoCard video={video} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingVideoCard({ video }: { video: PendingVideo }) {
  const { t, i18n } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const headingId = `video-${video.fileName}`;
  const scanning = video.status === 'scanning';

  const download = async () => {
    setDownloading(true);
    try {
      await downloadVideo(videoUrls.adminDownload(video.userId, video.fileName));
    } catch (error) {
      toast({
        title: t('videos.admin.failedDownload'),
        description: apiErrorReason(t, error),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card className="grid gap-4 p-5" aria-labelledby={headingId} role="article">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="mr-auto min-w-0 break-all text-base font-semibold">
          {video.originalName}
        </h3>
        <Badge variant={scanning ? 'outline' : 'accent'}>
          {t(`videos.status.${video.status}`, { defaultValue: statusWords(video.status) })}
        </Badge>
        {video.scanResult === 'unscanned' ? (
          <Badge className="bg-red-100 text-red-900">
            <AlertTriangle aria-hidden />
            {t('videos.admin.unscanned')}
          </Badge>
        ) : null}
      </div>
      {video.scanResult === 'unscanned' ? (
        <p className="text-sm text-red-900">{t('videos.admin.unscannedHelp')}</p>
      ) : null}
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Detail label={t('videos.admin.owner')}>
          {video.ownerName}
          {video.ownerEmail ? (
            <span className="block break-all text-muted-foreground">{video.ownerEmail}</span>
          ) : null}
        </Detail>
        <Detail label={t('videos.admin.listing')}>
          {video.propertyId && video.propertyTitle ? (
            <Link to={paths.property(video.propertyId)} className="text-primary underline">
              {video.propertyTitle}
            </Link>
          ) : (
            <span className="text-muted-foreground">{t('videos.admin.noListing')}</span>
          )}
        </Detail>
        <Detail label={t('videos.admin.size')}>
          {formatFileSize(video.fileSize, i18n.language)}
        </Detail>
        <Detail label={t('videos.admin.uploaded')}>
          {formatDateTime(video.uploadedAt, i18n.language)}
        </Detail>
      </dl>
      {scanning ? (
        <p className="text-sm text-muted-foreground">{t('videos.admin.scanningHelp')}</p>
      ) : null}
      <div className="flex flex-wrap items-start gap-3 border-t border-border pt-4">
        <Button
          variant="outline"
          disabled={scanning || downloading}
          aria-label={t('videos.admin.downloadLabel', { name: video.originalName })}
          onClick={() => void download()}
        >
          {downloading ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : (
            <Download aria-hidden />
          )}
          {t('videos.admin.download')}
        </Button>
        <EditedVideoUpload video={video} disabled={scanning} />
      </div>
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-zinc-600">{label}</dt>
      <dd className="mt-0.5 text-zinc-900">{children}</dd>
    </div>
  );
}
