import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from '#common/listing-rules';
import { toast } from '../../lib/toast';
import { scaleDownImage, uploadFailure, uploadPropertyImage } from '../uploads';

/**
 * The photos of a listing form: those it already has (URLs) and those being added. Each new
 * file is checked, scaled down and uploaded on its own at once, so every photo has its own
 * progress; the form sends the ordered URLs of the uploaded ones.
 */
export type ImageItem = {
  key: string;
  /** The stored photo, once uploaded (or from the start for existing photos). */
  url?: string;
  /** The chosen file and its local preview (an object URL). */
  name?: string;
  preview?: string;
  status: 'preparing' | 'uploading' | 'done' | 'error';
  /** 0–1 while uploading. */
  progress: number;
  error?: string;
  /** A failed upload of a file still at hand can be tried again. */
  retryable?: boolean;
};

/** A file refused before upload, with the reason shown to the reader. */
export type RejectedFile = { name: string; reason: string };

const acceptedTypes = new Set<string>(IMAGE_MIME_TYPES);
const extensionTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The file's image type: its declared one, else guessed from the name (some pickers omit it). */
function imageTypeOf(file: File): string | undefined {
  if (file.type) return acceptedTypes.has(file.type) ? file.type : undefined;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return extensionTypes[extension];
}

let sequence = 0;
const nextKey = () => `image-${++sequence}`;

export type ImageUploads = ReturnType<typeof useImageUploads>;

export function useImageUploads({
  initialUrls = [],
  failureTitle,
  max = MAX_LISTING_IMAGES,
}: {
  initialUrls?: readonly string[];
  /** The toast title of a failed upload: "Upload failed" (create), "Failed to upload images" (edit). */
  failureTitle: string;
  /** Photos the listing may carry: the owner's plan's (common/plans.ts photoLimitOf). */
  max?: number;
}) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ImageItem[]>(() =>
    initialUrls.map((url) => ({ key: nextKey(), url, status: 'done', progress: 1 })),
  );
  const [rejected, setRejected] = useState<RejectedFile[]>([]);
  const files = useRef(new Map<string, File>());
  const uploads = useRef(new Map<string, AbortController>());
  const previews = useRef(new Set<string>());
  // How many photos the form holds, kept in step with every add and remove, so two quick
  // drops cannot both take the last free places.
  const count = useRef(initialUrls.length);

  const update = useCallback((key: string, change: Partial<ImageItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  // Object URLs and running uploads end with the form.
  useEffect(() => {
    const open = previews.current;
    const running = uploads.current;
    return () => {
      for (const url of open) URL.revokeObjectURL(url);
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  /** Takes a photo out of the form (and forgets its file and preview). */
  const drop = useCallback((key: string) => {
    count.current = Math.max(0, count.current - 1);
    files.current.delete(key);
    setItems((list) => {
      const item = list.find((i) => i.key === key);
      if (item?.preview) {
        URL.revokeObjectURL(item.preview);
        previews.current.delete(item.preview);
      }
      return list.filter((i) => i.key !== key);
    });
  }, []);

  /**
   * A file that can never go up as it is (too large even scaled down, not an image by its
   * content): it leaves the grid, so it never takes a place or the cover, and joins the
   * refused files with the reason.
   */
  const refuse = useCallback(
    (key: string, name: string, reason: string) => {
      drop(key);
      setRejected((list) => [...list, { name, reason }]);
    },
    [drop],
  );

  const upload = useCallback(
    async (key: string, file: File) => {
      const controller = new AbortController();
      uploads.current.set(key, controller);
      update(key, { status: 'preparing', progress: 0, error: undefined, retryable: false });
      try {
        const scaled = await scaleDownImage(file);
        if (controller.signal.aborted) return;
        if (scaled.size > MAX_IMAGE_BYTES) {
          refuse(key, file.name, t('uploads.tooLarge'));
          return;
        }
        update(key, { status: 'uploading' });
        const [url] = await uploadPropertyImage(
          scaled,
          (fraction) => update(key, { progress: fraction }),
          controller.signal,
        );
        if (!url) throw new Error(t('uploads.noAnswer'));
        files.current.delete(key);
        update(key, { status: 'done', progress: 1, url });
      } catch (error) {
        if (controller.signal.aborted) return;
        const { message, fileRefused } = uploadFailure(t, error, {
          tooLarge: t('uploads.tooLarge'),
          wrongType: t('uploads.wrongType'),
          failed: t('uploads.uploadFailed'),
          networkError: t('uploads.networkError'),
        });
        // A file the server refused leaves the grid: trying again cannot change the verdict.
        if (fileRefused) refuse(key, file.name, message);
        else update(key, { status: 'error', error: message, retryable: true });
        toast({ title: failureTitle, description: message, variant: 'destructive' });
      } finally {
        if (uploads.current.get(key) === controller) uploads.current.delete(key);
      }
    },
    [failureTitle, refuse, t, update],
  );

  /** Adds chosen or dropped files: wrong types and files past the limit are refused. */
  const add = useCallback(
    (chosen: Iterable<File>) => {
      const refused: RejectedFile[] = [];
      const added: { item: ImageItem; file: File }[] = [];
      let room = max - count.current;
      for (const file of chosen) {
        if (!imageTypeOf(file)) {
          refused.push({ name: file.name, reason: t('uploads.wrongType') });
        } else if (room <= 0) {
          refused.push({ name: file.name, reason: t('errors.photos_per_listing', { max }) });
        } else {
          room -= 1;
          const preview = URL.createObjectURL(file);
          previews.current.add(preview);
          const item: ImageItem = {
            key: nextKey(),
            name: file.name,
            preview,
            status: 'preparing',
            progress: 0,
          };
          added.push({ item, file });
        }
      }
      setRejected(refused);
      if (added.length === 0) return;
      count.current += added.length;
      setItems((list) => [...list, ...added.map(({ item }) => item)]);
      for (const { item, file } of added) {
        files.current.set(item.key, file);
        void upload(item.key, file);
      }
    },
    [max, t, upload],
  );

  const remove = useCallback(
    (key: string) => {
      uploads.current.get(key)?.abort();
      uploads.current.delete(key);
      drop(key);
    },
    [drop],
  );

  /** Moves a photo one place earlier (-1) or later (+1). */
  const move = useCallback((key: string, offset: -1 | 1) => {
    setItems((list) => {
      const from = list.findIndex((i) => i.key === key);
      const to = from + offset;
      if (from < 0 || to < 0 || to >= list.length) return list;
      const next = [...list];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });
  }, []);

  /** Puts a photo at another place (drag and drop). */
  const moveTo = useCallback((key: string, index: number) => {
    setItems((list) => {
      const from = list.findIndex((i) => i.key === key);
      if (from < 0 || index < 0 || index >= list.length || from === index) return list;
      const next = [...list];
      const [item] = next.splice(from, 1);
      next.splice(index, 0, item!);
      return next;
    });
  }, []);

  const retry = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (file) void upload(key, file);
    },
    [upload],
  );

  const urls = items.flatMap((item) => (item.status === 'done' && item.url ? [item.url] : []));
  const uploading = items.some(
    (item) => item.status === 'preparing' || item.status === 'uploading',
  );
  const failed = items.some((item) => item.status === 'error');

  return {
    max,
    items,
    rejected,
    urls,
    uploading,
    failed,
    add,
    remove,
    move,
    moveTo,
    retry,
  };
}
