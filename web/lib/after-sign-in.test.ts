import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepAfterSignIn, takeAfterSignIn } from './after-sign-in';

// Issue 51: what a visitor was doing is done once, on the page they come back to, and only
// after a sign-in or sign-up kept it (a link alone carries nothing to do).
const listing = 'save-listing:00000000-0000-4000-8000-0000000000a1';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('after sign-in', () => {
  it('is done once, on the page it was for (its query included)', () => {
    keepAfterSignIn(listing, '/search?propertyType=apartment');
    expect(takeAfterSignIn('/search')).toBeNull();
    expect(takeAfterSignIn('/search?propertyType=apartment')).toBe(listing);
    expect(takeAfterSignIn('/search?propertyType=apartment')).toBeNull();
  });

  it('keeps nothing it does not know', () => {
    for (const then of [null, '', 'delete-account', 'save-listing:../../x', 'save-search; x']) {
      keepAfterSignIn(then, '/dashboard');
      expect(takeAfterSignIn('/dashboard')).toBeNull();
    }
    keepAfterSignIn('save-search', '/search?location=Accra');
    expect(takeAfterSignIn('/search?location=Accra')).toBe('save-search');
  });

  it('is forgotten after 30 minutes (a new account verifying its code has time)', () => {
    vi.useFakeTimers({ now: new Date('2026-12-03T10:00:00Z') });
    keepAfterSignIn(listing, '/property/a1');
    vi.setSystemTime(new Date('2026-12-03T10:29:00Z'));
    expect(takeAfterSignIn('/property/a1')).toBe(listing);
    keepAfterSignIn(listing, '/property/a1');
    vi.setSystemTime(new Date('2026-12-03T11:00:00Z'));
    expect(takeAfterSignIn('/elsewhere')).toBeNull();
    expect(takeAfterSignIn('/property/a1')).toBeNull();
  });

  it('never throws on what another script left in storage', () => {
    sessionStorage.setItem('abode.afterSignIn', '{not json');
    expect(takeAfterSignIn('/')).toBeNull();
    sessionStorage.setItem(
      'abode.afterSignIn',
      JSON.stringify({ then: 'x', next: '/', at: Date.now() }),
    );
    expect(takeAfterSignIn('/')).toBeNull();
  });
});
