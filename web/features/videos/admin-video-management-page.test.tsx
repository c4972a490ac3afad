import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PendingVideo } from '#common/videos';
import { adminUser } from '../../testing/admin';
import { renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import { installFakeUploads } from '../../testing/uploads';
import AdminVideoManagementPage from './admin-video-management-page';
import { pendingVideosQuery } from './api';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ownerId = '11111111-2222-4333-8444-555555555555';
const makeVideo = (overrides: Partial<PendingVideo> = {}): PendingVideo => ({
  userId: ownerId,
  fileName: 'v0123456789abcdef01234567.mp4',
  fileSize: 1_572_864,
  uploadedAt: '2026-11-20T10:30:00.000Z',
  status: 'pending_review',
  scanResult: 'clean',
  originalName: 'Garden tour.mp4',
  ownerName: 'Kwame Boateng',
  ownerEmail: 'kwame@example.com',
  propertyId: '99999999-2222-4333-8444-555555555555',
  propertyTitle: 'Sunny flat in Osu',
  ...overrides,
});

type Handlers = Parameters<typeof mockApi>[0];
function show({
  videos = [makeVideo()],
  extra = {},
}: { videos?: PendingVideo[]; extra?: Handlers } = {}) {
  const api = mockApi({
    'GET /api/auth/user': () => json(adminUser),
    'GET /api/admin/pending-videos': () => json(videos),
    ...extra,
  });
  renderRoute(<AdminVideoManagementPage />, {
    path: '/admin/video-management',
    url: '/admin/video-management',
  });
  return api;
}

const card = async (name: string) => screen.findByRole('article', { name });

describe('who may enter', () => {
  it('asks visitors to sign in as an administrator', async () => {
    mockApi({});
    renderRoute(<AdminVideoManagementPage />, {
      path: '/admin/video-management',
      url: '/admin/video-management',
    });
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/login?next=%2Fadmin%2Fvideo-management',
    );
  });

  it('tells signed-in non-admins Access Denied, without asking for the videos', async () => {
    const api = mockApi({ 'GET /api/auth/user': () => json(renter) });
    renderRoute(<AdminVideoManagementPage />, {
      path: '/admin/video-management',
      url: '/admin/video-management',
    });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(api.calls('GET', '/api/admin/pending-videos')).toHaveLength(0);
  });
});

describe('Pending tab', () => {
  it('shows each video with owner, listing, size, date and the status in capitals', async () => {
    show();
    const video = await card('Garden tour.mp4');
    expect(within(video).getByText('PENDING REVIEW')).toBeTruthy();
    expect(within(video).getByText('Kwame Boateng')).toBeTruthy();
    expect(within(video).getByText('kwame@example.com')).toBeTruthy();
    expect(
      within(video).getByRole('link', { name: 'Sunny flat in Osu' }).getAttribute('href'),
    ).toBe('/property/99999999-2222-4333-8444-555555555555');
    expect(within(video).getByText('1.5 MB')).toBeTruthy();
    expect(within(video).getByText(/Nov 20, 2026/)).toBeTruthy();
    expect(within(video).queryByText('UNSCANNED')).toBeNull();
    expect(screen.getByRole('heading', { name: '1 video waiting' })).toBeTruthy();
    expect(screen.getByText('This list refreshes every 30 seconds.')).toBeTruthy();
  });

  it('refreshes every 30 seconds (spec 9)', () => {
    expect(pendingVideosQuery.refetchInterval).toBe(30_000);
  });

  it('warns when a video was not scanned, and holds back one still scanning', async () => {
    show({
      videos: [
        makeVideo({ originalName: 'no-scan.mov', scanResult: 'unscanned' }),
        makeVideo({
          originalName: 'busy.avi',
          fileName: 'v00000000000000000000000a.avi',
          status: 'scanning',
          scanResult: null,
          propertyId: null,
          propertyTitle: null,
        }),
      ],
    });
    const unscanned = await card('no-scan.mov');
    expect(within(unscanned).getByText('UNSCANNED')).toBeTruthy();
    expect(within(unscanned).getByText(/No virus scanner checked this file/)).toBeTruthy();
    const busy = await card('busy.avi');
    expect(within(busy).getByText('SCANNING')).toBeTruthy();
    expect(within(busy).getByText('Not linked to a listing')).toBeTruthy();
    expect(
      (
        within(busy).getByRole('button', {
          name: 'Download original: busy.avi',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    expect(
      (within(busy).getByLabelText('Upload edited video: busy.avi') as HTMLInputElement).disabled,
    ).toBe(true);
  });

  it('says when nothing is waiting', async () => {
    show({ videos: [] });
    expect(await screen.findByText('No videos waiting')).toBeTruthy();
  });

  it('a failure to fetch is a toast and a way to try again', async () => {
    show({ extra: { 'GET /api/admin/pending-videos': () => json({ message: 'Boom' }, 500) } });
    expect(await screen.findByText('Failed to fetch pending videos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('download and edited upload', () => {
  it('downloads the original: a one-byte check, then the browser fetches the file', async () => {
    const user = userEvent.setup();
    const api = show({
      extra: {
        'GET /api/admin/download-video/11111111-2222-4333-8444-555555555555/v0123456789abcdef01234567.mp4':
          () => new Response('x', { status: 206 }),
      },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const video = await card('Garden tour.mp4');
    await user.click(
      within(video).getByRole('button', { name: 'Download original: Garden tour.mp4' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [probe] = api.fetch.mock.calls.filter(([url]) => String(url).includes('download-video'));
    expect((probe![1]!.headers as Record<string, string>).Range).toBe('bytes=0-0');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.getAttribute('href')).toBe(
      `/api/admin/download-video/${ownerId}/v0123456789abcdef01234567.mp4`,
    );
  });

  it('a refused download is the spec’s toast', async () => {
    const user = userEvent.setup();
    show({
      extra: {
        'GET /api/admin/download-video/11111111-2222-4333-8444-555555555555/v0123456789abcdef01234567.mp4':
          () => json({ message: 'Video not found' }, 404),
      },
    });
    const video = await card('Garden tour.mp4');
    await user.click(within(video).getByRole('button', { name: /Download original/ }));
    expect(await screen.findByText('Failed to download video')).toBeTruthy();
    // The server's English is never shown as it came.
    expect(screen.queryByText(/Video not found/)).toBeNull();
  });

  it('uploads the edited video with a progress bar, then says the owner was told', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const Xhr = installFakeUploads();
    const videos = [makeVideo()];
    show({ videos });
    const video = await card('Garden tour.mp4');
    const file = new File([new Uint8Array(2048)], 'garden-edited.mp4', { type: 'video/mp4' });
    await user.upload(within(video).getByLabelText('Upload edited video: Garden tour.mp4'), file);

    const xhr = Xhr.sent.at(-1)!;
    expect(xhr.url).toBe(`/api/admin/upload-edited-video/${ownerId}`);
    expect(xhr.body!.get('originalFileName')).toBe('v0123456789abcdef01234567.mp4');
    expect((xhr.body!.get('editedVideo') as File).name).toBe('garden-edited.mp4');
    xhr.progress(512, 2048);
    expect(
      (
        await within(video).findByRole('progressbar', { name: /edited video of Garden tour/ })
      ).getAttribute('aria-valuenow'),
    ).toBe('25');
    videos.length = 0;
    xhr.answer(200, {
      fileName: 'v0123456789abcdef01234567.mp4',
      editedFileName: 'e0123456789abcdef01234567.mp4',
      status: 'approved',
      approvedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(await screen.findByText('Edited video uploaded')).toBeTruthy();
    // The list is asked again: the video has left it.
    expect(await screen.findByText('No videos waiting')).toBeTruthy();
  });

  it('a refused edited upload is the spec’s toast with the server’s reason', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const Xhr = installFakeUploads();
    show();
    const video = await card('Garden tour.mp4');
    await user.upload(
      within(video).getByLabelText(/Upload edited video/),
      new File([new Uint8Array(10)], 'x.mp4', { type: 'video/mp4' }),
    );
    Xhr.sent.at(-1)!.answer(400, {
      message:
        'The edited video did not pass the virus scan (Win.Test.EICAR_HDB-1). Nothing was stored.',
      code: 'edited_video_infected',
      params: { signature: 'Win.Test.EICAR_HDB-1' },
    });
    expect(await screen.findByText('Failed to upload edited video')).toBeTruthy();
    expect(
      screen.getByText(
        'The edited video did not pass the virus scan (Win.Test.EICAR_HDB-1). Nothing was stored.',
      ),
    ).toBeTruthy();
  });

  it('refuses a file that is not a video before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const Xhr = installFakeUploads();
    show();
    const video = await card('Garden tour.mp4');
    await user.upload(
      within(video).getByLabelText(/Upload edited video/),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText('Failed to upload edited video')).toBeTruthy();
    expect(screen.getByText('Only MP4, MOV and AVI videos are accepted')).toBeTruthy();
    expect(Xhr.sent).toHaveLength(0);
  });
});

describe('the other tabs', () => {
  it('Workflow Guide lists the steps; Security Info explains quarantine and UNSCANNED', async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('tab', { name: 'Workflow Guide' }));
    const guide = screen.getByRole('tabpanel', { name: 'Workflow Guide' });
    expect(within(guide).getAllByRole('listitem')).toHaveLength(6);
    expect(within(guide).getByRole('heading', { name: 'Download the original' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Security Info' }));
    const security = screen.getByRole('tabpanel', { name: 'Security Info' });
    expect(within(security).getByRole('heading', { name: 'Quarantine' })).toBeTruthy();
    expect(within(security).getByRole('heading', { name: 'What UNSCANNED means' })).toBeTruthy();
  });
});
