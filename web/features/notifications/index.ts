import { lazy } from 'react';

/**
 * What other features use of notifications, the e-mail and SMS the product sends (issue 18):
 * the admin panel's Deliveries tab, loaded only when an administrator opens it.
 */
export const DeliveriesTab = lazy(() => import('./deliveries-tab'));
