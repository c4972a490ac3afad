import { lazy } from 'react';

/**
 * What other features use of verifications (issue 19): the admin panel's Verifications tab,
 * loaded only when an administrator opens it. (A lister's own request is in accounts' Account
 * Settings.)
 */
export const VerificationsTab = lazy(() => import('./verifications-tab'));
