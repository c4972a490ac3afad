import type { PageRead } from '#common/page-render';
import { listerKey, listerPath } from './api';

/** What a lister's page (issue 40) shows on its first render, keyed as its hook keys it. */
export function listerPageReads(pathname: string): PageRead[] | null {
  const match = /^\/listers\/([^/]+)$/.exec(pathname);
  if (!match) return null;
  let handle: string;
  try {
    handle = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return [{ key: listerKey(handle), path: listerPath(handle) }];
}
