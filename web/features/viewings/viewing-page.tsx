import { CalendarClock, CalendarPlus, MapPin, MessageSquare, Star, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { Viewing } from '#common/viewings';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/server-messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { useViewing, viewingCalendarPath } from './api';
import { FreeViewingNote } from './free-viewing-note';
import { formatZonedTime as formatZoned } from '../../lib/dates';
import { ViewingActions } from './viewing-actions';
import { ViewingPlace } from './viewing-place';
import { otherPartyName } from '../../lib/party-name';

/**
 * /viewings/:id (issue 38): one viewing for its renter or its lister: the place, the time where
 * the place is (with the zone's name), where it stands, what was said with it, and what the
 * reader can do now (confirm or decline a request, cancel until it starts).
 */
export default function ViewingPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.login(paths.viewing(id))} replace />;
  return <ViewingView id={id} />;
}

function ViewingView({ id }: { id: string }) {
  const { t } = useTranslation();
  const viewing = useViewing(id);
  useDocumentTitle(t('viewings.page.title'));
  if (viewing.isPending) return <PageSpinner />;
  if (viewing.isError) {
    const missing = viewing.error instanceof ApiRequestError && viewing.error.status === 404;
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center">
        <p role="alert">
          {missing
            ? t('viewings.page.notFound')
            : apiErrorText(t, viewing.error, t('viewings.page.loadFailed'))}
        </p>
        <Button asChild variant="outline" className="mt-4">
          <Link to={paths.bookings()}>{t('viewings.page.all')}</Link>
        </Button>
      </div>
    );
  }
  return <ViewingDetails viewing={viewing.data} />;
}

/** The badge variant of each status: what needs attention stands out. */
const statusVariant: Record<Viewing['status'], 'accent' | 'default' | 'outline'> = {
  pending: 'accent',
  confirmed: 'default',
  declined: 'outline',
  cancelled: 'outline',
  expired: 'outline',
};

function ViewingDetails({ viewing }: { viewing: Viewing }) {
  const { t, i18n } = useTranslation();
  const [openedAt] = useState(() => Date.now());
  const when = formatZoned(viewing.startsAt, viewing.timeZone, i18n.language);
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 pb-16 pt-8 sm:px-6">
      <Link to={paths.bookings()} className="text-sm text-primary underline">
        {t('viewings.page.all')}
      </Link>
      <Card className="grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-xl font-bold [overflow-wrap:anywhere]">
            <Link to={paths.property(viewing.property.id)} className="hover:underline">
              {viewing.property.title}
            </Link>
          </h1>
          <Badge variant={statusVariant[viewing.status]}>
            {t(`viewings.status.${viewing.status}`)}
          </Badge>
        </div>
        <dl className="grid gap-3 text-sm">
          <Line
            icon={<CalendarClock aria-hidden className="size-4" />}
            label={t('viewings.page.when')}
          >
            <time dateTime={viewing.startsAt}>{when}</time>
          </Line>
          <Line icon={<MapPin aria-hidden className="size-4" />} label={t('viewings.page.where')}>
            {viewing.property.address}
          </Line>
          <Line
            icon={<UserRound aria-hidden className="size-4" />}
            label={viewing.asLister ? t('viewings.page.renter') : t('viewings.page.lister')}
          >
            {otherPartyName(t, viewing)}
          </Line>
        </dl>
        {viewing.renterRecord ? (
          <p className="text-sm text-muted-foreground">
            {viewing.renterRecord.booked === 0
              ? t('viewings.record.first', { name: otherPartyName(t, viewing) })
              : t('viewings.record.kept', {
                  name: otherPartyName(t, viewing),
                  cancelled: viewing.renterRecord.cancelled,
                  count: viewing.renterRecord.booked,
                  noShows: viewing.renterRecord.noShows,
                })}
          </p>
        ) : null}
        <ViewingPlace viewing={viewing} />
        <StatusText viewing={viewing} />
        <NoShowNote viewing={viewing} />
        {viewing.note ? (
          <div className="grid gap-1">
            <h2 className="text-sm font-semibold">{t('viewings.page.note')}</h2>
            <blockquote className="whitespace-pre-wrap rounded-lg border p-3 text-sm">
              {viewing.note}
            </blockquote>
          </div>
        ) : null}
        <ViewingActions viewing={viewing} />
        {/* Reviews (issue 40): the renter of a confirmed viewing once its time has come, unless
            the lister said they did not come and they did not answer "I was there" (issue 50). */}
        {!viewing.asLister &&
        viewing.status === 'confirmed' &&
        (!viewing.renterNoShow || viewing.noShowDisputed) &&
        Date.parse(viewing.startsAt) <= openedAt ? (
          <Button asChild className="justify-self-start">
            <Link to={paths.reviewViewing(viewing.id)}>
              <Star aria-hidden />
              {t('viewings.page.review')}
            </Link>
          </Button>
        ) : null}
        {/* For everyone, not only those whose e-mail carried the file (issue 51). */}
        {viewing.status === 'confirmed' && Date.parse(viewing.endsAt) > openedAt ? (
          <Button asChild variant="outline" className="justify-self-start">
            <a href={viewingCalendarPath(viewing.id)} download="viewing.ics">
              <CalendarPlus aria-hidden />
              {t('viewings.page.addToCalendar')}
            </a>
          </Button>
        ) : null}
        <Button asChild variant="outline" className="justify-self-start">
          <Link to={paths.messages(viewing.conversationId)}>
            <MessageSquare aria-hidden />
            {t('viewings.page.conversation')}
          </Link>
        </Button>
      </Card>
      <FreeViewingNote />
    </div>
  );
}

function Line({
  icon,
  label,
  children,
}: {
  icon: React.ReactNode;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-2">
      <dt className="flex items-center gap-2 text-muted-foreground [&_svg]:text-primary">
        {icon}
        <span className="sr-only sm:not-sr-only">{label}</span>
      </dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * A no-show (issue 50), as each side reads it: the renter is told the lister said they did not
 * come (and answers "I was there" below, ViewingActions), the lister that the renter says they
 * were there.
 */
function NoShowNote({ viewing }: { viewing: Viewing }) {
  const { t } = useTranslation();
  if (!viewing.renterNoShow) return null;
  const side = viewing.asLister ? 'lister' : 'renter';
  const key = `viewings.noShow.${side}${viewing.noShowDisputed ? 'Disputed' : ''}`;
  return <p className="text-sm font-medium">{t(key, { name: otherPartyName(t, viewing) })}</p>;
}

/** What the status means for this reader, with the reason and another time when given. */
function StatusText({ viewing }: { viewing: Viewing }) {
  const { t, i18n } = useTranslation();
  const side = viewing.asLister ? 'lister' : 'renter';
  // Abode's own cancellation, its listing gone (issue 51), says why; a party's says who.
  const key =
    viewing.status === 'cancelled'
      ? viewing.cancelledFor
        ? `viewings.explain.cancelledFor.${viewing.cancelledFor}`
        : `viewings.explain.cancelled.${viewing.cancelledBy === side ? 'byMe' : 'byOther'}`
      : `viewings.explain.${viewing.status}.${side}`;
  return (
    <div className="grid gap-2 text-sm">
      <p>{t(key, { name: otherPartyName(t, viewing) })}</p>
      {viewing.reason ? (
        <p>
          <span className="font-semibold">{t('viewings.page.reason')}</span> {viewing.reason}
        </p>
      ) : null}
      {viewing.suggestedStartsAt ? (
        <p className="flex flex-wrap items-center gap-2">
          {t('viewings.page.suggested', {
            time: formatZoned(viewing.suggestedStartsAt, viewing.timeZone, i18n.language),
          })}
          {viewing.asLister ? null : (
            <Link to={paths.bookViewing(viewing.property.id)} className="text-primary underline">
              {t('viewings.page.bookAnother')}
            </Link>
          )}
        </p>
      ) : null}
    </div>
  );
}
