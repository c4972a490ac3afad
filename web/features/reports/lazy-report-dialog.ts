import { lazy } from 'react';
import { loadScreenTexts } from '../../lib/i18n';

// The form (its schema, radio group and text area) loads when a renter opens it, with the
// screens' texts it shares with the admin's review (lib/i18n.ts): the listing page is a first
// page with a JavaScript budget (docs/performance.md).
export const ReportDialog = lazy(() =>
  Promise.all([import('./report-dialog'), loadScreenTexts()]).then(([module]) => module),
);
