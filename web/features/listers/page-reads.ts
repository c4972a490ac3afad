import type { PageRead } from '#common/page-render';
import { listerReviewsKey, listerReviewsPath } from '../reviews';
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
  return [
    { key: listerKey(handle), path: listerPath(handle) },
    // The first page of its reviews (issue 51).
    { key: listerReviewsKey(handle, 1), path: listerReviewsPath(handle, 1) },
  ];
}
