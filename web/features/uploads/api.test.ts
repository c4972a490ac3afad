import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { uploadPropertyImage } from './api';

/** A stand-in XMLHttpRequest: the test decides progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return this.headers[name.toLowerCase()] ?? null;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.statusText = status === 200 ? 'OK' : 'Error';
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.headers = headers;
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

const photo = () => new File(['x'.repeat(100)], 'kitchen.jpg', { type: 'image/jpeg' });

describe('uploadPropertyImage', () => {
  it('posts the file as multipart field "images" with cookies and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const done = uploadPropertyImage(photo(), (fraction) => progress.push(fraction));
    const xhr = FakeXhr.last!;
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
    FakeXhr.last!.answer(
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
    FakeXhr.last!.answer(429, 'Too many uploads', { 'retry-after': '30' });
    const error = (await done.catch((e: unknown) => e)) as ApiRequestError;
    expect(error.message).toBe('429: Too many uploads');
    expect(error.retryAfterSeconds).toBe(30);
    expect((FakeXhr.last!.body!.get('images') as File).name).toBe('photo');
  });

  it('rejects an answer that breaks the contract, and aborts on the signal', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const bad = uploadPropertyImage(photo());
    FakeXhr.last!.answer(200, { urls: [] });
    await expect(bad).rejects.toThrow();

    const controller = new AbortController();
    const cancelled = uploadPropertyImage(photo(), undefined, controller.signal);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});
