import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_VIDEO_BYTES } from '#common/videos';
import { i18nReady, mockApi, renderRoute } from '../../testing/render';
import { answerUploads, installFakeUploads, photo, type FakeXhr } from '../../testing/uploads';
import { useVideoUploads, VideoUploadList } from '../videos';
import { ImagePicker } from './image-picker';
import { useImageUploads } from './use-image-uploads';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** A listing form's photo zone with videos, as the wizard and the edit page use it. */
function Harness({ propertyId }: { propertyId?: string }) {
  const uploads = useImageUploads({ failureTitle: 'Upload failed' });
  const videos = useVideoUploads({ propertyId });
  return (
    <>
      <ImagePicker uploads={uploads} videos={videos} label="Choose photos or videos" />
      <VideoUploadList uploads={videos} />
    </>
  );
}

const video = (name: string, type = 'video/mp4', bytes = 4096) =>
  new File([new Uint8Array(bytes)], name, { type });
const isVideoUpload = (xhr: FakeXhr) => xhr.url === '/api/upload/property-videos';

function show(propertyId?: string) {
  mockApi({});
  renderRoute(<Harness propertyId={propertyId} />, { path: '/', url: '/' });
}

describe('photos and videos in one drop zone', () => {
  it('sorts the files: photos to the photo uploads, videos to the review queue', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const Xhr = installFakeUploads((xhr) => (isVideoUpload(xhr) ? undefined : answerUploads(xhr)));
    show('99999999-2222-4333-8444-555555555555');
    await user.upload(screen.getByLabelText(/Choose photos or videos/), [
      photo('front.jpg'),
      video('tour.mp4'),
    ]);
    const sentVideo = Xhr.sent.find(isVideoUpload)!;
    expect(Xhr.sent.filter(isVideoUpload)).toHaveLength(1);
    expect((sentVideo.body!.get('videos') as File).name).toBe('tour.mp4');
    expect(sentVideo.body!.get('propertyId')).toBe('99999999-2222-4333-8444-555555555555');
    expect(Xhr.sent.some((xhr) => xhr.url === '/api/upload/property-images')).toBe(true);

    const list = screen.getByRole('list', { name: 'Videos being added' });
    sentVideo.progress(1024, 4096);
    // The bar is there from the start (at 0): wait for the progress to reach it.
    await waitFor(() =>
      expect(
        within(list)
          .getByRole('progressbar', { name: 'Uploading tour.mp4' })
          .getAttribute('aria-valuenow'),
      ).toBe('25'),
    );
    sentVideo.answer(201, {
      videos: [
        {
          fileName: 'v0123456789abcdef01234567.mp4',
          originalName: 'tour.mp4',
          fileSize: 4096,
          status: 'scanning',
          propertyId: '99999999-2222-4333-8444-555555555555',
          uploadedAt: '2026-11-21T09:00:00.000Z',
        },
      ],
    });
    expect(await within(list).findByText(/Uploaded: now being checked and reviewed/)).toBeTruthy();
    // The user is told what happens next (spec: notified when ready).
    expect(screen.getByText(/We will notify you when they are ready/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open My Videos' }).getAttribute('href')).toBe(
      '/user/videos',
    );
  });

  it('refuses videos over 100 MB or of another kind before sending them', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const Xhr = installFakeUploads();
    show();
    const big = video('long.mov', 'video/quicktime');
    Object.defineProperty(big, 'size', { value: MAX_VIDEO_BYTES + 1 });
    await user.upload(screen.getByLabelText(/Choose photos or videos/), [
      big,
      video('clip.webm', 'video/webm'),
    ]);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('long.mov: This video is larger than 100 MB')).toBeTruthy();
    expect(
      within(alert).getByText('clip.webm: Only MP4, MOV and AVI videos are accepted'),
    ).toBeTruthy();
    expect(Xhr.sent).toHaveLength(0);
  });

  it('a failed upload is the spec’s toast and can be tried again', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const Xhr = installFakeUploads();
    show();
    await user.upload(screen.getByLabelText(/Choose photos or videos/), video('tour.avi', ''));
    Xhr.sent.at(-1)!.answer(415, { message: 'Only MP4, MOV and AVI videos are accepted' });
    expect(await screen.findByText('Failed to upload videos')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try tour.avi again' }));
    await waitFor(() => expect(Xhr.sent).toHaveLength(2));
  });
});
