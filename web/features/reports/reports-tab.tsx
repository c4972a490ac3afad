import { EyeOff, Flag, RotateCcw, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rejectBodySchema } from '#common/admin';
import {
  MAX_RESOLVE_REASON_LENGTH,
  REPORTS_PAGE_SIZE,
  type ReportAction,
  type ReportedListing,
} from '#common/reports';
import {
  ItemList,
  ListFailed,
  ListNote,
  ListSection,
  pageCount,
  QueryStates,
  useFilterAndPage,
} from '../../components/list-kit';
import { ReasonDialog, type ReasonKind } from '../../components/reason-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ChoiceButtons } from '../../components/ui/choice-buttons';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { formatDate, formatDateTime } from '../../lib/dates';
import { apiErrorReason } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import {
  useReportedListings,
  useResolveReports,
  type AfterListingChange,
  type ReportGroup,
} from './api';
import { ReportedConversation } from './reported-conversation';

const groups: readonly ReportGroup[] = ['open', 'resolved'];

/**
 * Removing a reported listing is a rejection, with its rule: the owner must know why (issue 19).
 */
const removeReason: ReasonKind = {
  name: 'remove',
  schema: rejectBodySchema,
  required: true,
  maxLength: MAX_RESOLVE_REASON_LENGTH,
  texts: {
    title: 'reports.remove.title',
    text: 'reports.remove.text',
    label: 'admin.reject.reasonLabel',
    placeholder: 'reports.remove.placeholder',
    confirm: 'reports.remove.confirm',
    pending: 'reports.remove.removing',
    failed: 'reports.resolveFailed',
  },
};

/**
 * The admin panel's Reports tab (issue 19): each listing renters reported, with every report
 * (reason, note, reporter) and whether the reports hid it. Restore puts a hidden listing back,
 * Dismiss closes reports of one that stayed public, Remove rejects it with a reason. The panel
 * gives what else to read again after a listing's reports are closed.
 */
export default function ReportsTab({
  afterListingChange,
}: {
  afterListingChange: AfterListingChange;
}) {
  const { t } = useTranslation();
  const { filter: status, choose, page, setPage } = useFilterAndPage<ReportGroup>('open');
  const reports = useReportedListings(status, page);
  const pages = pageCount(reports.data?.total ?? 0, REPORTS_PAGE_SIZE);

  return (
    <ListSection
      id="reports"
      title={t('reports.admin.title')}
      filter={
        <ChoiceButtons
          label={t('reports.admin.filter')}
          options={groups}
          value={status}
          onChange={choose}
        >
          {(group) => t(`reports.admin.groups.${group}`)}
        </ChoiceButtons>
      }
      intro={t('reports.admin.intro')}
    >
      <QueryStates
        query={reports}
        failed={<ListFailed>{t('reports.admin.loadFailed')}</ListFailed>}
      >
        {(data) => (
          <ItemList
            items={data.listings}
            itemKey={(listing) => listing.propertyId}
            empty={<ListNote>{t(`reports.admin.empty.${status}`)}</ListNote>}
          >
            {(listing) => (
              <ReportedListingCard
                listing={listing}
                open={status === 'open'}
                afterListingChange={afterListingChange}
              />
            )}
          </ItemList>
        )}
      </QueryStates>
      <Pager page={page} pages={pages} onPage={setPage} label={t('reports.admin.pagesLabel')} />
    </ListSection>
  );
}

function ReportedListingCard({
  listing,
  open,
  afterListingChange,
}: {
  listing: ReportedListing;
  open: boolean;
  afterListingChange: AfterListingChange;
}) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveReports(afterListingChange);
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
              {report.conversationId ? <ReportedConversation reportId={report.id} /> : null}
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
        kind={removeReason}
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
