import { EyeOff, Flag, RotateCcw, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REPORTS_PAGE_SIZE, type ReportAction, type ReportedListing } from '#common/reports';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { formatDate, formatDateTime } from '../../lib/dates';
import { apiErrorReason } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { ReasonDialog } from './reason-dialog';
import { useReportedListings, useResolveReports, type ReportGroup } from './reports-api';

const groups: readonly ReportGroup[] = ['open', 'resolved'];

/**
 * The admin panel's Reports tab (issue 19): each listing renters reported, with every report
 * (reason, note, reporter) and whether the reports hid it. Restore puts a hidden listing back,
 * Dismiss closes reports of one that stayed public, Remove rejects it with a reason.
 */
export default function ReportsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReportGroup>('open');
  const [page, setPage] = useState(1);
  const reports = useReportedListings(status, page);
  const pages = Math.max(1, Math.ceil((reports.data?.total ?? 0) / REPORTS_PAGE_SIZE));

  return (
    <section aria-labelledby="reports-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reports-heading" className="text-xl font-semibold">
          {t('reports.admin.title')}
        </h2>
        <div role="group" aria-label={t('reports.admin.filter')} className="flex gap-2">
          {groups.map((group) => (
            <Button
              key={group}
              size="sm"
              variant={group === status ? 'default' : 'outline'}
              aria-pressed={group === status}
              onClick={() => {
                setStatus(group);
                setPage(1);
              }}
            >
              {t(`reports.admin.groups.${group}`)}
            </Button>
          ))}
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{t('reports.admin.intro')}</p>
      {reports.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-900">
          {t('reports.admin.loadFailed')}
        </p>
      ) : reports.data === undefined ? (
        <p className="text-sm text-muted-foreground">{t('common.loading')}</p>
      ) : reports.data.listings.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t(`reports.admin.empty.${status}`)}</p>
      ) : (
        <ul className="grid gap-3">
          {reports.data.listings.map((listing) => (
            <li key={listing.propertyId}>
              <ReportedListingCard listing={listing} open={status === 'open'} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} label={t('reports.admin.pagesLabel')} />
    </section>
  );
}

function ReportedListingCard({ listing, open }: { listing: ReportedListing; open: boolean }) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveReports();
  const [removing, setRemoving] = useState(false);
  const headingId = `report-${listing.propertyId}`;
  const act = (action: ReportAction, reason?: string) => {
    // Not mutate()'s onSuccess: the list reloads before the mutation settles, and the listing,
    // its reports closed, leaves it; this card unmounts and mutate()'s callbacks never run.
    // The promise settles all the same. A failure is shown from resolve.error below.
    void resolve.mutateAsync({ propertyId: listing.propertyId, action, reason }).then(
      () => {
        setRemoving(false);
        toast({ title: t(`reports.admin.done.${action}`, { title: listing.title }) });
      },
      () => undefined,
    );
  };
  const busy = resolve.isPending;

  return (
    <Card className="p-4">
      <article aria-labelledby={headingId} className="grid gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={headingId} className="break-words font-semibold">
              <Link className="hover:underline" to={paths.property(listing.propertyId)}>
                {listing.title}
              </Link>
            </h3>
            <p className="text-sm text-muted-foreground">{listing.location}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {listing.hiddenForReports ? (
              <Badge className="bg-orange-100 text-orange-900">
                <EyeOff aria-hidden />
                {t('reports.admin.hidden')}
              </Badge>
            ) : (
              <Badge variant="outline">{t(`admin.status.${listing.status}`)}</Badge>
            )}
            <Badge variant="accent">
              <Flag aria-hidden />
              {t('reports.admin.count', { count: listing.count })}
            </Badge>
          </div>
        </div>
        <p className="text-sm">
          {Object.entries(listing.reasons)
            .map(([reason, count]) => `${t(`reports.reasons.${reason}`)} × ${count}`)
            .join(' · ')}
        </p>
        {listing.hideHeldUntil ? (
          <p className="text-sm text-muted-foreground">
            {t('reports.admin.held', { date: formatDate(listing.hideHeldUntil, i18n.language) })}
          </p>
        ) : null}
        <ul className="grid gap-2 border-l-2 border-zinc-200 pl-3">
          {listing.reports.map((report) => (
            <li key={report.id} className="text-sm">
              <p>
                <span className="font-medium">{t(`reports.reasons.${report.reason}`)}</span>
                {' · '}
                {report.reporter.name}
                {report.reporter.email || report.reporter.phone
                  ? ` (${[report.reporter.email, report.reporter.phone].filter(Boolean).join(', ')})`
                  : null}
                {' · '}
                <span className="text-muted-foreground">
                  {formatDateTime(report.createdAt, i18n.language)}
                </span>
                {report.resolution ? (
                  <span className="text-muted-foreground">
                    {' · '}
                    {t(`reports.admin.outcome.${report.resolution}`)}
                  </span>
                ) : null}
              </p>
              {report.note ? <p className="mt-0.5 break-words italic">“{report.note}”</p> : null}
            </li>
          ))}
        </ul>
        {open ? (
          <div className="flex flex-wrap items-center gap-2">
            {listing.hiddenForReports ? (
              <Button size="sm" disabled={busy} onClick={() => act('restore')}>
                {busy && resolve.variables?.action === 'restore' ? (
                  <Spinner />
                ) : (
                  <RotateCcw aria-hidden />
                )}
                {t('reports.admin.restore')}
              </Button>
            ) : (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => act('dismiss')}>
                {busy && resolve.variables?.action === 'dismiss' ? (
                  <Spinner />
                ) : (
                  <XCircle aria-hidden />
                )}
                {t('reports.admin.dismiss')}
              </Button>
            )}
            <Button
              size="sm"
              variant="destructive"
              disabled={busy}
              onClick={() => setRemoving(true)}
            >
              <Trash2 aria-hidden />
              {t('reports.admin.remove')}
            </Button>
            {resolve.isError && !removing ? (
              <p role="alert" className="text-sm text-red-700">
                {apiErrorReason(t, resolve.error) ?? t('reports.resolveFailed')}
              </p>
            ) : null}
          </div>
        ) : null}
      </article>
      <ReasonDialog
        kind="remove"
        title={listing.title}
        open={removing}
        pending={busy}
        failed={resolve.isError}
        onConfirm={(reason) => act('remove', reason)}
        onClose={() => setRemoving(false)}
      />
    </Card>
  );
}
