import { Download, Film, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import type { ApprovedVideo } from '#common/videos';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { PageSpinner } from '../../components/ui/spinner';
import { formatDate } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { downloadVideo, useApprovedVideos } from './api';
import { formatFileSize } from './video-files';
import { apiErrorReason } from '../../lib/server-messages';

/** /user/videos (spec: My Videos): the signed-in user's approved videos, to download. */
export default function MyVideosPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  useDocumentTitle(t('videos.mine.title'));
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.login(location.pathname)} replace />;
  return <MyVideos />;
}

function MyVideos() {
  const { t } = useTranslation();
  const videos = useApprovedVideos();

  useEffect(() => {
    if (videos.isError) {
      toast({
        title: t('videos.mine.failedFetch'),
        description: apiErrorReason(t, videos.error),
        variant: 'destructive',
      });
    }
  }, [videos.isError, videos.error, t]);

  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 pt-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('videos.mine.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('videos.mine.subtitle')}</p>
      <div className="mt-8">
        {videos.isPending ? (
          <div role="status" aria-label={t('common.loading')} className="grid gap-3">
            <Skeleton className="h-24 w-full rounded-xl" />
            <Skeleton className="h-24 w-full rounded-xl" />
          </div>
        ) : videos.isError ? (
          <Card className="p-8 text-center">
            <p className="text-muted-foreground">{t('videos.mine.loadFailed')}</p>
            <Button variant="outline" className="mt-4" onClick={() => void videos.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </Card>
        ) : videos.data.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 p-10 text-center">
            <Film className="size-10 text-primary" aria-hidden />
            <h2 className="font-semibold">{t('videos.mine.emptyTitle')}</h2>
            <p className="max-w-md text-sm text-muted-foreground">{t('videos.mine.emptyText')}</p>
            <Button asChild variant="outline" className="mt-4">
              <Link to={paths.dashboard()}>{t('videos.mine.toDashboard')}</Link>
            </Button>
          </Card>
        ) : (
          <ul className="grid gap-3">
            {videos.data.map((video) => (
              <li key={video.fileName}>
                <ApprovedVideoRow video={video} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ApprovedVideoRow({ video }: { video: ApprovedVideo }) {
  const { t, i18n } = useTranslation();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadVideo(video.streamUrl);
    } catch (error) {
      toast({
        title: t('videos.mine.failedDownload'),
        description: apiErrorReason(t, error),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card className="flex flex-wrap items-center gap-4 p-4">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
        <Film className="size-6" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="break-all font-semibold">{video.originalName}</h2>
        <p className="text-sm text-muted-foreground">
          {t('videos.mine.details', {
            size: formatFileSize(video.fileSize, i18n.language),
            date: formatDate(video.approvedAt, i18n.language),
          })}
        </p>
        {video.propertyId && video.propertyTitle ? (
          <p className="text-sm">
            <Link to={paths.property(video.propertyId)} className="text-primary underline">
              {video.propertyTitle}
            </Link>
          </p>
        ) : null}
      </div>
      <Button
        disabled={downloading}
        aria-label={t('videos.mine.downloadLabel', { name: video.originalName })}
        onClick={() => void download()}
      >
        {downloading ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
        {t('videos.mine.download')}
      </Button>
    </Card>
  );
}
