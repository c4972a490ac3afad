import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApprovedVideo } from '#common/videos';
import { renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute, router } from '../../testing/render';
import MyVideosPage from './my-videos-page';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const approved = (overrides: Partial<ApprovedVideo> = {}): ApprovedVideo => ({
  fileName: 'e0123456789abcdef01234567.mp4',
  fileSize: 52_428_800,
  approvedAt: '2026-11-21T09:00:00.000Z',
  streamUrl: '/api/user/download-video/e0123456789abcdef01234567.mp4',
  originalName: 'Living room.mov',
  propertyId: '99999999-2222-4333-8444-555555555555',
  propertyTitle: 'Sunny flat in Osu',
  ...overrides,
});

type Handlers = Parameters<typeof mockApi>[0];
function show(handlers: Handlers) {
  const api = mockApi({ 'GET /api/auth/user': () => json(renter), ...handlers });
  renderRoute(<MyVideosPage />, { path: '/user/videos', url: '/user/videos' });
  return api;
}

describe('My Videos', () => {
  it('sends visitors to sign in and come back', async () => {
    mockApi({});
    renderRoute(<MyVideosPage />, { path: '/user/videos', url: '/user/videos' });
    await waitFor(() => expect(router.location?.pathname).toBe('/login'));
    expect(router.location?.search).toBe('?next=%2Fuser%2Fvideos');
  });

  it('lists the approved videos with size, date and listing', async () => {
    show({ 'GET /api/user/approved-videos': () => json([approved()]) });
    expect(await screen.findByRole('heading', { name: 'Living room.mov' })).toBeTruthy();
    expect(screen.getByText('50 MB · approved Nov 21, 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sunny flat in Osu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Living room.mov' })).toBeTruthy();
  });

  it('downloads through the browser after a one-byte check', async () => {
    const user = userEvent.setup();
    show({
      'GET /api/user/approved-videos': () => json([approved()]),
      'GET /api/user/download-video/e0123456789abcdef01234567.mp4': () =>
        new Response('x', { status: 206 }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: 'Download Living room.mov' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).getAttribute('href')).toBe(
      '/api/user/download-video/e0123456789abcdef01234567.mp4',
    );
  });

  it('a failed download is the spec’s toast', async () => {
    const user = userEvent.setup();
    show({
      'GET /api/user/approved-videos': () => json([approved()]),
      'GET /api/user/download-video/e0123456789abcdef01234567.mp4': () =>
        json({ message: 'Video not found' }, 404),
    });
    await user.click(await screen.findByRole('button', { name: /^Download/ }));
    expect(await screen.findByText('Failed to download video')).toBeTruthy();
  });

  it('explains what to do when there is none yet', async () => {
    show({ 'GET /api/user/approved-videos': () => json([]) });
    expect(await screen.findByRole('heading', { name: 'No videos yet' })).toBeTruthy();
    expect(screen.getByText(/We will let you know when they are ready/)).toBeTruthy();
  });

  it('a failure to fetch is a toast and a way to try again', async () => {
    show({ 'GET /api/user/approved-videos': () => json({ message: 'Boom' }, 500) });
    expect(await screen.findByText('Failed to fetch approved videos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
