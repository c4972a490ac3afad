import { BadgeCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rejectBodySchema } from '#common/admin';
import {
  MAX_VERIFICATION_REASON_LENGTH,
  VERIFICATIONS_PAGE_SIZE,
  verificationStatuses,
  type AdminVerification,
  type VerificationStatus,
} from '#common/verifications';
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
import { formatDateTime } from '../../lib/dates';
import { apiErrorReason } from '../../lib/server-messages';
import { toast } from '../../lib/toast';
import { useDecideVerification, useVerificationRequests, type AfterListingChange } from './api';

/** Refusing a lister's verification needs a reason: they must know what to send instead. */
const refusalReason: ReasonKind = {
  name: 'verification',
  schema: rejectBodySchema,
  required: true,
  maxLength: MAX_VERIFICATION_REASON_LENGTH,
  texts: {
    title: 'verifications.reject.title',
    text: 'verifications.reject.text',
    label: 'verifications.reject.reasonLabel',
    placeholder: 'verifications.reject.placeholder',
    confirm: 'verifications.reject.confirm',
    pending: 'verifications.reject.rejecting',
    failed: 'verifications.admin.failed',
  },
};

/**
 * The admin panel's Verifications tab (issue 19): each lister's identity document or agent
 * licence with its number and photo, oldest first; Approve gives their listings the badge,
 * Reject tells them why. Photos are deleted 30 days after the decision. The panel gives what
 * else to read again after a decision.
 */
export default function VerificationsTab({
  afterListingChange,
}: {
  afterListingChange: AfterListingChange;
}) {
  const { t } = useTranslation();
  const { filter: status, choose, page, setPage } = useFilterAndPage<VerificationStatus>('pending');
  const requests = useVerificationRequests(status, page);
  const pages = pageCount(requests.data?.total ?? 0, VERIFICATIONS_PAGE_SIZE);

  return (
    <ListSection
      id="verifications"
      title={t('verifications.admin.title')}
      filter={
        <ChoiceButtons
          label={t('verifications.admin.filter')}
          options={verificationStatuses}
          value={status}
          onChange={choose}
        >
          {(group) => t(`verifications.admin.groups.${group}`)}
        </ChoiceButtons>
      }
      intro={t('verifications.admin.intro')}
    >
      <QueryStates
        query={requests}
        failed={<ListFailed>{t('verifications.admin.loadFailed')}</ListFailed>}
      >
        {(data) => (
          <ItemList
            items={data.verifications}
            itemKey={(request) => request.id}
            empty={<ListNote>{t(`verifications.admin.empty.${status}`)}</ListNote>}
          >
            {(request) => <RequestCard request={request} afterListingChange={afterListingChange} />}
          </ItemList>
        )}
      </QueryStates>
      <Pager
        page={page}
        pages={pages}
        onPage={setPage}
        label={t('verifications.admin.pagesLabel')}
      />
    </ListSection>
  );
}

function RequestCard({
  request,
  afterListingChange,
}: {
  request: AdminVerification;
  afterListingChange: AfterListingChange;
}) {
  const { t, i18n } = useTranslation();
  const decide = useDecideVerification(afterListingChange);
  const [rejecting, setRejecting] = useState(false);
  const headingId = `verification-${request.id}`;
  const { applicant } = request;
  const act = (decision: 'approve' | 'reject', reason?: string) => {
    // The promise, not mutate()'s callbacks: a decided request leaves the list (and this card
    // unmounts) before the mutation settles. A failure is shown from decide.error below.
    void decide.mutateAsync({ id: request.id, decision, reason }).then(
      () => {
        setRejecting(false);
        toast({ title: t(`verifications.admin.done.${decision}`, { name: applicant.name }) });
      },
      () => undefined,
    );
  };

  return (
    <Card className="p-4">
      <article
        aria-labelledby={headingId}
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_16rem]"
      >
        <div className="grid content-start gap-1.5 text-sm">
          <h3 id={headingId} className="text-base font-semibold">
            {t(`verifications.kinds.${request.kind}`)} · {applicant.name}
          </h3>
          <p>
            <Badge variant="outline">{t(`userType.${applicant.userType}`)}</Badge>{' '}
            {applicant.businessName ?? null}
          </p>
          <p className="break-all text-muted-foreground">
            {[applicant.email, applicant.phone].filter(Boolean).join(' · ')}
          </p>
          <p>
            <span className="font-medium">
              {request.document
                ? t(`verifications.documents.${request.document}`)
                : t('verifications.kinds.agent_licence')}
              :
            </span>{' '}
            <span className="font-mono">{request.documentNumber}</span>
          </p>
          <p className="text-muted-foreground">
            {t('verifications.admin.sentAt', {
              date: formatDateTime(request.createdAt, i18n.language),
            })}
            {request.decidedAt
              ? ` · ${t(`verifications.admin.decidedAt.${request.status}`, {
                  date: formatDateTime(request.decidedAt, i18n.language),
                })}`
              : null}
          </p>
          {request.reason ? (
            <p>
              <span className="font-medium">{t('verifications.card.reason')}</span> {request.reason}
            </p>
          ) : null}
          {request.status === 'pending' ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <Button
                size="sm"
                disabled={decide.isPending}
                onClick={() => act('approve')}
                aria-label={t('verifications.admin.approveLabel', { name: applicant.name })}
              >
                {decide.isPending && decide.variables?.decision === 'approve' ? (
                  <Spinner />
                ) : (
                  <BadgeCheck aria-hidden />
                )}
                {t('verifications.admin.approve')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                className="text-destructive"
                disabled={decide.isPending}
                onClick={() => setRejecting(true)}
                aria-label={t('verifications.admin.rejectLabel', { name: applicant.name })}
              >
                <XCircle aria-hidden />
                {t('verifications.admin.reject')}
              </Button>
              {decide.isError && !rejecting ? (
                <p role="alert" className="text-sm text-red-700">
                  {apiErrorReason(t, decide.error) ?? t('verifications.admin.failed')}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        {request.fileUrl ? (
          // First on a phone: the document is seen before Approve.
          <a
            href={request.fileUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="order-first block sm:order-none"
          >
            <img
              src={request.fileUrl}
              alt={t('verifications.admin.photoAlt', { name: applicant.name })}
              className="max-h-64 w-full rounded-md border border-border object-contain"
              loading="lazy"
            />
            <span className="sr-only"> {t('common.opensInNewTab')}</span>
          </a>
        ) : (
          <p className="text-sm text-muted-foreground">{t('verifications.admin.photoDeleted')}</p>
        )}
      </article>
      <ReasonDialog
        kind={refusalReason}
        title={applicant.name}
        open={rejecting}
        pending={decide.isPending}
        failed={decide.isError}
        onConfirm={(reason) => act('reject', reason)}
        onClose={() => setRejecting(false)}
      />
    </Card>
  );
}
