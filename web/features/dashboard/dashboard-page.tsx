import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '#common/auth';
import { PageSpinner } from '../../components/ui/spinner';
import { isUnauthorized } from '../../lib/api-client';
import { navigateOutOfApp } from '../../lib/full-page-navigation';
import { useLiveEvent } from '../../lib/live-events';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { useUserProperties, userPropertiesKey } from '../properties';
import { ToAnswerSection, ViewingsSection } from '../viewings';
import { HostSection } from './host-section';
import { isHost } from './host-rules';
import { QuickActions, RecentlySaved, Recommended, Tips, WelcomeHeader } from './welcome-section';

/** Spec: the host dashboard sends a signed-out reader to sign in after 500 ms. */
export const SIGN_IN_DELAY_MS = 500;
const signInUrl = `/api/login?next=${encodeURIComponent(paths.dashboard())}`;

/**
 * /dashboard: the spec's two dashboards on one page. Everyone signed in gets the welcome part
 * (greeting, quick search, counts, recommendations, saved places); owners, agents and anyone
 * with a listing also get what waits for their answer first (issue 51: viewing requests to
 * confirm or decline, enquiries to reply to) and the host part (their listings and analytics).
 */
export default function DashboardPage() {
  const { user, isLoading } = useCurrentUser();
  const signedOut = !isLoading && !user;
  useSignInAgain(signedOut);
  if (!user) return <PageSpinner />;
  return <Dashboard user={user} />;
}

function Dashboard({ user }: { user: User }) {
  const { t } = useTranslation();
  const listings = useUserProperties();
  useDocumentTitle(t('dashboard.documentTitle'));
  useListingStatusNews();
  useSignInAgain(listings.isError && isUnauthorized(listings.error));
  const host = isHost(user, listings.data);

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 pt-8 sm:px-6">
      <WelcomeHeader
        user={user}
        ownCount={listings.data?.length}
        host={host}
        first={<ToAnswerSection />}
      />
      {host ? <HostSection user={user} listings={listings} /> : null}
      <ViewingsSection />
      <Recommended />
      <div className="mt-12 grid gap-6 lg:grid-cols-3">
        <QuickActions />
        <RecentlySaved />
        <Tips />
      </div>
    </div>
  );
}

/**
 * A listing approved, refused or hidden while the dashboard is open (issue 35): the list is
 * fetched again and the owner is told in a toast, without a reload.
 */
function useListingStatusNews() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useLiveEvent('listing.status', ({ title, status, rejected }) => {
    void queryClient.invalidateQueries({ queryKey: userPropertiesKey });
    const news = rejected ? 'rejected' : status;
    if (!(news in toldStatuses)) return;
    toast({
      title: t(`dashboard.live.${news as keyof typeof toldStatuses}`, { title }),
      description: toldStatuses[news as keyof typeof toldStatuses]
        ? t('dashboard.live.seeWhy')
        : undefined,
      variant: toldStatuses[news as keyof typeof toldStatuses] ? 'destructive' : 'default',
    });
  });
}

/** The changes an owner is told of, and whether the listing says why (a refusal, a hiding). */
const toldStatuses = { live: false, approved: false, rejected: true, hidden: true, reported: true };

/**
 * A reader who turns out to be signed out (no user, or a 401 from their listings) is told so
 * and sent through the server's sign-in, which brings them back here.
 */
function useSignInAgain(active: boolean) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!active) return;
    toast({
      title: t('dashboard.unauthorizedTitle'),
      description: t('dashboard.unauthorizedText'),
      variant: 'destructive',
    });
    const timer = setTimeout(() => navigateOutOfApp(signInUrl), SIGN_IN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active, t]);
}
