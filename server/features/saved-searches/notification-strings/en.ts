import type { AlertStrings } from '../notifications';

/** The English words of saved-searches's e-mails and SMS (../notifications.ts). */
export const en: AlertStrings = {
  savedSearchAlert: {
    subject: (name, count) =>
      count === 1 ? `A new place for “${name}”` : `${count} new places for “${name}”`,
    intro: (name, count) =>
      count === 1
        ? `A place that matches your saved search “${name}” is now on Abode:`
        : `${count} places that match your saved search “${name}” are now on Abode:`,
    periods: { week: 'week', month: 'month', year: 'year' },
    view: 'View this place',
    seeAll: 'See every match',
    stop: 'Stop these alerts',
    manage: 'Manage your alerts',
  },
  priceDrop: {
    subject: (title) => `Price drop: “${title}”`,
    dropped: (title, was, now) =>
      `The rent of “${title}”, which you saved, went down from ${was} to ${now}.`,
    view: 'View this place',
  },
  sms: {
    alertOne: (title, price, link, stop) =>
      `Abode: new match: ${title}, ${price} ${link} Stop: ${stop}`,
    alertMany: (count, name, link, stop) =>
      `Abode: ${count} new places for "${name}" ${link} Stop: ${stop}`,
    priceDrop: (title, was, now, link, stop) =>
      `Abode: price drop: ${title}, ${was} -> ${now} ${link} Stop: ${stop}`,
  },
};
