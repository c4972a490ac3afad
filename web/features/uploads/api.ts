import { imageUploadResultSchema } from '#common/listings';
import { apiErrorFrom, languageHeaders } from '../../lib/api-client';

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

/** Uploads one listing photo (multipart, field `images`) and answers the URLs the server stored. */
export async function uploadPropertyImage(
  file: File | Blob,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string[]> {
  const body = new FormData();
  body.append('images', file, file instanceof File ? file.name : 'photo');
  const answer = await postFormWithProgress(propertyImagesUrl, body, onProgress, signal);
  return imageUploadResultSchema.parse(answer).images;
}
