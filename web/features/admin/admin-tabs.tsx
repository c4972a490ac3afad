import { Building2, Settings, Star, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import type { User } from '#common/auth';
import { AdminManagementTab } from './admin-management-tab';
import { FeaturedTab } from './featured-tab';
import { PropertiesTab } from './properties-tab';
import { SettingsTab } from './settings-tab';

/**
 * The admin panel's tabs, in the spec's order (Properties, Featured, Admin Management, User
 * Analytics, Settings). A tab is one entry: its URL value (?tab=…), its label key, an icon
 * and the component that fills it, given the signed-in administrator. User Analytics comes
 * from web/features/analytics and goes before Settings.
 */
export type AdminTab = {
  value: string;
  label: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean }>;
  Content: ComponentType<{ user: User }>;
};

export const adminTabs: readonly AdminTab[] = [
  { value: 'properties', label: 'admin.tabs.properties', icon: Building2, Content: PropertiesTab },
  { value: 'featured', label: 'admin.tabs.featured', icon: Star, Content: FeaturedTab },
  { value: 'admins', label: 'admin.tabs.admins', icon: Users, Content: AdminManagementTab },
  { value: 'settings', label: 'admin.tabs.settings', icon: Settings, Content: SettingsTab },
];

export const defaultTab = adminTabs[0]!.value;
