import type { ReviewStrings } from '../notifications';

/** The English words of admin's e-mails and SMS (../notifications.ts). */
export const en: ReviewStrings = {
  listingApproved: {
    subject: 'Your listing is approved',
    live: (title) =>
      `Good news: an administrator approved “${title}”. It is live when it is active.`,
    button: 'See my listings',
  },
  listingRejected: {
    subject: 'Your listing needs changes',
    notApproved: (title) => `An administrator did not approve the photos of “${title}” yet.`,
    reason: 'The reason given:',
    next: 'Change the photos on the edit page and save: the listing goes back for review.',
    button: 'Open my dashboard',
  },
  listingChangesRejected: {
    subject: 'Your changes were not approved',
    notApproved: (title) => `An administrator did not approve your changes to “${title}”.`,
    reason: 'The reason given:',
    kept: 'Renters still see the listing as it was approved. Edit it again and save to send new changes.',
    button: 'Open my dashboard',
  },
  sms: {
    approved: (title, link) => `Abode: “${title}” is approved. ${link}`,
    changesRejected: (title, reason, link) =>
      `Abode: your changes to “${title}” were not approved: ${reason}. The approved listing stays. ${link}`,
    rejected: (title, reason, link) => `Abode: “${title}” was not approved: ${reason} ${link}`,
  },
};
