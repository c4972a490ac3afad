import { ArrowDown, ArrowUp, Star, StarOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FEATURED, type AdminProperty } from '#common/admin';
import { listingStatus } from '#common/listing-rules';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../lib/toast';
import {
  useFeatureCandidates,
  useFeaturedProperties,
  useReorderFeatured,
  useSetFeatured,
} from './api';
import { featureCandidates, moved, renumbered, type Direction } from './featured-order';
import { StatusBadges } from './listing-status';
import { ListingSummary } from './listing-summary';

/** How many featured listings the home page shows (marketplace spec, Home). */
const ON_HOME_PAGE = 6;

/**
 * The Featured tab (spec): the featured listings in order, moved up or down (the whole list
 * renumbered from 1), unfeatured; and live listings that can be featured.
 */
export function FeaturedTab() {
  const { t } = useTranslation();
  const featured = useFeaturedProperties();
  const candidates = useFeatureCandidates();
  const list = featured.data ?? [];

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <Card className="p-4 sm:p-6">
        <h2 id="featured-heading" className="text-xl font-semibold">
          {t('admin.featured.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {t('admin.featured.subtitle', { number: ON_HOME_PAGE })}
        </p>
        <div className="mt-4">
          {featured.isError ? (
            <LoadFailed onRetry={() => void featured.refetch()} />
          ) : featured.data ? (
            <FeaturedList list={featured.data} />
          ) : (
            <ListSkeleton />
          )}
        </div>
      </Card>
      <Card className="p-4 sm:p-6">
        <h2 className="text-xl font-semibold">{t('admin.featured.candidatesTitle')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {t('admin.featured.candidatesSubtitle')}
        </p>
        <div className="mt-4">
          {candidates.isError ? (
            <LoadFailed onRetry={() => void candidates.refetch()} />
          ) : candidates.data && featured.data ? (
            <CandidateList
              candidates={featureCandidates(candidates.data.properties, list)}
              full={list.length >= MAX_FEATURED}
            />
          ) : (
            <ListSkeleton />
          )}
        </div>
      </Card>
    </div>
  );
}

function FeaturedList({ list }: { list: AdminProperty[] }) {
  const { t } = useTranslation();
  const reorder = useReorderFeatured();
  const unfeature = useSetFeatured();
  const [announcement, setAnnouncement] = useState('');
  const moving = useRef<{ id: string; from: number; direction: Direction } | null>(null);

  // Once the list shows the move, the moved listing keeps the focus: on the same arrow, or
  // on the other one when it has reached the end.
  useEffect(() => {
    const target = moving.current;
    if (!target || list.findIndex((item) => item.id === target.id) === target.from) return;
    moving.current = null;
    const button = (direction: Direction): HTMLButtonElement | null =>
      document.querySelector(`[data-move="${direction}"][data-id="${target.id}"]`);
    const same = button(target.direction);
    (same && !same.disabled ? same : button(target.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [list]);

  const move = (index: number, direction: Direction) => {
    const item = list[index];
    if (!item || reorder.isPending) return;
    const next = moved(list, index, direction);
    const position = next.indexOf(item) + 1;
    moving.current = { id: item.id, from: index, direction };
    reorder.mutate(
      { body: { propertyOrders: renumbered(next) }, next },
      {
        onSuccess: () =>
          setAnnouncement(t('admin.featured.movedTo', { title: item.title, position })),
        onError: () => toast({ title: t('admin.toast.reorderFailed'), variant: 'destructive' }),
      },
    );
  };

  const onUnfeature = (property: AdminProperty) =>
    unfeature.mutate(
      { id: property.id, isFeatured: false },
      {
        onSuccess: () => toast({ title: t('admin.toast.unfeatured'), description: property.title }),
        onError: () => toast({ title: t('admin.toast.featuredFailed'), variant: 'destructive' }),
      },
    );

  if (list.length === 0) {
    return <p className="text-muted-foreground">{t('admin.featured.empty')}</p>;
  }

  return (
    <>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      <ol aria-labelledby="featured-heading" className="grid gap-3">
        {list.map((property, index) => {
          const live = listingStatus(property) === 'live';
          return (
            <li
              key={property.id}
              className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:flex-row sm:items-center"
            >
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <span className="mt-4 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-bold text-primary-hover">
                  <span aria-hidden>{index + 1}</span>
                  <span className="sr-only">
                    {t('admin.featured.position', { position: index + 1 })}
                  </span>
                </span>
                <ListingSummary property={property}>
                  {live ? null : (
                    <>
                      <StatusBadges property={property} />
                      <p className="text-xs text-muted-foreground">{t('admin.featured.notLive')}</p>
                    </>
                  )}
                  {live && index < ON_HOME_PAGE ? (
                    <p className="text-xs font-medium text-emerald-800">
                      {t('admin.featured.onHomePage')}
                    </p>
                  ) : null}
                </ListingSummary>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  size="icon"
                  variant="outline"
                  data-move="up"
                  data-id={property.id}
                  disabled={index === 0}
                  onClick={() => move(index, 'up')}
                  aria-label={t('admin.featured.moveUp', { title: property.title })}
                >
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  size="icon"
                  variant="outline"
                  data-move="down"
                  data-id={property.id}
                  disabled={index === list.length - 1}
                  onClick={() => move(index, 'down')}
                  aria-label={t('admin.featured.moveDown', { title: property.title })}
                >
                  <ArrowDown aria-hidden />
                </Button>
                <Button
                  variant="outline"
                  disabled={unfeature.isPending && unfeature.variables?.id === property.id}
                  onClick={() => onUnfeature(property)}
                  aria-label={t('admin.featured.unfeatureLabel', { title: property.title })}
                  className="text-destructive"
                >
                  <StarOff aria-hidden />
                  {t('admin.featured.unfeature')}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}

function CandidateList({ candidates, full }: { candidates: AdminProperty[]; full: boolean }) {
  const { t } = useTranslation();
  const feature = useSetFeatured();
  if (candidates.length === 0) {
    return <p className="text-muted-foreground">{t('admin.featured.noCandidates')}</p>;
  }
  const onFeature = (property: AdminProperty) =>
    feature.mutate(
      { id: property.id, isFeatured: true },
      {
        onSuccess: () => toast({ title: t('admin.toast.featured'), description: property.title }),
        onError: () => toast({ title: t('admin.toast.featuredFailed'), variant: 'destructive' }),
      },
    );
  return (
    <>
      {full ? (
        <p className="mb-3 text-sm text-amber-900">
          {t('admin.featured.full', { max: MAX_FEATURED })}
        </p>
      ) : null}
      <ul className="grid gap-3">
        {candidates.map((property) => (
          <li
            key={property.id}
            className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:flex-row sm:items-center"
          >
            <ListingSummary property={property} />
            <Button
              size="sm"
              variant="outline"
              className="shrink-0"
              disabled={full || (feature.isPending && feature.variables?.id === property.id)}
              onClick={() => onFeature(property)}
              aria-label={t('admin.featured.featureLabel', { title: property.title })}
            >
              <Star aria-hidden />
              {t('admin.featured.feature')}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid justify-items-start gap-3">
      <p>{t('admin.loadFailed')}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </div>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="grid gap-3">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} className="h-20 w-full" />
      ))}
    </div>
  );
}
