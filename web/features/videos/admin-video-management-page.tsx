import { BookOpen, Clock, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdminOnly } from '../auth';
import { usePendingVideos } from './api';
import { PendingVideos } from './pending-videos';
import { SecurityInfo, WorkflowGuide } from './video-guides';
import { apiErrorReason } from '../../lib/server-messages';

/**
 * /admin/video-management (spec: Admin video management): the Pending tab (refreshed every
 * 30 seconds), the Workflow Guide and the Security Info.
 */
export default function AdminVideoManagementPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('videos.admin.title'));
  return <AdminOnly>{() => <VideoManagement />}</AdminOnly>;
}

function VideoManagement() {
  const { t } = useTranslation();
  const pending = usePendingVideos();

  // Spec 8: a failure to fetch the pending videos is a toast; once, not at every refresh.
  useEffect(() => {
    if (pending.isError) {
      toast({
        title: t('videos.admin.failedPending'),
        description: apiErrorReason(t, pending.error),
        variant: 'destructive',
      });
    }
  }, [pending.isError, pending.error, t]);

  const count = pending.data?.length;
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('videos.admin.title')}</h1>
      <p className="mt-1 max-w-3xl text-muted-foreground">{t('videos.admin.subtitle')}</p>

      <Tabs defaultValue="pending" className="mt-8">
        <TabsList className="h-auto flex-wrap sm:h-10 sm:flex-nowrap">
          <TabsTrigger value="pending">
            <Clock aria-hidden />
            {t('videos.admin.tabs.pending')}
            {count ? <Badge variant="count">{count}</Badge> : null}
          </TabsTrigger>
          <TabsTrigger value="guide">
            <BookOpen aria-hidden />
            {t('videos.admin.tabs.guide')}
          </TabsTrigger>
          <TabsTrigger value="security">
            <ShieldCheck aria-hidden />
            {t('videos.admin.tabs.security')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="pending" className="mt-6">
          <PendingVideos query={pending} />
        </TabsContent>
        <TabsContent value="guide" className="mt-6">
          <WorkflowGuide />
        </TabsContent>
        <TabsContent value="security" className="mt-6">
          <SecurityInfo />
        </TabsContent>
      </Tabs>
    </div>
  );
}
