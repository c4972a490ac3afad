import type { DigestStrings } from '../notifications';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The English words of the daily digest (../notifications.ts). */
export const en: DigestStrings = {
  subject: (total) => `${plural(total, 'more notice', 'more notices')} from Abode today`,
  intro: (cap) =>
    `Abode sends you at most ${cap} notices a day by this channel, so that nobody can flood you through it. These came after that, and each is waiting in the app:`,
  count: {
    viewings: (n) =>
      plural(
        n,
        'viewing notice (a request, an answer or a reminder)',
        'viewing notices (requests, answers, reminders)',
      ),
    messages: (n) => plural(n, 'message notice', 'message notices'),
    reviews: (n) => plural(n, 'review notice', 'review notices'),
    listings: (n) => plural(n, 'notice about your listings', 'notices about your listings'),
    alerts: (n) => plural(n, 'search or price alert', 'search and price alerts'),
  },
  button: 'Open Abode',
  settings: 'You choose which notices reach you by e-mail or SMS in your account settings.',
  settingsLink: 'Notice settings',
  sms: (total, counts, link) =>
    `Abode: ${plural(total, 'more notice', 'more notices')} today: ${counts}. See them: ${link}`,
  smsCount: {
    viewings: (n) => plural(n, 'viewing', 'viewings'),
    messages: (n) => plural(n, 'message', 'messages'),
    reviews: (n) => plural(n, 'review', 'reviews'),
    listings: (n) => plural(n, 'listing', 'listings'),
    alerts: (n) => plural(n, 'alert', 'alerts'),
  },
  listSeparator: ', ',
};
