import { vi } from 'vitest';

/**
 * A stand-in XMLHttpRequest for upload tests: each request is recorded when sent, and the
 * test (or `onSend`) reports progress and answers it.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  static onSend: ((xhr: FakeXhr) => void) | null = null;
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
  answered = false;
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
    FakeXhr.sent.push(this);
    FakeXhr.onSend?.(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** The file sent in the `images` field. */
  get file(): File {
    return this.body!.get('images') as File;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.statusText = status < 300 ? 'OK' : 'Error';
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.headers = headers;
    this.answered = true;
    this.onload?.();
  }

  /**
   * Aborts every request nobody answered. Test files share a worker (web/testing/setup.ts):
   * an upload left in flight would keep its place among the app's UPLOADS_AT_ONCE.
   */
  static abortUnanswered() {
    for (const xhr of FakeXhr.sent) if (!xhr.answered && !xhr.aborted) xhr.abort();
    FakeXhr.sent = [];
    FakeXhr.onSend = null;
  }
}

/**
 * Installs FakeXhr (and object URLs, which jsdom lacks). Without `onSend` the test answers
 * each request itself; `answerUploads()` answers every upload at once with a stored URL.
 */
export function installFakeUploads(onSend: ((xhr: FakeXhr) => void) | null = null) {
  FakeXhr.sent = [];
  FakeXhr.onSend = onSend;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  let previews = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++previews}`);
  URL.revokeObjectURL = vi.fn();
  return FakeXhr;
}

/** Answers each upload right after it is sent: "/files/<name>-800.webp". */
export function answerUploads(xhr: FakeXhr) {
  setTimeout(() => {
    xhr.progress(1, 1);
    xhr.answer(201, { images: [`/files/${xhr.file.name.replace(/\.\w+$/, '')}-800.webp`] });
  }, 0);
}

export const photo = (name: string, type = 'image/jpeg', bytes = 1000) =>
  new File([new Uint8Array(bytes)], name, { type });
