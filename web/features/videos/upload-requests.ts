import {
  editedVideoResultSchema,
  videoUploadResultSchema,
  videoUrls,
  type UploadedVideo,
} from '#common/videos';
import { postFormWithProgress } from '../uploads';

/** The two video uploads, with progress (XMLHttpRequest, through the uploads feature). */

/** Uploads one listing video (field `videos`), for a listing when its id is known. */
export async function uploadVideo(
  file: File,
  options: {
    propertyId?: string;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<UploadedVideo> {
  const body = new FormData();
  // Before the file, so the server checks the listing before reading 100 MB.
  if (options.propertyId) body.append('propertyId', options.propertyId);
  body.append('videos', file, file.name);
  const answer = await postFormWithProgress(
    videoUrls.upload,
    body,
    options.onProgress,
    options.signal,
  );
  const [video] = videoUploadResultSchema.parse(answer).videos;
  if (!video) throw new Error('No video in the answer');
  return video;
}

/** The administrator's edited video for one pending video; approves it. */
export async function uploadEditedVideo(input: {
  userId: string;
  originalFileName: string;
  file: File;
  onProgress?: (fraction: number) => void;
}) {
  const body = new FormData();
  body.append('originalFileName', input.originalFileName);
  body.append('editedVideo', input.file, input.file.name);
  const answer = await postFormWithProgress(
    videoUrls.uploadEdited(input.userId),
    body,
    input.onProgress,
  );
  return editedVideoResultSchema.parse(answer);
}
