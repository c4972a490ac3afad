import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/** The hook as loaded on a page whose HTML came with `title` (the server's page head). */
async function loadedWith(title: string) {
  document.title = title;
  vi.resetModules();
  return import('./use-document-title');
}

describe('useDocumentTitle', () => {
  it('shows the page’s title, and the previous one after it', async () => {
    const { useDocumentTitle } = await loadedWith('Abode: rentals that feel like home');
    const outer = renderHook(() => useDocumentTitle('Dashboard'));
    expect(document.title).toBe('Dashboard · Abode');
    const inner = renderHook(() => useDocumentTitle('Listing'));
    expect(document.title).toBe('Listing · Abode');
    inner.unmount();
    expect(document.title).toBe('Dashboard · Abode');
    outer.unmount();
    expect(document.title).toBe('Abode: rentals that feel like home');
  });

  // A shared link opens a listing, whose title the server wrote; the reader then goes home.
  it('puts the app’s title back, not the landing page’s, when that page is left', async () => {
    const { APP_TITLE, useDocumentTitle } = await loadedWith('Sunny flat in Osu · Abode');
    const page = renderHook(() => useDocumentTitle('Sunny flat in Osu'));
    expect(document.title).toBe('Sunny flat in Osu · Abode');
    page.unmount();
    expect(document.title).toBe(APP_TITLE);
  });
});
