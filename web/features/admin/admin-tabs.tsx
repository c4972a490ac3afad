import {
  BadgeCheck,
  BarChart3,
  Building2,
  Flag,
  Inbox,
  MessageSquareQuote,
  Send,
  Settings,
  Star,
  Users,
} from 'lucide-react';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import type { User } from '#common/auth';
import { PageSpinner } from '../../components/ui/spinner';
import { AnalyticsTab } from '../analytics';
import { InboxTab } from '../support';
import { DeliveriesTab } from '../notifications';
import { ReportsTab } from '../reports';
import { AdminReviewsTab } from '../reviews';
import { VerificationsTab } from '../verifications';
import { AdminManagementTab } from './admin-management-tab';
import { afterListingChange } from './api';
import { FeaturedTab } from './featured-tab';
import { PropertiesTab } from './properties-tab';
import { SettingsTab } from './settings-tab';

/**
 * The admin panel's tabs, in the spec's order (Properties, Featured, Admin Management, User
 * Analytics, Settings), with the support and contact Messages before Settings. A tab is one
 * entry: its URL value (?tab=…), its label key, an icon and the component that fills it,
 * given the signed-in administrator. Properties, Featured, Admin Management and Settings are
 * the panel's own; the others come from the feature of their concern, through its entry:
 * Reports (renters' reports of listings, `reports`), Reviews (reviews listers reported,
 * `reviews`, issue 40) and Verifications (listers' documents, `verifications`, issue 19)
 * follow Featured, with the listings, and read the panel's lists
 * again after a change (afterListingChange); User Analytics (`analytics`); Messages (support
 * and contact, `messages`); Deliveries (e-mail and SMS through the queue, `notifications`)
 * follows Messages. Settings holds the exchange rate's card (`exchange-rate`).
 */
export type AdminTab = {
  value: string;
  label: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean }>;
  Content: ComponentType<{ user: User }>;
};

/** A tab whose code loads when it is first opened (charts, the inbox). */
const lazyTab = (tab: () => ReactNode) =>
  function LazyTab() {
    return <Suspense fallback={<PageSpinner />}>{tab()}</Suspense>;
  };

export const adminTabs: readonly AdminTab[] = [
  { value: 'properties', label: 'admin.tabs.properties', icon: Building2, Content: PropertiesTab },
  { value: 'featured', label: 'admin.tabs.featured', icon: Star, Content: FeaturedTab },
  {
    value: 'reports',
    label: 'admin.tabs.reports',
    icon: Flag,
    Content: lazyTab(() => <ReportsTab afterListingChange={afterListingChange} />),
  },
  {
    // Reviews listers reported (issue 40).
    value: 'reviews',
    label: 'admin.tabs.reviews',
    icon: MessageSquareQuote,
    Content: lazyTab(() => <AdminReviewsTab />),
  },
  {
    value: 'verifications',
    label: 'admin.tabs.verifications',
    icon: BadgeCheck,
    Content: lazyTab(() => <VerificationsTab afterListingChange={afterListingChange} />),
  },
  { value: 'admins', label: 'admin.tabs.admins', icon: Users, Content: AdminManagementTab },
  {
    value: 'analytics',
    label: 'admin.tabs.analytics',
    icon: BarChart3,
    Content: lazyTab(() => <AnalyticsTab />),
  },
  {
    value: 'messages',
    label: 'admin.tabs.messages',
    icon: Inbox,
    Content: lazyTab(() => <InboxTab />),
  },
  {
    value: 'deliveries',
    label: 'admin.tabs.deliveries',
    icon: Send,
    Content: lazyTab(() => <DeliveriesTab />),
  },
  { value: 'settings', label: 'admin.tabs.settings', icon: Settings, Content: SettingsTab },
];

export const defaultTab = adminTabs[0]!.value;
