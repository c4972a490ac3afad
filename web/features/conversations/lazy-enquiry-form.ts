import { lazy } from 'react';

/**
 * The enquiry form, loaded with the contact page that shows it: its module brings the API's
 * schemas (and Zod), which the header, importing this feature for its unread badge, must not.
 */
export const EnquiryForm = lazy(() =>
  import('./enquiry-form').then((module) => ({ default: module.EnquiryForm })),
);
