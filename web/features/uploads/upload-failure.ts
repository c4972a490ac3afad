import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/server-messages';

/** The reader's texts of one kind of file (photos, videos), already translated. */
export type UploadFailureTexts = {
  tooLarge: string;
  wrongType: string;
  failed: string;
  networkError: string;
};

/**
 * Why an upload failed, in the reader's words. `fileRefused` is the server's verdict on the
 * file itself (413 too large, 415 wrong type), which trying again cannot change; any other
 * answer says the server's reason, and no answer at all is a network failure.
 */
export function uploadFailure(
  t: TFunction,
  error: unknown,
  texts: UploadFailureTexts,
): { message: string; fileRefused: boolean } {
  if (!(error instanceof ApiRequestError))
    return { message: texts.networkError, fileRefused: false };
  if (error.status === 413) return { message: texts.tooLarge, fileRefused: true };
  if (error.status === 415) return { message: texts.wrongType, fileRefused: true };
  return { message: apiErrorText(t, error, texts.failed), fileRefused: false };
}
