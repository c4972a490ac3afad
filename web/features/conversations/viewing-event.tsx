import { CalendarCheck, CalendarClock, CalendarX, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ConversationEvent, ConversationMessage } from '#common/conversations';
import { Link } from 'react-router';
import { formatDateTime, formatZonedTime } from '../../lib/dates';
import { paths } from '../../paths';
import { MessageText } from './message-text';
import { PaymentWarning } from './payment-warning';

/**
 * A step of a viewing (issue 38) as a line of the conversation: what happened, at the time
 * where the place is, with what its author wrote, if anything. The request's line says that
 * viewings booked on Abode are free: the scam this market knows is the "viewing fee".
 */
export function ViewingEventLine({
  message,
  event,
}: {
  message: ConversationMessage;
  event: ConversationEvent;
}) {
  const { t, i18n } = useTranslation();
  const time = formatZonedTime(event.startsAt, event.timeZone, i18n.language);
  const Icon =
    event.step === 'confirmed'
      ? CalendarCheck
      : event.step === 'requested'
        ? CalendarClock
        : CalendarX;
  return (
    <div className="grid w-full justify-items-center gap-1 text-center">
      <p className="flex items-center gap-2 rounded-full bg-muted px-3 py-1 text-sm font-medium text-zinc-900">
        <Icon aria-hidden className="size-4 shrink-0" />
        {t(`messages.viewing.${event.step}`, { time })}
      </p>
      {event.cause ? (
        <p className="text-xs text-muted-foreground">
          {t(`messages.viewing.cause.${event.cause}`)}
        </p>
      ) : null}
      {event.suggestedStartsAt ? (
        <p className="text-sm">
          {t('messages.viewing.suggested', {
            time: formatZonedTime(event.suggestedStartsAt, event.timeZone, i18n.language),
          })}
        </p>
      ) : null}
      {message.body ? (
        <blockquote className="max-w-[85%] rounded-2xl border px-4 py-2 text-start">
          <MessageText body={message.body} />
        </blockquote>
      ) : null}
      <PaymentWarning message={message} />
      {event.step === 'requested' ? (
        <p className="flex items-center gap-1 text-xs text-emerald-800">
          <ShieldCheck aria-hidden className="size-3.5 shrink-0" />
          {t('messages.viewing.free')}
        </p>
      ) : null}
      <p className="flex flex-wrap items-center justify-center gap-x-2 text-xs text-muted-foreground">
        <time dateTime={message.sentAt}>{formatDateTime(message.sentAt, i18n.language)}</time>
        <Link to={paths.viewing(event.viewingId)} className="text-primary underline">
          {t('messages.viewing.open')}
        </Link>
      </p>
    </div>
  );
}
