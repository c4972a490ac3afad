import { CheckCheck, LayoutDashboard } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE, type AdminProperty } from '#common/admin';
import { pageCount } from '../../components/list-kit';
import { ReasonDialog } from '../../components/reason-dialog';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { AccessDenied, AdminOnly } from '../auth';
import { useApprovalQueue, useRejectProperty } from './api';
import { ApprovalItem } from './approval-item';
import { Pager } from '../../components/ui/pager';
import { readPage } from './property-filters';
import { rejectReason } from './listing-reasons';
import { useApproveListing } from './use-approve-listing';

/**
 * /admin/image-approval (and /admin-image-approval): the listings waiting for review, oldest
 * first, 20 a page. Approving or rejecting takes a listing out of the queue.
 */
export default function ImageApprovalPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.approval.title'));
  return <AdminOnly>{() => <ApprovalQueue />}</AdminOnly>;
}

function ApprovalQueue() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const queue = useApprovalQueue(page);
  const total = queue.data?.total ?? 0;
  const pages = pageCount(total, ADMIN_PAGE_SIZE);
  const toPage = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  // A page past the end (the last listings of it were just reviewed): the last page instead.
  const pastTheEnd = queue.data?.properties.length === 0 && total > 0 && page > pages;
  useEffect(() => {
    if (pastTheEnd) setParams(pages > 1 ? { page: String(pages) } : {}, { replace: true });
  }, [pastTheEnd, pages, setParams]);

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 pt-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('admin.approval.title')}
          </h1>
          <p className="mt-1 max-w-2xl text-muted-foreground">{t('admin.approval.subtitle')}</p>
        </div>
        <Button asChild variant="outline">
          <Link to={paths.adminPanelTabs()}>
            <LayoutDashboard aria-hidden />
            {t('admin.approval.openPanel')}
          </Link>
        </Button>
      </div>
      <div className="mt-8">
        {queue.isError ? (
          <AccessDenied
            level={2}
            onRetry={
              queue.error instanceof ApiRequestError && queue.error.status < 500
                ? undefined
                : () => void queue.refetch()
            }
          />
        ) : queue.data ? (
          <div
            aria-busy={queue.isPlaceholderData}
            className={queue.isPlaceholderData ? 'opacity-60' : undefined}
          >
            <QueueList properties={queue.data.properties} total={total} />
          </div>
        ) : (
          <div role="status" aria-label={t('common.loading')} className="grid gap-6">
            <Skeleton className="h-96 w-full rounded-xl" />
            <Skeleton className="h-96 w-full rounded-xl" />
          </div>
        )}
        <Pager page={page} pages={pages} onPage={toPage} label={t('admin.approval.pagesLabel')} />
      </div>
    </div>
  );
}

function QueueList({ properties, total }: { properties: AdminProperty[]; total: number }) {
  const { t } = useTranslation();
  const { mutation: approve, approveListing } = useApproveListing({ leavesLists: true });
  const reject = useRejectProperty();
  const [toReject, setToReject] = useState<AdminProperty | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const reviewing = useRef<{ id: string; index: number } | null>(null);

  // Once the reviewed listing has left (and the reason dialog has closed), the next listing,
  // or the count at the end, has the focus.
  useEffect(() => {
    const done = reviewing.current;
    if (!done || toReject || !listRef.current || properties.some((p) => p.id === done.id)) return;
    reviewing.current = null;
    const headings = listRef.current.querySelectorAll<HTMLElement>('[data-queue-heading]');
    const target =
      headings[Math.min(done.index, headings.length - 1)] ??
      listRef.current.querySelector<HTMLElement>('[data-queue-count]');
    target?.focus();
  }, [properties, toReject]);

  const busyId = [approve, reject].find((m) => m.isPending)?.variables?.id;

  const onApprove = (property: AdminProperty, index: number) => {
    reviewing.current = { id: property.id, index };
    approveListing(property, { onError: () => (reviewing.current = null) });
  };

  const onReject = (reason: string) => {
    if (!toReject) return;
    const property = toReject;
    reviewing.current = { id: property.id, index: properties.indexOf(property) };
    reject.mutate(
      { id: property.id, reason },
      {
        onSuccess: () => {
          toast({
            title: t('admin.toast.rejected'),
            description: t('admin.toast.rejectedText', { title: property.title }),
          });
          setToReject(null);
        },
        onError: () => {
          reviewing.current = null;
          toast({ title: t('admin.toast.rejectFailed'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div ref={listRef}>
      <p
        className="mb-4 font-medium text-zinc-800 outline-none"
        role="status"
        tabIndex={-1}
        data-queue-count
      >
        {t('admin.approval.waiting', { count: total })}
      </p>
      {properties.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center">
          <CheckCheck className="size-10 text-primary" aria-hidden />
          <h2 className="mt-4 text-xl font-semibold">{t('admin.approval.emptyTitle')}</h2>
          <p className="mt-2 max-w-md text-muted-foreground">{t('admin.approval.emptyText')}</p>
        </div>
      ) : (
        <ul className="grid gap-8">
          {properties.map((property, index) => (
            <li key={property.id}>
              <ApprovalItem
                property={property}
                busy={busyId === property.id}
                onApprove={() => onApprove(property, index)}
                onReject={() => setToReject(property)}
              />
            </li>
          ))}
        </ul>
      )}
      <ReasonDialog
        kind={rejectReason}
        key={toReject?.id ?? 'none'}
        title={toReject?.title ?? ''}
        open={toReject !== null}
        pending={reject.isPending}
        failed={reject.isError && reject.variables?.id === toReject?.id}
        onConfirm={(reason) => onReject(reason ?? '')}
        onClose={() => setToReject(null)}
      />
    </div>
  );
}
