import { lazy } from 'react';

/**
 * What other features use of support (docs/design.md, import boundaries): the admin panel's
 * Messages tab, loaded only when an administrator opens it.
 */
export const InboxTab = lazy(() => import('./inbox-tab'));
