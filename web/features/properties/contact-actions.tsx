import { CalendarClock, Clock, MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Property } from '#common/properties';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';

/**
 * The listing page's ways to get in touch with its lister (issues 37 and 38): a message first,
 * a viewing booked on Abode second, and how the lister usually answers.
 */

/** Signed out: sign up first (then the contact page); signed in: the contact page. */
export function ContactAction({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const wrap = 'h-auto min-h-12 w-full whitespace-normal py-3 text-center';
  if (isLoading) return <Skeleton className="h-12 w-full" />;
  // A message first (issue 37): the contact page opens with the enquiry, the number second.
  // A viewing booked here (issue 38) is the other way in: both stay on Abode.
  return user ? (
    <>
      <Button asChild size="lg" className={wrap}>
        <Link to={paths.contactLandlord(propertyId)}>
          <MessageSquare aria-hidden />
          {t('property.messageLister')}
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline" className={wrap}>
        <Link to={paths.bookViewing(propertyId)}>
          <CalendarClock aria-hidden />
          {t('property.bookViewing')}
        </Link>
      </Button>
    </>
  ) : (
    <>
      <Button asChild size="lg" className={wrap}>
        <Link to={paths.register({ action: 'contact', propertyId })}>
          <MessageSquare aria-hidden />
          {t('property.signUpToMessage')}
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline" className={wrap}>
        <Link to={paths.register({ action: 'viewing', propertyId })}>
          <CalendarClock aria-hidden />
          {t('property.signUpToBook')}
        </Link>
      </Button>
    </>
  );
}

/**
 * "Usually replies within 2 hours" (issues 37 and 50): how the lister answers enquiries lately.
 * The server gives a median only when it is true of the lister (at least 5 enquiries, half of
 * them answered within a day: common/conversations.ts `publicResponseTime`); otherwise the line
 * says the share answered within a day, and nothing under 3 enquiries.
 */
export function ResponseTimeLine({
  responseTime,
}: {
  responseTime: Property['lister']['responseTime'];
}) {
  const { t, i18n } = useTranslation();
  if (!responseTime) return null;
  const { medianMinutes, replyRate } = responseTime;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(replyRate);
  const share = t('property.response.rate', { percent });
  return (
    <p className="flex items-start gap-2 text-sm">
      <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      {medianMinutes === null ? (
        <span>{share}</span>
      ) : (
        <span>
          {medianMinutes <= 60
            ? t('property.response.withinAnHour')
            : medianMinutes <= 24 * 60
              ? t('property.response.withinHours', { count: Math.ceil(medianMinutes / 60) })
              : t('property.response.withinDays', {
                  count: Math.ceil(medianMinutes / (24 * 60)),
                })}
          <span className="block text-muted-foreground">{share}</span>
        </span>
      )}
    </p>
  );
}
