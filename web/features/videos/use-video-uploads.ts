import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { videoUrls, type AttachVideosBody, type UploadedVideo } from '#common/videos';
import { apiRequest } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { uploadFailure } from '../uploads';
import { uploadVideo } from './upload-requests';
import { videoRefusal } from './video-files';

/**
 * The videos a listing form adds (spec: Files, sorted into images and videos). Each one goes
 * up on its own at once, with its own progress, to the review queue: unlike photos it is not
 * part of the listing's fields, and it reaches the owner's My Videos once an administrator
 * has handled it.
 */
export type VideoItem = {
  key: string;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'error';
  /** 0–1 while uploading. */
  progress: number;
  error?: string;
  video?: UploadedVideo;
};

export type RefusedVideo = { name: string; reason: string };

let sequence = 0;
const nextKey = () => `video-${++sequence}`;

export type VideoUploads = ReturnType<typeof useVideoUploads>;

export function useVideoUploads({ propertyId }: { propertyId?: string } = {}) {
  const { t } = useTranslation();
  const [items, setItems] = useState<VideoItem[]>([]);
  const [refused, setRefused] = useState<RefusedVideo[]>([]);
  const files = useRef(new Map<string, File>());
  const uploads = useRef(new Map<string, AbortController>());

  const update = useCallback((key: string, change: Partial<VideoItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  // Uploads still running end with the form.
  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const upload = useCallback(
    async (key: string, file: File) => {
      const controller = new AbortController();
      uploads.current.set(key, controller);
      update(key, { status: 'uploading', progress: 0, error: undefined });
      try {
        const video = await uploadVideo(file, {
          propertyId,
          onProgress: (progress) => update(key, { progress }),
          signal: controller.signal,
        });
        files.current.delete(key);
        update(key, { status: 'done', progress: 1, video });
      } catch (error) {
        if (controller.signal.aborted) return;
        // Unlike a photo, a video the server refused stays in the list, with its reason.
        const { message } = uploadFailure(t, error, {
          tooLarge: t('videos.upload.tooLarge'),
          wrongType: t('videos.upload.wrongType'),
          failed: t('videos.upload.failed'),
          networkError: t('videos.upload.networkError'),
        });
        update(key, { status: 'error', error: message });
        toast({ title: t('videos.upload.failed'), description: message, variant: 'destructive' });
      } finally {
        if (uploads.current.get(key) === controller) uploads.current.delete(key);
      }
    },
    [propertyId, t, update],
  );

  /** Adds chosen or dropped videos; those that would be refused are listed instead. */
  const add = useCallback(
    (chosen: Iterable<File>) => {
      const refusedNow: RefusedVideo[] = [];
      const added: { item: VideoItem; file: File }[] = [];
      for (const file of chosen) {
        const refusal = videoRefusal(file);
        if (refusal) {
          refusedNow.push({ name: file.name, reason: t(`videos.upload.${refusal}`) });
          continue;
        }
        const item: VideoItem = {
          key: nextKey(),
          name: file.name,
          size: file.size,
          status: 'uploading',
          progress: 0,
        };
        added.push({ item, file });
      }
      setRefused(refusedNow);
      if (added.length === 0) return;
      setItems((list) => [...list, ...added.map(({ item }) => item)]);
      for (const { item, file } of added) {
        files.current.set(item.key, file);
        void upload(item.key, file);
      }
    },
    [t, upload],
  );

  /** Cancels an upload, or forgets a failed one (a finished upload is already in review). */
  const remove = useCallback((key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    files.current.delete(key);
    setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  const retry = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (file) void upload(key, file);
    },
    [upload],
  );

  /**
   * Links the videos sent before the listing existed (the wizard) to it, once created. A
   * failure only leaves them unlinked: they are in review all the same.
   */
  const attachTo = useCallback(
    async (propertyId: string) => {
      const fileNames = items.flatMap((item) =>
        item.video && !item.video.propertyId ? [item.video.fileName] : [],
      );
      if (fileNames.length === 0) return;
      const body: AttachVideosBody = { propertyId, fileNames };
      await apiRequest('POST', videoUrls.attach, body).catch((error: unknown) =>
        console.warn('Could not link the videos to the listing', error),
      );
    },
    [items],
  );

  return {
    items,
    refused,
    attachTo,
    uploading: items.some((item) => item.status === 'uploading'),
    add,
    remove,
    retry,
  };
}
