import type { TFunction } from 'i18next';
import { History } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditAction, AuditEntry } from '#common/admin';
import { numberFormat } from '#common/number-format';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../paths';
import { useAuditLog } from './api';
import { formatDateTime } from '../../lib/dates';

/** How many entries are read at first, and how many more each "Show more" adds. */
export const AUDIT_PAGE = 50;
const AUDIT_MAX = 500;

/**
 * The server's action names and their texts: every action common/admin.ts lists has one (an
 * action of a newer server than this page is shown as it came).
 */
export const auditActionLabels: Record<AuditAction, string> = {
  approve: 'admin.audit.actions.approve',
  reject: 'admin.audit.actions.reject',
  show: 'admin.audit.actions.show',
  hide: 'admin.audit.actions.hide',
  delete: 'admin.audit.actions.delete',
  feature: 'admin.audit.actions.feature',
  unfeature: 'admin.audit.actions.unfeature',
  reorder: 'admin.audit.actions.reorder',
  'grant-admin': 'admin.audit.actions.grantAdmin',
  'revoke-admin': 'admin.audit.actions.revokeAdmin',
  'change-password': 'admin.audit.actions.changePassword',
  revoke: 'admin.audit.actions.revoke',
  'approve-video': 'admin.audit.actions.approveVideo',
  'retry-delivery': 'admin.audit.actions.retryDelivery',
  'verification-approve': 'admin.audit.actions.verificationApprove',
  'verification-reject': 'admin.audit.actions.verificationReject',
  set_exchange_rate: 'admin.audit.actions.setExchangeRate',
  'reports-dismiss': 'admin.audit.actions.reportsDismiss',
  'reports-restore': 'admin.audit.actions.reportsRestore',
  'reports-remove': 'admin.audit.actions.reportsRemove',
  'read-reported-conversation': 'admin.audit.actions.readReportedConversation',
  'review-hide': 'admin.audit.actions.reviewHide',
  'review-restore': 'admin.audit.actions.reviewRestore',
  'inbox-handled': 'admin.audit.actions.inboxHandled',
  'inbox-reopened': 'admin.audit.actions.inboxReopened',
  'inbox-reply': 'admin.audit.actions.inboxReply',
};

const labelOf = (action: string): string | undefined =>
  (auditActionLabels as Record<string, string>)[action];

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const shortId = (id: string) => id.slice(0, 8);

type Person = NonNullable<AuditEntry['person']>;

/** "Name (e-mail or phone)", or what is left of a deleted account. */
function personText(t: TFunction, person: Person): string {
  if (person.deleted) {
    return person.email
      ? t('admin.audit.deletedAccountEmail', { email: person.email })
      : t('admin.audit.formerAccount');
  }
  const name = `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();
  const contact = person.email ?? person.phone;
  return contact ? `${name} (${contact})` : name;
}

/** The audit log (who, what, when, on what), newest first. */
export function AuditLog() {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(AUDIT_PAGE);
  const log = useAuditLog(limit);
  const entries = log.data ?? [];

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <History className="size-5 text-primary" aria-hidden />
        {t('admin.audit.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('admin.audit.subtitle')}</p>
      {log.isError ? (
        <p role="alert" className="mt-4">
          {t('admin.loadFailed')}
        </p>
      ) : log.data ? (
        entries.length === 0 ? (
          <p className="mt-4 text-muted-foreground">{t('admin.audit.empty')}</p>
        ) : (
          <>
            <ol className="mt-4 divide-y divide-border rounded-lg border border-border">
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </ol>
            {entries.length >= limit && limit < AUDIT_MAX ? (
              <Button
                variant="outline"
                className="mt-4"
                disabled={log.isFetching}
                onClick={() => setLimit((current) => Math.min(current + AUDIT_PAGE, AUDIT_MAX))}
              >
                {t('admin.audit.showMore')}
              </Button>
            ) : null}
          </>
        )
      ) : (
        <div role="status" aria-label={t('common.loading')} className="mt-4 grid gap-2">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-14 w-full" />
          ))}
        </div>
      )}
    </Card>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const label = labelOf(entry.action);
  const actor = entry.actor
    ? `${entry.actor.firstName} ${entry.actor.lastName}`.trim()
    : t('admin.audit.formerAccount');
  const actorContact = entry.actor?.email ?? entry.actor?.phone;
  const reason = text(entry.details?.reason);
  const context = contextOf(entry);
  return (
    <li className="grid gap-1 p-3 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold text-zinc-900">{label ? t(label) : entry.action}</span>
        <AuditTarget entry={entry} />
      </p>
      {context ? (
        <p className="break-words text-zinc-700">
          <span className="font-medium">{t(context.label)}</span> {context.value}
        </p>
      ) : null}
      <p className="text-muted-foreground">
        {t('admin.audit.by', { name: actor })}
        {actorContact ? ` (${actorContact})` : ''} ·{' '}
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, i18n.language)}</time>
      </p>
      {reason ? (
        <p className="text-zinc-700">
          <span className="font-medium">{t('admin.audit.reason')}</span> {reason}
        </p>
      ) : null}
    </li>
  );
}

/**
 * A line of what else the action concerned (issue 51): the lister of a listing or a video,
 * the listing of a review or a conversation.
 */
function contextOf(entry: AuditEntry): { label: string; value: ReactNode } | null {
  if ((entry.targetType === 'property' || entry.targetType === 'video') && entry.person) {
    return { label: 'admin.audit.lister', value: <PersonName person={entry.person} /> };
  }
  if ((entry.targetType === 'review' || entry.targetType === 'conversation') && entry.listing) {
    return { label: 'admin.audit.listingLabel', value: <ListingName entry={entry} /> };
  }
  if (entry.targetType === 'inbox-message') {
    // Who wrote the support or contact message, as the entry recorded it.
    const name = text(entry.details?.name);
    const contact = text(entry.details?.email) ?? text(entry.details?.phone);
    const from = [name, contact && name ? `(${contact})` : contact].filter(Boolean).join(' ');
    return from ? { label: 'admin.audit.from', value: from } : null;
  }
  return null;
}

function PersonName({ person }: { person: Person }) {
  const { t } = useTranslation();
  return <span className="[overflow-wrap:anywhere]">{personText(t, person)}</span>;
}

/** The listing by its title, linked while it exists; a deleted one says so. */
function ListingName({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const listing = entry.listing;
  const title = listing?.title ?? text(entry.details?.title);
  if (!listing || listing.deleted) {
    return (
      <span className="text-zinc-700 [overflow-wrap:anywhere]">
        {title ? t('admin.audit.deletedListingTitled', { title }) : t('admin.audit.deletedListing')}
      </span>
    );
  }
  return (
    <Link
      to={paths.property(listing.id)}
      className="text-primary underline [overflow-wrap:anywhere]"
    >
      {title ?? t('admin.audit.untitledListing')}
    </Link>
  );
}

/**
 * What the action was done to, by name (issue 51): a listing by its title (linked while it
 * exists), an account by its name and contact, the featured list, a service provider, a
 * video, a message sent again, a verification request's lister or the exchange rate (in
 * words, never the server's names for them nor ids).
 */
function AuditTarget({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const id = entry.targetId;
  if (entry.targetType === 'exchange_rate') {
    const rate = entry.details?.ghsPerUsd;
    return typeof rate === 'number' ? (
      <span className="text-zinc-700">
        {t('admin.audit.exchangeRate', { rate: numberFormat(i18n.language, 2).format(rate) })}
      </span>
    ) : null;
  }
  if (entry.targetType === 'delivery') {
    const kind = text(entry.details?.kind);
    return kind ? (
      <span className="text-zinc-700">{t(`deliveries.kinds.${kind}`, { defaultValue: kind })}</span>
    ) : null;
  }
  if (entry.targetType === 'verification' && id) {
    return entry.person ? (
      <PersonName person={entry.person} />
    ) : (
      <span className="text-zinc-700">{t('admin.audit.verification', { id: shortId(id) })}</span>
    );
  }
  if (entry.targetType === 'featured') {
    return <span className="text-zinc-700">{t('admin.audit.featuredList')}</span>;
  }
  if (entry.targetType === 'property' && id) return <ListingName entry={entry} />;
  if (entry.targetType === 'user' && id) {
    // "Changed their own password" says it all.
    if (entry.action === 'change-password') return null;
    return entry.person ? (
      <PersonName person={entry.person} />
    ) : (
      <span className="break-all text-zinc-700">
        {text(entry.details?.email) ?? t('admin.audit.formerAccount')}
      </span>
    );
  }
  if (entry.targetType === 'service-provider' && id) {
    return (
      <span className="text-zinc-700">
        {text(entry.details?.businessName) ?? t('admin.audit.provider', { id: shortId(id) })}
      </span>
    );
  }
  if (entry.targetType === 'video' && id) {
    return (
      <span className="break-all text-zinc-700">
        {text(entry.details?.fileName) ?? t('admin.audit.video', { id: shortId(id) })}
      </span>
    );
  }
  if (entry.targetType === 'review' || entry.targetType === 'conversation') return null;
  if (entry.targetType === 'inbox-message') {
    const subject = text(entry.details?.subject);
    return subject ? (
      <span className="text-zinc-700 [overflow-wrap:anywhere]">{subject}</span>
    ) : null;
  }
  // A kind of target this page does not know yet: its type and id as they came.
  return id ? (
    <span className="text-zinc-700">
      {entry.targetType} {shortId(id)}
    </span>
  ) : null;
}
