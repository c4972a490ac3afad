import type { PageRead } from '#common/page-render';
import { paths } from '../../paths';
import { operatorKey, operatorPath } from './operator-api';

/**
 * What a legal page (privacy policy, terms of service) shows on its first render, keyed as its
 * hook keys it: the operator it names (issue 51). Null for any other path.
 */
export function legalPageReads(pathname: string): PageRead[] | null {
  if (pathname !== paths.privacyPolicy() && pathname !== paths.termsOfService()) return null;
  return [{ key: operatorKey, path: operatorPath }];
}
