import { MAX_VIDEO_BYTES, VIDEO_ACCEPT } from '#common/videos';

/**
 * Which chosen files are videos, and which of those may go up. The server decides by content;
 * this only sorts a drop into photos and videos and spares an upload that would be refused.
 */
export const VIDEO_ACCEPT_LIST = VIDEO_ACCEPT;

const videoExtensions = new Set(['mp4', 'm4v', 'mov', 'avi', 'webm', 'mkv', 'wmv', '3gp']);
const acceptedTypes = new Set([
  'video/mp4',
  'video/x-m4v',
  'video/quicktime',
  'video/x-msvideo',
  'video/avi',
  'video/msvideo',
  'video/vnd.avi',
]);
const acceptedExtensions = new Set(['mp4', 'm4v', 'mov', 'avi']);

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/** A video by its declared type, or by its name when the picker gave no type. */
export function isVideoFile(file: File): boolean {
  return (
    file.type.startsWith('video/') || (!file.type && videoExtensions.has(extensionOf(file.name)))
  );
}

/** Why a video cannot go up, or null when it may. */
export function videoRefusal(file: File): 'wrongType' | 'tooLarge' | 'empty' | null {
  // Browsers name these types differently; a known extension is enough here.
  if (!acceptedTypes.has(file.type) && !acceptedExtensions.has(extensionOf(file.name))) {
    return 'wrongType';
  }
  if (file.size > MAX_VIDEO_BYTES) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

/** "12.3 MB", in the reader's language. */
export function formatFileSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  return `${number} ${units[unit]}`;
}
