/**
 * Photos are made smaller in the browser before they are sent: a phone's 12-megapixel,
 * 6 MB picture becomes a 2400 px, sub-megabyte one, so uploads are quick on slow
 * connections and fit the 5 MB limit. The server re-encodes every image anyway; this only
 * saves the reader's bandwidth. GIFs (maybe animated) and small files are sent as they are.
 */

/** The long side a photo is scaled down to. */
export const MAX_IMAGE_SIDE = 2400;
/** Files above this size are re-encoded even when their dimensions are fine. */
export const SCALE_ABOVE_BYTES = 2 * 1024 * 1024;
/** Encoder quality for WebP and JPEG: good enough that the server's variants look sharp. */
export const SCALE_QUALITY = 0.85;

const scalableTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

export type Size = { width: number; height: number };

/** The size that fits `maxSide` on the long side, keeping the ratio; never larger. */
export function scaledSize({ width, height }: Size, maxSide = MAX_IMAGE_SIDE): Size {
  const longSide = Math.max(width, height);
  if (longSide <= maxSide) return { width, height };
  const ratio = maxSide / longSide;
  return {
    width: Math.max(1, Math.round(width * ratio)),
    height: Math.max(1, Math.round(height * ratio)),
  };
}

/** Whether a photo of this type, byte size and dimensions is re-encoded before upload. */
export function needsScaling(type: string, bytes: number, size: Size): boolean {
  if (!scalableTypes.has(type)) return false;
  return bytes > SCALE_ABOVE_BYTES || Math.max(size.width, size.height) > MAX_IMAGE_SIDE;
}

/** The browser's image tools, passed in so tests can stand in for them (jsdom has none). */
export type ImageTools = {
  /** Decodes the file, or null when the browser cannot. */
  decode: (file: Blob) => Promise<(Size & { close: () => void; source: CanvasImageSource }) | null>;
  /** Draws the image at `size` and encodes it; null when the type is not supported. */
  encode: (
    image: CanvasImageSource,
    size: Size,
    type: 'image/webp' | 'image/jpeg',
    quality: number,
  ) => Promise<Blob | null>;
};

export const browserImageTools: ImageTools = {
  async decode(file) {
    if (typeof createImageBitmap !== 'function') return null;
    try {
      const bitmap = await createImageBitmap(file);
      return {
        width: bitmap.width,
        height: bitmap.height,
        source: bitmap,
        close: () => bitmap.close(),
      };
    } catch {
      return null;
    }
  },
  async encode(image, size, type, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    // JPEG has no transparency: a transparent PNG gets white behind it, not black.
    if (type === 'image/jpeg') {
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size.width, size.height);
    }
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
    // A browser that cannot write the type answers PNG instead: treat that as "not supported".
    return blob && blob.type === type ? blob : null;
  },
};

function renamed(name: string, type: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'photo';
  return `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`;
}

/**
 * The photo to upload: the file itself when it is a GIF, not an image the browser can
 * decode, or already small; otherwise a WebP (JPEG where WebP cannot be written) at most
 * 2400 px on the long side. A result that is not smaller than the original is dropped.
 */
export async function scaleDownImage(
  file: File,
  tools: ImageTools = browserImageTools,
): Promise<File> {
  if (!scalableTypes.has(file.type)) return file;
  // Cheap case first: a small file is decoded only to check its dimensions.
  const image = await tools.decode(file);
  if (!image) return file;
  try {
    if (!needsScaling(file.type, file.size, image)) return file;
    const size = scaledSize(image);
    const blob =
      (await tools.encode(image.source, size, 'image/webp', SCALE_QUALITY)) ??
      (await tools.encode(image.source, size, 'image/jpeg', SCALE_QUALITY));
    if (!blob) return file;
    const resized = size.width !== image.width || size.height !== image.height;
    if (!resized && blob.size >= file.size) return file;
    return new File([blob], renamed(file.name, blob.type), {
      type: blob.type,
      lastModified: file.lastModified,
    });
  } finally {
    image.close();
  }
}
