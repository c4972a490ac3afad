import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { approvedVideoSchema, pendingVideoSchema, videoUrls } from '#common/videos';
import { apiErrorFrom, apiRequest, languageHeaders } from '../../lib/api-client';
import { uploadEditedVideo } from './upload-requests';

/**
 * The video calls (spec accounts-and-admin section 7, marketplace-core: POST
 * /api/upload/property-videos): a fetcher, query options and a hook per endpoint.
 */

/** Spec 9: the pending list refreshes every 30 seconds. */
export const PENDING_REFRESH_MS = 30_000;

export const pendingVideosKey = [videoUrls.pending] as const;
export const approvedVideosKey = [videoUrls.approved] as const;

export const pendingVideosQuery = queryOptions({
  queryKey: pendingVideosKey,
  queryFn: async () =>
    z.array(pendingVideoSchema).parse(await apiRequest('GET', videoUrls.pending)),
  refetchInterval: PENDING_REFRESH_MS,
});

export const approvedVideosQuery = queryOptions({
  queryKey: approvedVideosKey,
  queryFn: async () =>
    z.array(approvedVideoSchema).parse(await apiRequest('GET', videoUrls.approved)),
});

export const usePendingVideos = () => useQuery(pendingVideosQuery);
export const useApprovedVideos = () => useQuery(approvedVideosQuery);

export function useUploadEditedVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadEditedVideo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingVideosKey }),
  });
}

/**
 * Downloads a video as a file without holding it in the page's memory: a one-byte range
 * request first, so a refusal (404, 401) becomes an error the page can show, then the
 * browser itself fetches the URL, which the server answers as an attachment.
 */
export async function downloadVideo(url: string): Promise<void> {
  const probe = await fetch(url, {
    credentials: 'include',
    headers: { ...languageHeaders(), Range: 'bytes=0-0' },
  });
  if (!probe.ok) {
    const text = await probe.text().catch(() => '');
    throw apiErrorFrom(probe.status, probe.statusText, text, probe.headers.get('retry-after'));
  }
  // Only the first byte was asked for; the rest is not read.
  await probe.body?.cancel().catch(() => undefined);
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export { uploadEditedVideo, uploadVideo } from './upload-requests';
export { useVideoUploads, type VideoUploads } from './use-video-uploads';
