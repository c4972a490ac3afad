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
    no_show_disputed: (title) => `The renter says they came: “${title}”`,
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
  listingGone: {
    listing_rented: (title, time) =>
      `The viewing of “${title}” on ${time} is cancelled: the place has been rented.`,
    listing_off: (title, time) =>
      `The viewing of “${title}” on ${time} is cancelled: the lister took the listing off Abode.`,
    listing_hidden: (title, time) =>
      `The viewing of “${title}” on ${time} is cancelled: the listing is no longer shown on Abode while our team looks at it. Do not pay anyone for it.`,
    listing_expired: (title, time) =>
      `The viewing of “${title}” on ${time} is cancelled: the listing expired, as its lister did not confirm it is still available.`,
    listing_removed: (title, time) =>
      `The viewing of “${title}” on ${time} is cancelled: the listing was removed from Abode.`,
  },
  expired: (title, time) =>
    `Your request to see “${title}” on ${time} was not answered in time. Choose another time or another place.`,
  no_show_disputed: (name, title, time) =>
    `${who(name, 'The renter')} says they were at the viewing of “${title}” on ${time}. Your no-show mark no longer counts in their record, and they may review the viewing.`,
  noShow: {
    subject: (title) => `The lister says you missed the viewing: “${title}”`,
    said: (name, title, time) =>
      `${who(name, 'The lister')} says you did not come to the viewing of “${title}” on ${time}. This counts in the record other listers see.`,
    answer:
      'If you were there, say so on the viewing’s page (“I was there”): the mark then no longer counts, and you can still review the viewing.',
    sms: (title, time, link) =>
      `Abode: the lister says you missed "${title}" ${time}. Were you there? ${link}`,
  },
  reminder: {
    evening: (name, title, time, address) =>
      `Tomorrow: your viewing of “${title}”${name ? ` with ${name}` : ''}, ${time}, at ${address}.`,
    soon: (name, title, time, address) =>
      `In 2 hours: your viewing of “${title}”${name ? ` with ${name}` : ''}, ${time}, at ${address}.`,
  },
  place: (street, code) =>
    [street ? `Address: ${street}.` : '', code ? `GhanaPost GPS: ${code}.` : '']
      .filter(Boolean)
      .join(' '),
  calendarAttached: 'The calendar file attached adds it to your calendar.',
  free: 'Viewings booked on Abode are free. Never pay anyone to see a place; if you are asked to, report it.',
  button: 'Open the viewing',
  calendar: {
    summary: (title) => `Viewing: ${title}`,
    description: (link) => `Booked on Abode: ${link}`,
  },
  sms: {
    listingGone: (title, time, link) =>
      `Abode: viewing of "${title}" ${time} cancelled, listing gone. ${link}`,
    requested: (title, time, link) =>
      `Abode: viewing request for "${title}" ${time}. Answer: ${link}`,
    confirmed: (title, time, link, where) =>
      `Abode: viewing of "${title}" confirmed for ${time}. ${where}${link}`,
    declined: (title, time, link) => `Abode: viewing of "${title}" ${time} declined. ${link}`,
    cancelled: (title, time, link) => `Abode: viewing of "${title}" ${time} cancelled. ${link}`,
    expired: (title, time, link) =>
      `Abode: your viewing request for "${title}" ${time} expired. ${link}`,
    no_show_disputed: (title, time, link) =>
      `Abode: the renter says they came to "${title}" ${time}. ${link}`,
    reminder: (title, time, link, where) =>
      `Abode reminder: viewing of "${title}" ${time}. Free: never pay to view. ${where}${link}`,
  },
};
