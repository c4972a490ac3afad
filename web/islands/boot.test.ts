import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { SearchResult } from '#common/properties';
import i18next from '../lib/i18n';
import { i18nReady, json, mockApi } from '../testing/render';
import { makeProperties } from '../testing/properties';
import { answersFor, renderOnTheServer, serve } from '../render-page-fixtures';

// web/islands/boot.ts, the script a visitor's page starts with (decision 030), run on a page
// rendered as the server renders it.

beforeAll(() => i18nReady);
afterEach(async () => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-app-ready');
  await i18next.changeLanguage('en');
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function bootOn(url: string, byPath: Record<string, unknown>) {
  const page = await renderOnTheServer({
    url,
    language: 'en',
    dataSaver: false,
    answers: answersFor(url, byPath),
  });
  serve(url, page);
  vi.resetModules();
  await import('./boot');
}

const found = (count: number): SearchResult => ({
  properties: makeProperties(count),
  total: count,
});

it('wakes the island a press lands on, then lets the press happen', async () => {
  mockApi({ 'POST /api/analytics/track-visitor': () => new Response(null, { status: 204 }) });
  await bootOn('/search?location=Accra', {
    '/api/auth/user': null,
    '/api/properties/search?location=Accra': found(2),
  });
  // The page answers at once: nothing to wait for before a press.
  expect(document.documentElement.hasAttribute('data-app-ready')).toBe(true);
  const toggle = screen.getByRole('button', { name: 'Filters' });
  const island = toggle.closest('[data-island]')!;
  expect(island.hasAttribute('data-island-awake')).toBe(false);

  // Without the script the toggle is a link to the same search with its panel open; asleep,
  // the press is held (not followed), and happens once React answers.
  await act(async () => {
    fireEvent.pointerDown(toggle);
    fireEvent.click(toggle);
  });
  await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
  expect(island.hasAttribute('data-island-awake')).toBe(true);
  expect(window.location.search).toBe('?location=Accra');

  // Awake, the next press is React's own.
  await act(async () => void fireEvent.click(toggle));
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
});

it('records the page view, as the app does', async () => {
  const api = mockApi({
    'POST /api/analytics/track-visitor': () => new Response(null, { status: 204 }),
    'GET /api/properties/search': () => json(found(1)),
  });
  await bootOn('/search', { '/api/auth/user': null, '/api/properties/search': found(1) });
  await waitFor(() => expect(api.calls('POST', '/api/analytics/track-visitor')).toHaveLength(1), {
    timeout: 3000,
  });
  const [, init] = api.fetch.mock.calls.find(([, options]) => options?.method === 'POST')!;
  const body = JSON.parse(String(init!.body)) as { visitorId: string; pageUrl: string };
  expect(body.visitorId).toMatch(/^visitor_\d+_[a-z0-9]+$/);
  expect(new URL(body.pageUrl).pathname).toBe('/search');
});
