import type { ByteRange } from '../../lib/storage';

/**
 * An HTTP `Range` header against a file of `size` bytes (RFC 9110, 14.2), for the video
 * downloads: players seek and browsers resume with it.
 * - `null`: no usable range, answer the whole file (no header, another unit, several ranges,
 *   or a malformed one: a server may ignore Range);
 * - `'unsatisfiable'`: answer 416 with `Content-Range: bytes *\/size`;
 * - otherwise the inclusive range to answer with 206.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // The last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
