import { describe, expect, it } from 'vitest';
import type { User } from '#common/auth';
import { isCurrentEntry, navEntries, visibleEntries } from './nav-entries';

const user = { isAdmin: false } as User;
const admin = { isAdmin: true } as User;
const ids = (entries: { id: string }[]) => entries.map((e) => e.id);
const entry = (id: string) => navEntries.find((e) => e.id === id)!;

describe('header entries', () => {
  it('shows visitors only the public entries', () => {
    expect(ids(visibleEntries(null))).toEqual(['apartments', 'houses', 'hostels', 'services']);
  });

  it('adds the account entries for signed-in users and the Admin Panel for admins only', () => {
    expect(ids(visibleEntries(user))).toEqual([
      'apartments',
      'houses',
      'hostels',
      'services',
      'list',
      'messages',
      'saved',
      'savedSearches',
      'dashboard',
      'settings',
    ]);
    expect(ids(visibleEntries(admin))).toContain('admin');
    expect(entry('admin').to).toBe('/admin/image-approval');
  });

  it('links the spec routes', () => {
    expect(entry('apartments').to).toBe('/search?propertyType=apartment');
    expect(entry('houses').to).toBe('/search?propertyType=house');
    expect(entry('hostels').to).toBe('/search?category=student');
    expect(entry('saved').to).toBe('/search?saved=true');
    expect(entry('savedSearches').to).toBe('/account/saved-searches');
  });

  it('highlights every search entry on any search path, and others on their exact path', () => {
    for (const id of ['apartments', 'houses', 'hostels', 'saved']) {
      expect(isCurrentEntry(entry(id), '/search'), id).toBe(true);
    }
    expect(isCurrentEntry(entry('services'), '/services')).toBe(true);
    expect(isCurrentEntry(entry('services'), '/search')).toBe(false);
    expect(isCurrentEntry(entry('dashboard'), '/dashboard/other')).toBe(false);
  });
});
