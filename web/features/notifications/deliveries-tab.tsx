import { Mail, MessageSquareText, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DELIVERIES_PAGE_SIZE,
  deliveryGroups,
  type Delivery,
  type DeliveryGroup,
} from '#common/deliveries';
import {
  ItemList,
  ListFailed,
  ListNote,
  ListSection,
  pageCount,
  QueryStates,
  useFilterAndPage,
} from '../../components/list-kit';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ChoiceButtons } from '../../components/ui/choice-buttons';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/dates';
import { apiErrorReason } from '../../lib/server-messages';
import { useDeliveries, useRetryDelivery } from './api';

/**
 * The admin panel's Deliveries tab (issue 18): every e-mail and SMS the product sends waits in
 * a queue; here administrators see what waits, what left and what failed, with the provider's
 * reason, and send a failed one again. Never a message's text: codes and links stay private.
 */
export default function DeliveriesTab() {
  const { t } = useTranslation();
  const { filter: status, choose, page, setPage } = useFilterAndPage<DeliveryGroup>('failed');
  const deliveries = useDeliveries(status, page);
  const pages = pageCount(deliveries.data?.total ?? 0, DELIVERIES_PAGE_SIZE);

  return (
    <ListSection
      id="deliveries"
      title={t('deliveries.title')}
      filter={
        <ChoiceButtons
          label={t('deliveries.filter')}
          options={deliveryGroups}
          value={status}
          onChange={choose}
        >
          {(group) => t(`deliveries.groups.${group}`)}
        </ChoiceButtons>
      }
      intro={t('deliveries.intro')}
    >
      <QueryStates
        query={deliveries}
        failed={<ListFailed>{t('deliveries.loadFailed')}</ListFailed>}
      >
        {(data) => (
          <ItemList
            items={data.deliveries}
            itemKey={(delivery) => delivery.id}
            empty={<ListNote>{t(`deliveries.empty.${status}`)}</ListNote>}
          >
            {(delivery) => <DeliveryCard delivery={delivery} />}
          </ItemList>
        )}
      </QueryStates>
      <Pager page={page} pages={pages} onPage={setPage} label={t('deliveries.pagesLabel')} />
    </ListSection>
  );
}

function DeliveryCard({ delivery }: { delivery: Delivery }) {
  const { t, i18n } = useTranslation();
  const retry = useRetryDelivery();
  const Icon = delivery.channel === 'sms' ? MessageSquareText : Mail;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold [&_svg]:size-4">
          <Icon aria-hidden />
          {t(`deliveries.kinds.${delivery.kind}`, { defaultValue: delivery.kind })}
        </h3>
        <Badge variant={delivery.status === 'failed' ? 'accent' : 'outline'}>
          {t(`deliveries.statuses.${delivery.status}`)}
        </Badge>
      </div>
      <p className="mt-1 break-all text-sm">{delivery.to}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {t('deliveries.queuedAt', { date: when(delivery.createdAt) })} ·{' '}
        {t('deliveries.attempts', { count: delivery.attempts })}
        {delivery.at
          ? ` · ${t(`deliveries.at.${delivery.status}`, { date: when(delivery.at) })}`
          : null}
      </p>
      {delivery.reason ? (
        <p className="mt-2 break-words text-sm">
          <span className="font-medium">{t('deliveries.reason')}</span> {delivery.reason}
        </p>
      ) : null}
      {delivery.status === 'failed' ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button
            size="sm"
            variant="outline"
            disabled={retry.isPending}
            onClick={() => retry.mutate(delivery.id)}
          >
            {retry.isPending ? <Spinner /> : <RotateCcw aria-hidden />}
            {t('deliveries.retry')}
          </Button>
          {retry.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {apiErrorReason(t, retry.error) ?? t('deliveries.retryFailed')}
            </p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
