import type { UseQueryResult } from '@tanstack/react-query';
import {
  BarChart3,
  Building2,
  ClipboardCheck,
  Eye,
  Film,
  LayoutGrid,
  PlusCircle,
  Settings,
  Star,
  UserCheck,
  Video,
} from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponseTimeCard } from './response-time-card';
import { Link, useSearchParams } from 'react-router';
import type { User } from '#common/auth';
import { LISTING_CONFIRM_DAYS, RENTED_PAGE_DAYS } from '#common/listing-rules';
import type { Property } from '#common/properties';
import { ActionLinks } from '../../components/ui/action-links';
import { ChoiceButtons } from '../../components/ui/choice-buttons';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { PageSpinner } from '../../components/ui/spinner';
import { isUnauthorized } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { formatRating, useDeleteListing, useSetListingRented } from '../properties';
import { ListerReviewsPanel } from '../reviews';
import { HostPropertyCard } from './host-property-card';
import { useRenewAction } from './use-renew-action';
import {
  hostPage,
  totalViews,
  hostStatusFilterOf,
  hostStatusFilters,
  meanRating,
  statusCounts,
  type HostStatusFilter,
} from './host-rules';
import { Pager } from '../../components/ui/pager';
import { StatCard } from '../../components/ui/stat-card';

/**
 * The host part of the dashboard (spec, host view): counts, the user's listings with their
 * status and actions, and the analytics tab.
 */
/**
 * Three tabs share a phone's width: their icons go and their padding narrows there, so the
 * longest names ("Bewertungen", "Estadísticas") fit.
 */
const phoneTab = 'max-sm:px-1.5 max-sm:[&_svg]:hidden';

export function HostSection({
  user,
  listings,
}: {
  user: User;
  listings: UseQueryResult<Property[]>;
}) {
  const { t, i18n } = useTranslation();
  const data = listings.data ?? [];
  const rating = formatRating(meanRating(data), i18n.language);

  return (
    <section aria-labelledby="dashboard-host" className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="dashboard-host" className="text-2xl font-bold">
            {t('dashboard.host.title')}
          </h2>
          <p className="mt-1 text-muted-foreground">{t('dashboard.host.subtitle')}</p>
        </div>
        <Button asChild>
          <Link to={paths.listProperty()}>
            <PlusCircle aria-hidden />
            {t('dashboard.host.addProperty')}
          </Link>
        </Button>
      </div>

      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <StatCard
          icon={<Building2 aria-hidden />}
          label={t('dashboard.host.totalProperties')}
          value={listings.isSuccess ? data.length : undefined}
          note={
            listings.isSuccess
              ? // Counted as the cards' badges say it (issue 51): a pending or hidden listing
                // may be switched on, but it is not live.
                t('dashboard.host.activeCount', { count: statusCounts(data).live })
              : undefined
          }
        />
        <StatCard
          icon={<Star aria-hidden />}
          label={t('dashboard.host.avgRating')}
          value={listings.isSuccess ? rating : undefined}
          note={t('dashboard.host.acrossListings')}
        />
      </dl>

      <Tabs defaultValue="properties" className="mt-8">
        <TabsList aria-label={t('dashboard.host.tabsLabel')} className="max-w-md">
          <TabsTrigger value="properties" className={phoneTab}>
            <LayoutGrid aria-hidden />
            {t('dashboard.host.propertiesTab')}
          </TabsTrigger>
          <TabsTrigger value="analytics" className={phoneTab}>
            <BarChart3 aria-hidden />
            {t('dashboard.host.analyticsTab')}
          </TabsTrigger>
          <TabsTrigger value="reviews" className={phoneTab}>
            <Star aria-hidden />
            {t('listerReviews.tab')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="properties" className="mt-6">
          <PropertiesTab listings={listings} />
        </TabsContent>
        <TabsContent value="reviews" className="mt-6">
          {/* What renters who came said, answered here (issue 40). */}
          <Suspense fallback={<PageSpinner />}>
            <ListerReviewsPanel />
          </Suspense>
        </TabsContent>
        <TabsContent value="analytics" className="mt-6">
          <AnalyticsTab
            user={user}
            rating={listings.isSuccess ? rating : undefined}
            views={listings.isSuccess ? totalViews(data) : undefined}
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function PropertiesTab({ listings }: { listings: UseQueryResult<Property[]> }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = hostStatusFilterOf(params.get('status'));
  const requestedPage = Number(params.get('page') ?? '1');
  const deletion = useDeleteListing();
  const [toDelete, setToDelete] = useState<Property | null>(null);
  const rented = useSetListingRented();
  const [toRent, setToRent] = useState<Property | null>(null);
  const { renew, renewing } = useRenewAction();
  const gridTop = useRef<HTMLDivElement>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete.id, {
      onSuccess: () => toast({ title: t('dashboard.host.deleted') }),
      onError: (error) => {
        // A 401 is handled by the listings query sending the reader to sign in again.
        if (isUnauthorized(error)) return;
        toast({ title: t('dashboard.host.deleteFailed'), variant: 'destructive' });
      },
      onSettled: () => setToDelete(null),
    });
  };

  // Marked rented after confirmation; made available again at once (nothing is lost).
  const setRented = (property: Property, value: boolean) => {
    rented.mutate(
      { id: property.id, rented: value },
      {
        onSuccess: () =>
          toast({
            title: t(value ? 'dashboard.host.markedRented' : 'dashboard.host.markedAvailable', {
              title: property.title,
            }),
          }),
        onError: (error) => {
          if (isUnauthorized(error)) return;
          toast({
            title: t(value ? 'dashboard.host.markRentedFailed' : 'dashboard.host.availableFailed'),
            variant: 'destructive',
          });
        },
        onSettled: () => setToRent(null),
      },
    );
  };

  if (listings.isPending) {
    return (
      <div
        role="status"
        aria-label={t('common.loading')}
        className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      >
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-80 w-full" />
        ))}
      </div>
    );
  }
  if (listings.isError) {
    if (isUnauthorized(listings.error)) return null;
    return (
      <div role="alert" className="rounded-xl border border-border p-6 text-center">
        <p className="font-medium">{t('dashboard.host.loadError')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void listings.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }
  if (listings.data.length === 0) return <NoListings />;

  const counts = statusCounts(listings.data);
  const shown = hostPage(listings.data, filter, requestedPage);
  // Kept in the URL, so back and forward return to the same status and page.
  const show = (next: { status?: HostStatusFilter; page?: number }) =>
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        const status = next.status ?? filter;
        const page = next.page ?? 1;
        if (status === 'all') params.delete('status');
        else params.set('status', status);
        if (page <= 1) params.delete('page');
        else params.set('page', String(page));
        return params;
      },
      { preventScrollReset: true },
    );

  return (
    <>
      <div ref={gridTop} className="scroll-mt-20" />
      <ChoiceButtons
        label={t('dashboard.host.statusFilter')}
        options={hostStatusFilters}
        value={filter}
        onChange={(status) => show({ status })}
        className="mb-6 flex-wrap"
      >
        {(status) => (
          <>
            {status === 'all'
              ? t('dashboard.host.allStatuses')
              : t(`dashboard.status.${status}`, { days: LISTING_CONFIRM_DAYS })}{' '}
            <span className="tabular-nums">({counts[status]})</span>
          </>
        )}
      </ChoiceButtons>
      {shown.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          {t('dashboard.host.noneWithStatus')}
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.items.map((property) => (
            <li key={property.id} className="grid">
              <HostPropertyCard
                property={property}
                onDelete={() => setToDelete(property)}
                onMarkRented={() => setToRent(property)}
                onAvailableAgain={() => setRented(property, false)}
                onRenew={() => renew(property)}
                renewing={renewing(property.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={shown.page}
        pages={shown.pages}
        onPage={(page) => {
          show({ page });
          keepGridInView(gridTop.current);
        }}
        label={t('dashboard.host.pagesLabel')}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('dashboard.host.deleteTitle')}
        text={t('dashboard.host.deleteText', { title: toDelete?.title ?? '' })}
        confirmText={t('dashboard.host.confirmDelete')}
        pendingText={t('dashboard.host.deleting')}
        pending={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
      <ConfirmDialog
        open={toRent !== null}
        title={t('dashboard.host.markRentedTitle')}
        text={t('dashboard.host.markRentedText', {
          title: toRent?.title ?? '',
          days: RENTED_PAGE_DAYS,
        })}
        confirmText={t('dashboard.host.confirmMarkRented')}
        pendingText={t('dashboard.host.markingRented')}
        pending={rented.isPending}
        onConfirm={() => {
          if (toRent) setRented(toRent, true);
        }}
        onClose={() => setToRent(null)}
      />
    </>
  );
}

/**
 * After the pager at the foot of the grid is pressed, a phone would show the foot of the next
 * page: bring the top of the grid (its status filter) back into view when it has scrolled away.
 */
function keepGridInView(top: HTMLElement | null) {
  if (!top || top.getBoundingClientRect().top >= 0) return;
  top.scrollIntoView?.({ block: 'start' });
}

/** No listings yet: subscribe to a plan, or list straight away (spec, empty state). */
function NoListings() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center">
      <Building2 className="size-10 text-primary" aria-hidden />
      <h3 className="mt-4 text-xl font-semibold">{t('dashboard.host.emptyTitle')}</h3>
      <p className="mt-2 max-w-md text-muted-foreground">{t('dashboard.host.emptyText')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.listingPlans()}>{t('dashboard.host.subscribe')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.listProperty()}>{t('dashboard.listProperty')}</Link>
        </Button>
      </div>
    </div>
  );
}

function AnalyticsTab({
  user,
  rating,
  views,
}: {
  user: User;
  rating: string | undefined;
  views: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const actions = [
    { to: paths.listProperty(), label: t('dashboard.host.addProperty'), icon: <PlusCircle /> },
    { to: paths.accountSettings(), label: t('nav.accountSettings'), icon: <Settings /> },
    { to: paths.myVideos(), label: t('videos.nav.myVideos'), icon: <Film /> },
    ...(user.isAdmin
      ? [
          {
            to: paths.adminPanel(),
            label: t('dashboard.host.propertyApproval'),
            icon: <ClipboardCheck />,
          },
          {
            to: paths.adminServiceApproval(),
            label: t('dashboard.host.providerApproval'),
            icon: <UserCheck />,
          },
          {
            to: paths.adminVideoManagement(),
            label: t('videos.nav.videoManagement'),
            icon: <Video />,
          },
        ]
      : []),
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <dl className="grid content-start gap-4 sm:grid-cols-3 lg:col-span-2">
        {/* Views of the listings' pages come from visitor analytics; response times from the
            conversations (issue 37). */}
        <StatCard
          icon={<Eye aria-hidden />}
          label={t('dashboard.host.totalViews')}
          value={views === undefined ? undefined : views.toLocaleString(i18n.language)}
          note={t('dashboard.host.totalViewsNote')}
        />
        <ResponseTimeCard />
        <StatCard
          icon={<Star aria-hidden />}
          label={t('dashboard.host.guestRating')}
          value={rating}
        />
      </dl>
      <Card className="p-6">
        <h3 className="text-lg font-semibold">{t('dashboard.quickActionsTitle')}</h3>
        <ActionLinks actions={actions} className="mt-4" />
      </Card>
    </div>
  );
}
