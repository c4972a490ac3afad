import { CalendarCheck, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LISTING_CONFIRM_DAYS } from '#common/listing-rules';
import type { Property } from '#common/properties';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/dates';
import { ConfirmedAgo } from '../properties';
import { confirmBy } from './host-rules';

/**
 * The monthly confirmation on a host's card (issue 21). A live listing says when it was last
 * confirmed, and only from the reminder's day on asks, calmly, to confirm it by a date; an
 * expired one says why it left search and offers Renew, one click and no new review.
 */
export function ConfirmationNote({
  property,
  expired,
  pending,
  onRenew,
}: {
  property: Pick<Property, 'confirmedAt'>;
  expired: boolean;
  pending: boolean;
  onRenew: () => void;
}) {
  const { t, i18n } = useTranslation();
  if (expired) {
    return (
      <div className="grid gap-2 rounded-md border border-zinc-300 bg-zinc-50 p-2 text-sm text-zinc-950">
        <p>{t('dashboard.host.expiredText', { days: LISTING_CONFIRM_DAYS })}</p>
        <Button type="button" size="sm" className="w-fit" disabled={pending} onClick={onRenew}>
          <RotateCcw aria-hidden />
          {t('dashboard.host.renew')}
        </Button>
      </div>
    );
  }
  const due = confirmBy(property.confirmedAt);
  return (
    <>
      <ConfirmedAgo confirmedAt={property.confirmedAt} className="text-sm text-muted-foreground" />
      {due ? (
        <div className="grid gap-2 rounded-md border border-sky-200 bg-sky-50 p-2 text-sm text-sky-950">
          <p>
            {t('dashboard.host.confirmBy', { date: formatDate(due.toISOString(), i18n.language) })}
          </p>
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="w-fit bg-white"
            disabled={pending}
            onClick={onRenew}
          >
            <CalendarCheck aria-hidden />
            {t('dashboard.host.stillAvailable')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
