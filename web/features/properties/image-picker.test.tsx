import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady, mockApi, renderRoute } from '../../testing/render';
import { answerUploads, installFakeUploads, photo } from '../../testing/uploads';
import { ImagePicker } from './image-picker';
import { useImageUploads } from './use-image-uploads';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The picker as a form uses it, with the URLs it would send shown below. */
function Harness({ initialUrls = [], max }: { initialUrls?: string[]; max?: number }) {
  const uploads = useImageUploads({ initialUrls, failureTitle: 'Upload failed', max });
  return (
    <>
      <ImagePicker uploads={uploads} label="Choose photos or drop them here" plan="basic" />
      <output data-testid="urls">{uploads.urls.join(' ')}</output>
      <output data-testid="busy">{String(uploads.uploading)}</output>
    </>
  );
}

function show(initialUrls?: string[], max?: number) {
  mockApi({});
  renderRoute(<Harness initialUrls={initialUrls} max={max} />, { path: '/', url: '/' });
}

const urls = () => screen.getByTestId('urls').textContent;
const input = () => screen.getByLabelText(/Choose photos/) as HTMLInputElement;
/** The photos in the grid (an ordered list; refused files are listed elsewhere). */
const gridItems = () => [...document.querySelectorAll('ol.grid > li')];

describe('image picker', () => {
  it('accepts several images of the four types, with keyboard-reachable input', () => {
    show();
    expect(input().type).toBe('file');
    expect(input().multiple).toBe(true);
    expect(input().accept).toContain('image/jpeg');
    expect(input().accept).toContain('image/webp');
    expect(screen.getByText(/up to 5 MB each, at most 100 photos/)).toBeTruthy();
  });

  it('uploads each file on its own with a progress bar, then lists its URL', async () => {
    const user = userEvent.setup();
    const xhr = installFakeUploads();
    show();
    await user.upload(input(), [photo('a.jpg'), photo('b.png', 'image/png')]);
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    expect(xhr.sent.map((request) => request.file.name)).toEqual(['a.jpg', 'b.png']);
    expect(screen.getByTestId('busy').textContent).toBe('true');

    act(() => xhr.sent[0]!.progress(40, 100));
    const bar = screen.getByRole('progressbar', { name: 'Uploading photo 1 of 2' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('40% uploaded')).toBeTruthy();

    act(() => xhr.sent[1]!.answer(201, { images: ['/files/b-800.webp'] }));
    await waitFor(() => expect(urls()).toBe('/files/b-800.webp'));
    act(() => xhr.sent[0]!.answer(201, { images: ['/files/a-800.webp'] }));
    // The order is the order chosen, whichever upload finished first.
    await waitFor(() => expect(urls()).toBe('/files/a-800.webp /files/b-800.webp'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('busy').textContent).toBe('false');
  });

  it('reorders with the move buttons and removes photos', async () => {
    const user = userEvent.setup();
    show(['/files/one-800.webp', '/files/two-800.webp', '/files/three-800.webp']);
    const images = () => screen.getAllByRole('img').map((img) => img.getAttribute('src'));
    expect(images()).toEqual([
      '/files/one-800.webp',
      '/files/two-800.webp',
      '/files/three-800.webp',
    ]);
    expect(
      (screen.getByRole('button', { name: 'Move photo 1 earlier' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText('Cover')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    expect(urls()).toBe('/files/one-800.webp /files/three-800.webp /files/two-800.webp');
    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    expect(urls()).toBe('/files/three-800.webp /files/one-800.webp /files/two-800.webp');
    expect(images()[0]).toBe('/files/three-800.webp');

    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(urls()).toBe('/files/three-800.webp /files/two-800.webp');
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });

  it('refuses files of other types with a clear message', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const xhr = installFakeUploads(answerUploads);
    show();
    await user.upload(input(), [
      photo('notes.pdf', 'application/pdf'),
      photo('ok.gif', 'image/gif'),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'notes.pdf: Only JPG, PNG, GIF and WebP images can be uploaded',
    );
    await waitFor(() => expect(urls()).toBe('/files/ok-800.webp'));
    expect(xhr.sent).toHaveLength(1);
  });

  it('holds at most the plan’s photos, and says which plan allows how many', async () => {
    const user = userEvent.setup();
    const xhr = installFakeUploads(answerUploads);
    show(
      Array.from({ length: 9 }, (_, i) => `/files/p${i}-800.webp`),
      10,
    );
    expect(screen.getByText(/at most 10 photos/)).toBeTruthy();
    expect(screen.getByText(/Your Basic plan allows 10 photos per listing/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe(
      '/listing-payment',
    );
    await user.upload(input(), [photo('last.jpg'), photo('extra.jpg')]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'extra.jpg: Your plan allows at most 10 photos per listing',
    );
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]!.file.name).toBe('last.jpg');
    await waitFor(() => expect((input() as HTMLInputElement).disabled).toBe(true));
  });

  it('refuses a photo still above 5 MB after scaling, without uploading it', async () => {
    const user = userEvent.setup();
    const xhr = installFakeUploads(answerUploads);
    show();
    // A GIF is sent as it is, so 6 MB stays 6 MB.
    await user.upload(input(), [
      photo('huge.gif', 'image/gif', 6 * 1024 * 1024),
      photo('fine.jpg'),
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'huge.gif: This photo is larger than 5 MB',
    );
    await waitFor(() => expect(urls()).toBe('/files/fine-800.webp'));
    expect(xhr.sent.map((request) => request.file.name)).toEqual(['fine.jpg']);
    // The refused file is not in the grid: one photo, and it is the cover.
    expect(gridItems()).toHaveLength(1);
    expect(screen.getByText('Cover').closest('li')?.textContent).not.toContain('huge.gif');
  });

  it('takes a file the server refuses (not an image, too large) out of the grid with the reason', async () => {
    const user = userEvent.setup();
    const xhr = installFakeUploads();
    show();
    await user.upload(input(), [photo('fake.jpg'), photo('real.jpg')]);
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    act(() =>
      xhr.sent[0]!.answer(415, { message: 'Only JPG, PNG, GIF and WebP images are accepted' }),
    );
    act(() => xhr.sent[1]!.answer(201, { images: ['/files/real-800.webp'] }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'fake.jpg: Only JPG, PNG, GIF and WebP images can be uploaded',
    );
    await waitFor(() => expect(gridItems()).toHaveLength(1));
    expect(urls()).toBe('/files/real-800.webp');
    expect(screen.queryByRole('button', { name: /Upload photo \d again/ })).toBeNull();
  });

  it('shows a failed upload with the given toast title, and retries it', async () => {
    const user = userEvent.setup();
    const xhr = installFakeUploads();
    show();
    await user.upload(input(), photo('room.jpg'));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    act(() => xhr.sent[0]!.answer(429, { message: 'Too many uploads, try again later' }));
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toasts).findByText('Upload failed')).toBeTruthy();
    // How long to wait, in the reader's words (no Retry-After: a minute).
    expect(
      within(toasts).getByText('Too many attempts. Please try again in 1 minute.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Upload photo 1 again' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    act(() => xhr.sent[1]!.answer(201, { images: ['/files/room-800.webp'] }));
    await waitFor(() => expect(urls()).toBe('/files/room-800.webp'));
  });

  it('cancels an upload when its photo is removed', async () => {
    const user = userEvent.setup();
    const xhr = installFakeUploads();
    show();
    await user.upload(input(), photo('slow.jpg'));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(xhr.sent[0]!.aborted).toBe(true);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('busy').textContent).toBe('false');
  });
});
