import type { UseQueryResult } from '@tanstack/react-query';
import {
  BarChart3,
  Building2,
  ClipboardCheck,
  Eye,
  Film,
  LayoutGrid,
  MessageSquare,
  PlusCircle,
  Settings,
  Star,
  Timer,
  UserCheck,
  Video,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '#common/auth';
import type { Property } from '#common/properties';
import { ActionLinks } from '../../components/ui/action-links';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { isUnauthorized } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { formatRating, useDeleteListing } from '../properties/api';
import { HostPropertyCard } from './host-property-card';
import { activeCount, meanRating } from './host-rules';
import { StatCard } from '../../components/ui/stat-card';

/**
 * The host part of the dashboard (spec, host view): counts, the user's listings with their
 * status and actions, and the analytics tab.
 */
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
              ? t('dashboard.host.activeCount', { count: activeCount(data) })
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
          <TabsTrigger value="properties">
            <LayoutGrid aria-hidden />
            {t('dashboard.host.propertiesTab')}
          </TabsTrigger>
          <TabsTrigger value="analytics">
            <BarChart3 aria-hidden />
            {t('dashboard.host.analyticsTab')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="properties" className="mt-6">
          <PropertiesTab listings={listings} />
        </TabsContent>
        <TabsContent value="analytics" className="mt-6">
          <AnalyticsTab user={user} rating={listings.isSuccess ? rating : undefined} />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function PropertiesTab({ listings }: { listings: UseQueryResult<Property[]> }) {
  const { t } = useTranslation();
  const deletion = useDeleteListing();
  const [toDelete, setToDelete] = useState<Property | null>(null);

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

  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {listings.data.map((property) => (
          <li key={property.id} className="grid">
            <HostPropertyCard property={property} onDelete={() => setToDelete(property)} />
          </li>
        ))}
      </ul>
      <AlertDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !deletion.isPending) setToDelete(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogTitle>{t('dashboard.host.deleteTitle')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('dashboard.host.deleteText', { title: toDelete?.title ?? '' })}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deletion.isPending}>
              {t('dashboard.host.cancel')}
            </AlertDialogCancel>
            <AlertDialogAction
              destructive
              disabled={deletion.isPending}
              onClick={(event) => {
                // Stay open until the server answers.
                event.preventDefault();
                confirmDelete();
              }}
            >
              {deletion.isPending
                ? t('dashboard.host.deleting')
                : t('dashboard.host.confirmDelete')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
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

function AnalyticsTab({ user, rating }: { user: User; rating: string | undefined }) {
  const { t } = useTranslation();
  const actions = [
    { to: paths.listProperty(), label: t('dashboard.host.addProperty'), icon: <PlusCircle /> },
    { to: paths.support(), label: t('dashboard.host.messages'), icon: <MessageSquare /> },
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
        {/* Views and response times are not measured yet: dashes, as the spec shows them. */}
        <StatCard
          icon={<Eye aria-hidden />}
          label={t('dashboard.host.totalViews')}
          value={<NotMeasured />}
        />
        <StatCard
          icon={<Timer aria-hidden />}
          label={t('dashboard.host.responseTime')}
          value={<NotMeasured />}
        />
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

function NotMeasured() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">{t('dashboard.host.notMeasured')}</span>
    </>
  );
}
