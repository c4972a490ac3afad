import type { FreshnessStrings } from '../notifications';

/** The English words of listings' e-mails and SMS (../notifications.ts). */
export const en: FreshnessStrings = {
  listingConfirmReminder: {
    subject: 'Is your listing still available?',
    ask: (title) =>
      `Renters trust Abode because every listing is confirmed each month. Is “${title}” still available?`,
    expires: (date) =>
      `Without an answer it leaves the search on ${date}. One tap is enough; no need to sign in.`,
    available: 'Yes, still available',
    rented: 'It has been rented',
  },
  listingExpired: {
    subject: 'Your listing has left the search',
    expired: (title) =>
      `“${title}” was not confirmed available for 30 days, so renters no longer find it.`,
    renew:
      'If it is still available, renew it from your dashboard in one click: it comes back without a new review.',
    button: 'Renew my listing',
  },
  sms: {
    confirmReminder: (title, availableLink, rentedLink) =>
      `Abode: is “${title}” still available? Yes: ${availableLink} Rented: ${rentedLink}`,
    expired: (title, link) => `Abode: “${title}” left the search (not confirmed). Renew: ${link}`,
  },
};
