import type { ViewingStrings } from '../notifications';

const who = (name: string | null, fallback: string) => name ?? fallback;

/** The English words of viewings' e-mails and SMS (../notifications.ts). */
export const en: ViewingStrings = {
  subject: {
    requested: (title, time) => `Viewing request: “${title}”, ${time}`,
    confirmed: (title, time) => `Viewing confirmed: “${title}”, ${time}`,
    declined: (title) => `Viewing request declined: “${title}”`,
    cancelled: (title, time) => `Viewing cancelled: “${title}”, ${time}`,
    expired: (title) => `Viewing request expired: “${title}”`,
    reminder: (title, time) => `Reminder: viewing of “${title}”, ${time}`,
  },
  requested: (name, title, time) =>
    `${who(name, 'A renter')} would like to see “${title}” on ${time}. Confirm or decline within a day, or the request expires.`,
  confirmed: (name, title, time, address) =>
    `${who(name, 'The lister')} confirmed your viewing of “${title}” on ${time}, at ${address}.`,
  confirmedByMe: (name, title, time, address) =>
    `You confirmed ${name ? `${name}’s` : 'the'} viewing of “${title}” on ${time}, at ${address}.`,
  declined: (name, title, time) => `${who(name, 'The lister')} cannot show “${title}” on ${time}.`,
  suggested: (time) => `They offered another time: ${time}. You can book it from the listing.`,
  slotTaken: 'Someone else was confirmed for that time.',
  cancelled: (name, title, time) =>
    `${who(name, 'The other party')} cancelled the viewing of “${title}” on ${time}.`,
  cancelledByMe: (title, time) => `You cancelled the viewing of “${title}” on ${time}.`,
  expired: (title, time) =>
    `Your request to see “${title}” on ${time} was not answered in time. Choose another time or another place.`,
  reminder: {
    evening: (name, title, time, address) =>
      `Tomorrow: your viewing of “${title}”${name ? ` with ${name}` : ''}, ${time}, at ${address}.`,
    soon: (name, title, time, address) =>
      `In 2 hours: your viewing of “${title}”${name ? ` with ${name}` : ''}, ${time}, at ${address}.`,
  },
  calendarAttached: 'The calendar file attached adds it to your calendar.',
  free: 'Viewings booked on Abode are free. Never pay anyone to see a place; if you are asked to, report it.',
  button: 'Open the viewing',
  calendar: {
    summary: (title) => `Viewing: ${title}`,
    description: (link) => `Booked on Abode: ${link}`,
  },
  sms: {
    requested: (title, time, link) =>
      `Abode: viewing request for "${title}" ${time}. Answer: ${link}`,
    confirmed: (title, time, link) => `Abode: viewing of "${title}" confirmed for ${time}. ${link}`,
    declined: (title, time, link) => `Abode: viewing of "${title}" ${time} declined. ${link}`,
    cancelled: (title, time, link) => `Abode: viewing of "${title}" ${time} cancelled. ${link}`,
    expired: (title, time, link) =>
      `Abode: your viewing request for "${title}" ${time} expired. ${link}`,
    reminder: (title, time, link) =>
      `Abode reminder: viewing of "${title}" ${time}. Free: never pay to view. ${link}`,
  },
};
