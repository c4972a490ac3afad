import { imageUploadResultSchema } from '#common/listings';
import { ApiRequestError, apiErrorFrom, languageHeaders } from '../../lib/api-client';

export const propertyImagesUrl = '/api/upload/property-images';

/**
 * POSTs a form (multipart) and answers the parsed JSON reply. XMLHttpRequest rather than
 * fetch, because only it reports upload progress: `onProgress` gets 0–1 as bytes leave the
 * browser. A non-OK answer rejects with the ApiRequestError every other call makes
 * ("{status}: {message}"); `signal` aborts. Photos and videos both go up this way.
 */
export function postFormWithProgress(
  url: string,
  body: FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(languageHeaders()))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(
          apiErrorFrom(
            xhr.status,
            xhr.statusText,
            xhr.responseText,
            xhr.getResponseHeader('retry-after'),
          ),
        );
        return;
      }
      try {
        const answer: unknown = JSON.parse(xhr.responseText);
        onProgress?.(1);
        resolve(answer);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.ontimeout = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** How many times a photo goes up again when the server is busy with others' photos. */
export const BUSY_RETRIES = 3;

/**
 * Refusals that say "not now" about the photo queue: the server stayed full while the
 * request waited for a place in its fair line, up to 30 s (503 uploads_busy, issue 50), or
 * this account or address has its share of it in flight, answered at once (429
 * uploads_busy_account / uploads_busy_address, issue 34). Each comes with Retry-After and is
 * asked again after it. An account without a verified e-mail or phone (403
 * uploads_need_verified_contact) is not asked again: the reader verifies one, then tries
 * the photo again (the failure's text says so).
 */
const BUSY_CODES = new Set(['uploads_busy', 'uploads_busy_account', 'uploads_busy_address']);

/**
 * Photos this app sends at once: the server admits two upload requests per account
 * (docs/decisions/023-upload-fairness.md), so a third would only be refused. The others wait
 * here, in the order they were chosen.
 */
export const UPLOADS_AT_ONCE = 2;
let uploading = 0;
const waitingForSlot: { resolve: () => void }[] = [];

/** Waits for a free place among UPLOADS_AT_ONCE (at once when one is free), or the abort. */
function takeSlot(signal?: AbortSignal): Promise<void> | undefined {
  if (uploading < UPLOADS_AT_ONCE) {
    uploading += 1;
    return undefined;
  }
  return new Promise((resolve, reject) => {
    const waiter = { resolve };
    waitingForSlot.push(waiter);
    signal?.addEventListener(
      'abort',
      () => {
        const index = waitingForSlot.indexOf(waiter);
        if (index < 0) return;
        waitingForSlot.splice(index, 1);
        reject(new DOMException('The upload was cancelled', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** Hands the place to the next waiting photo, or frees it. */
function releaseSlot(): void {
  const next = waitingForSlot.shift();
  if (next) next.resolve();
  else uploading -= 1;
}

/** Resolves after `seconds`, or rejects at once when `signal` aborts. */
function wait(seconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, seconds * 1000);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('The upload was cancelled', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * Uploads one listing photo (multipart, field `images`) and answers the URLs the server
 * stored, UPLOADS_AT_ONCE at a time. A server busy with other photos, or this account's or
 * address's share of them (BUSY_CODES), is asked again after its Retry-After, up to
 * BUSY_RETRIES times, before the failure reaches the reader.
 */
export async function uploadPropertyImage(
  file: File | Blob,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string[]> {
  const waiting = takeSlot(signal);
  if (waiting) await waiting;
  try {
    for (let attempt = 0; ; attempt++) {
      const body = new FormData();
      body.append('images', file, file instanceof File ? file.name : 'photo');
      try {
        const answer = await postFormWithProgress(propertyImagesUrl, body, onProgress, signal);
        return imageUploadResultSchema.parse(answer).images;
      } catch (error) {
        const busy = error instanceof ApiRequestError && BUSY_CODES.has(error.code ?? '');
        if (!busy || attempt >= BUSY_RETRIES) throw error;
        onProgress?.(0);
        await wait(error.retryAfterSeconds ?? 5, signal);
      }
    }
  } finally {
    releaseSlot();
  }
}
