import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { FakeXhr } from '../../testing/uploads';
import { UPLOADS_AT_ONCE, uploadPropertyImage } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const photo = () => new File(['x'.repeat(100)], 'kitchen.jpg', { type: 'image/jpeg' });

describe('uploadPropertyImage', () => {
  it('posts the file as multipart field "images" with cookies and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const done = uploadPropertyImage(photo(), (fraction) => progress.push(fraction));
    const xhr = FakeXhr.sent.at(-1)!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/upload/property-images');
    expect(xhr.withCredentials).toBe(true);
    const sent = xhr.body!.get('images') as File;
    expect(sent.name).toBe('kitchen.jpg');
    expect(sent.size).toBe(100);

    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer(201, { images: ['/files/pabc-800.webp'] });
    await expect(done).resolves.toEqual(['/files/pabc-800.webp']);
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('turns a non-OK answer into the ApiRequestError of every other call', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadPropertyImage(photo());
    FakeXhr.sent.at(-1)!.answer(
      415,
      { message: 'Only JPG, PNG, GIF and WebP images are accepted' },
      {
        'retry-after': '',
      },
    );
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe(
      '415: Only JPG, PNG, GIF and WebP images are accepted',
    );
    expect((error as ApiRequestError).status).toBe(415);
  });

  it('keeps plain-text errors and the rate limit wait', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadPropertyImage(new Blob(['x']));
    FakeXhr.sent.at(-1)!.answer(429, 'Too many uploads', { 'retry-after': '30' });
    const error = (await done.catch((e: unknown) => e)) as ApiRequestError;
    expect(error.message).toBe('429: Too many uploads');
    expect(error.retryAfterSeconds).toBe(30);
    expect((FakeXhr.sent.at(-1)!.body!.get('images') as File).name).toBe('photo');
  });

  it('rejects an answer that breaks the contract, and aborts on the signal', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const bad = uploadPropertyImage(photo());
    FakeXhr.sent.at(-1)!.answer(200, { urls: [] });
    await expect(bad).rejects.toThrow();

    const controller = new AbortController();
    const cancelled = uploadPropertyImage(photo(), undefined, controller.signal);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.sent.at(-1)!.aborted).toBe(true);
  });

  it('asks again after Retry-After when the server is busy with other photos, then takes the answer', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      const done = uploadPropertyImage(photo());
      const busy = { code: 'uploads_busy', message: 'Many photos are being processed right now.' };
      FakeXhr.sent.at(-1)!.answer(503, busy, { 'retry-after': '5' });
      await vi.advanceTimersByTimeAsync(4_900);
      const sentBefore = FakeXhr.sent.length;
      await vi.advanceTimersByTimeAsync(200);
      expect(FakeXhr.sent.length).toBe(sentBefore + 1);
      FakeXhr.sent.at(-1)!.answer(201, { images: ['/files/pabc-800.webp'] });
      await expect(done).resolves.toEqual(['/files/pabc-800.webp']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after three busy answers with the server’s reason, and another 503 is not retried', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      const done = uploadPropertyImage(photo()).catch((e: unknown) => e);
      const busy = { code: 'uploads_busy', message: 'Many photos are being processed right now.' };
      for (let attempt = 0; attempt < 4; attempt++) {
        FakeXhr.sent.at(-1)!.answer(503, busy, { 'retry-after': '5' });
        await vi.advanceTimersByTimeAsync(5_000);
      }
      const error = (await done) as ApiRequestError;
      expect(error.code).toBe('uploads_busy');

      const sentBefore = FakeXhr.sent.length;
      const down = uploadPropertyImage(photo()).catch((e: unknown) => e);
      FakeXhr.sent
        .at(-1)!
        .answer(503, { code: 'unavailable', message: 'Down' }, { 'retry-after': '5' });
      expect(((await down) as ApiRequestError).code).toBe('unavailable');
      await vi.advanceTimersByTimeAsync(10_000);
      expect(FakeXhr.sent.length).toBe(sentBefore + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops waiting for a busy server when cancelled', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      const controller = new AbortController();
      const done = uploadPropertyImage(photo(), undefined, controller.signal).catch(
        (e: unknown) => e,
      );
      FakeXhr.sent
        .at(-1)!
        .answer(503, { code: 'uploads_busy', message: 'Busy' }, { 'retry-after': '5' });
      await vi.advanceTimersByTimeAsync(1_000);
      const sentBefore = FakeXhr.sent.length;
      controller.abort();
      expect(await done).toMatchObject({ name: 'AbortError' });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(FakeXhr.sent.length).toBe(sentBefore);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each(['uploads_busy_account', 'uploads_busy_address'])(
    'asks again after Retry-After when the %s share is full (429)',
    async (code) => {
      vi.useFakeTimers();
      try {
        vi.stubGlobal('XMLHttpRequest', FakeXhr);
        const done = uploadPropertyImage(photo());
        FakeXhr.sent.at(-1)!.answer(429, { code, message: 'Your share' }, { 'retry-after': '3' });
        const sentBefore = FakeXhr.sent.length;
        await vi.advanceTimersByTimeAsync(2_900);
        expect(FakeXhr.sent.length).toBe(sentBefore);
        await vi.advanceTimersByTimeAsync(200);
        expect(FakeXhr.sent.length).toBe(sentBefore + 1);
        FakeXhr.sent.at(-1)!.answer(201, { images: ['/files/pabc-800.webp'] });
        await expect(done).resolves.toEqual(['/files/pabc-800.webp']);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('does not ask again when the account has no verified e-mail or phone (403): that is for the reader to do', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      const done = uploadPropertyImage(photo()).catch((e: unknown) => e);
      FakeXhr.sent.at(-1)!.answer(403, {
        code: 'uploads_need_verified_contact',
        message: 'Verify your email address or phone number before uploading photos',
      });
      const sentBefore = FakeXhr.sent.length;
      expect(await done).toMatchObject({ status: 403, code: 'uploads_need_verified_contact' });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(FakeXhr.sent.length).toBe(sentBefore);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends at most two photos at once (the server’s share per account); the next goes when one is done', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    expect(UPLOADS_AT_ONCE).toBe(2);
    const sentBefore = FakeXhr.sent.length;
    const uploads = [1, 2, 3, 4].map(() =>
      uploadPropertyImage(photo()).then(
        () => 'stored',
        () => 'refused',
      ),
    );
    expect(FakeXhr.sent.length).toBe(sentBefore + 2);
    const [first, second] = FakeXhr.sent.slice(sentBefore);
    first!.answer(201, { images: ['/files/p1-800.webp'] });
    await vi.waitFor(() => expect(FakeXhr.sent.length).toBe(sentBefore + 3));
    // A failed one frees its place as well.
    second!.answer(415, { code: 'image_wrong_type', message: 'No' });
    await vi.waitFor(() => expect(FakeXhr.sent.length).toBe(sentBefore + 4));
    FakeXhr.sent.at(-2)!.answer(201, { images: ['/files/p3-800.webp'] });
    FakeXhr.sent.at(-1)!.answer(201, { images: ['/files/p4-800.webp'] });
    expect(await Promise.all(uploads)).toEqual(['stored', 'refused', 'stored', 'stored']);
  });

  it('a photo cancelled while waiting for its turn is never sent', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const sentBefore = FakeXhr.sent.length;
    const running = [1, 2].map(() => uploadPropertyImage(photo()));
    const controller = new AbortController();
    const waiting = uploadPropertyImage(photo(), undefined, controller.signal).catch(
      (e: unknown) => e,
    );
    controller.abort();
    expect(await waiting).toMatchObject({ name: 'AbortError' });
    for (const xhr of FakeXhr.sent.slice(sentBefore))
      xhr.answer(201, { images: ['/files/p-800.webp'] });
    await Promise.all(running);
    expect(FakeXhr.sent.length).toBe(sentBefore + 2);
  });
});
