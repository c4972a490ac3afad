import {
  BellRing,
  Building2,
  Heart,
  Home,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  PlusCircle,
  Settings,
  ShieldCheck,
  University,
  Wrench,
} from 'lucide-react';
import type { User } from '#common/auth';
import { paths } from '../paths';

export type NavEntry = {
  id: string;
  /** i18n key of the label */
  label: string;
  to: string;
  icon: LucideIcon;
  /** Where the entry shows: the browse menu or the account menu. */
  menu: 'browse' | 'account';
  visibleTo: 'all' | 'signedIn' | 'admin';
};

/** The header's entries (spec, header table); Sign In and Sign Up are drawn apart. */
export const navEntries: NavEntry[] = [
  {
    id: 'apartments',
    label: 'nav.apartments',
    to: paths.search({ propertyType: 'apartment' }),
    icon: Building2,
    menu: 'browse',
    visibleTo: 'all',
  },
  {
    id: 'houses',
    label: 'nav.houses',
    to: paths.search({ propertyType: 'house' }),
    icon: Home,
    menu: 'browse',
    visibleTo: 'all',
  },
  {
    id: 'hostels',
    label: 'nav.studentHostels',
    to: paths.search({ category: 'student' }),
    icon: University,
    menu: 'browse',
    visibleTo: 'all',
  },
  {
    id: 'services',
    label: 'nav.services',
    to: paths.services(),
    icon: Wrench,
    menu: 'browse',
    visibleTo: 'all',
  },
  {
    id: 'list',
    label: 'nav.listProperty',
    to: paths.listProperty(),
    icon: PlusCircle,
    menu: 'account',
    visibleTo: 'signedIn',
  },
  {
    id: 'messages',
    label: 'nav.messages',
    to: paths.messages(),
    icon: MessageSquare,
    menu: 'account',
    visibleTo: 'signedIn',
  },
  {
    id: 'saved',
    label: 'nav.savedProperties',
    to: paths.savedProperties(),
    icon: Heart,
    menu: 'account',
    visibleTo: 'signedIn',
  },
  {
    id: 'savedSearches',
    label: 'nav.savedSearches',
    to: paths.savedSearches(),
    icon: BellRing,
    menu: 'account',
    visibleTo: 'signedIn',
  },
  {
    id: 'dashboard',
    label: 'nav.dashboard',
    to: paths.dashboard(),
    icon: LayoutDashboard,
    menu: 'account',
    visibleTo: 'signedIn',
  },
  {
    id: 'settings',
    label: 'nav.accountSettings',
    to: paths.accountSettings(),
    icon: Settings,
    menu: 'account',
    visibleTo: 'signedIn',
  },
  {
    id: 'admin',
    label: 'nav.adminPanel',
    to: paths.adminPanel(),
    icon: ShieldCheck,
    menu: 'account',
    visibleTo: 'admin',
  },
];

export function visibleEntries(user: User | null): NavEntry[] {
  return navEntries.filter(
    (entry) =>
      entry.visibleTo === 'all' ||
      (entry.visibleTo === 'signedIn' && user !== null) ||
      (entry.visibleTo === 'admin' && user?.isAdmin === true),
  );
}

/**
 * Whether an entry is the current page. Any search path highlights every search entry
 * (spec); other entries match their path exactly.
 */
export function isCurrentEntry(entry: NavEntry, pathname: string): boolean {
  const entryPath = entry.to.split('?')[0];
  if (entryPath === '/search') return pathname === '/search';
  return pathname === entryPath;
}
