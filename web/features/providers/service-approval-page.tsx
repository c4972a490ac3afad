import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  canChangeStatus,
  providerStatuses,
  type ProviderStatus,
  type ServiceProvider,
} from '#common/providers';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatDate } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { AccessDenied, AdminOnly } from '../auth';
import { useProviders, useSetProviderStatus } from './api';
import { ProviderCard } from './provider-card';

/** The buttons of a provider in each tab (spec: Approve, Reject, Revoke Approval, approve again). */
const actions: Record<ProviderStatus, { to: ProviderStatus; label: string }[]> = {
  pending: [
    { to: 'approved', label: 'services.approval.approve' },
    { to: 'rejected', label: 'services.approval.reject' },
  ],
  approved: [{ to: 'rejected', label: 'services.approval.revoke' }],
  rejected: [{ to: 'approved', label: 'services.approval.approve' }],
};

function ProviderReview({ provider }: { provider: ServiceProvider }) {
  const { t, i18n } = useTranslation();
  const setStatus = useSetProviderStatus();
  const [failed, setFailed] = useState(false);
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const change = async (to: ProviderStatus) => {
    setFailed(false);
    const revoking = provider.status === 'approved';
    try {
      await setStatus.mutateAsync({ id: provider.id, status: to });
      if (revoking) {
        toast({ title: t('services.approval.revoked', { name: provider.businessName }) });
      }
    } catch {
      // The spec's "Failed to update status", said beside the buttons (no toast).
      setFailed(true);
    } finally {
      setConfirmingRevoke(false);
    }
  };
  // Revoking takes a live provider off the directory, so it is asked once more; approving and
  // rejecting a pending application are undone from the other tab.
  const ask = (to: ProviderStatus) =>
    provider.status === 'approved' ? setConfirmingRevoke(true) : void change(to);
  return (
    <article aria-label={provider.businessName} className="grid gap-3">
      <ProviderCard provider={provider} />
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground">
          {t('services.approval.applied', { date: formatDate(provider.createdAt, i18n.language) })}
        </span>
        {actions[provider.status]
          .filter(({ to }) => canChangeStatus(provider.status, to))
          .map(({ to, label }) => (
            <Button
              key={to}
              size="sm"
              variant={to === 'approved' ? 'default' : 'outline'}
              disabled={setStatus.isPending}
              onClick={() => ask(to)}
              aria-label={`${t(label)}: ${provider.businessName}`}
            >
              {t(label)}
            </Button>
          ))}
        {failed ? (
          <p role="alert" className="text-sm text-destructive">
            {t('services.approval.failed')}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmingRevoke}
        title={t('services.approval.revokeTitle', { name: provider.businessName })}
        text={t('services.approval.revokeText')}
        confirmText={t('services.approval.revoke')}
        pendingText={t('services.approval.revoking')}
        pending={setStatus.isPending}
        onConfirm={() => void change('rejected')}
        onClose={() => setConfirmingRevoke(false)}
      />
    </article>
  );
}

function ServiceApproval() {
  const { t } = useTranslation();
  const all = useProviders({});
  const [tab, setTab] = useState<ProviderStatus>('pending');
  if (all.isError) return <AccessDenied onRetry={() => void all.refetch()} />;
  const inTab = (status: ProviderStatus) =>
    (all.data ?? [])
      .filter((provider) => provider.status === status)
      // Pending ones in the order they came; the others newest first, as the server sends.
      .sort((a, b) => (status === 'pending' ? a.createdAt.localeCompare(b.createdAt) : 0));

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t('services.approval.title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('services.approval.subtitle')}</p>
        </div>
        <Button asChild variant="outline">
          <Link to={paths.adminPanelTabs()}>{t('services.approval.backToPanel')}</Link>
        </Button>
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as ProviderStatus)} className="mt-8">
        <TabsList aria-label={t('services.approval.tabsLabel')}>
          {providerStatuses.map((status) => (
            <TabsTrigger key={status} value={status}>
              {t(`services.approval.tabs.${status}`)}
              <Badge variant="count">{all.data ? inTab(status).length : '…'}</Badge>
            </TabsTrigger>
          ))}
        </TabsList>
        {providerStatuses.map((status) => (
          <TabsContent key={status} value={status} className="mt-6">
            {all.data === undefined ? (
              <p className="text-sm text-muted-foreground">{t('common.loading')}</p>
            ) : inTab(status).length === 0 ? (
              <p className="text-muted-foreground">{t(`services.approval.empty.${status}`)}</p>
            ) : (
              <ul className="grid gap-6 md:grid-cols-2">
                {inTab(status).map((provider) => (
                  <li key={provider.id}>
                    <ProviderReview provider={provider} />
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/** /admin/service-approval (and /admin-service-approval): Pending, Approved, Rejected. */
export default function ServiceApprovalPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('services.approval.title'));
  return <AdminOnly>{() => <ServiceApproval />}</AdminOnly>;
}
