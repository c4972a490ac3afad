import type { ReviewStrings } from '../notifications';

/** The English words of reviews' e-mails and SMS (../notifications.ts). */
export const en: ReviewStrings = {
  invitation: {
    subject: (title) => `How was your viewing of “${title}”?`,
    ask: (title) => `You went to see “${title}” yesterday. How was it?`,
    questions:
      'Two questions matter most to the next renter: was the place as the listing described it, and did anyone ask you for money before the viewing?',
    why: 'Only renters who booked a viewing on Abode can review, so your answer is worth a lot. You have 30 days.',
    phoneNeeded:
      'A review needs a verified phone number, so that each renter reviews once: the button takes you to add and verify yours, then back to the review.',
    button: 'Review the viewing',
    sms: (title, link) => `Abode: how was your viewing of "${title}"? Review it: ${link}`,
  },
  decision: {
    subjectHidden: 'Your review was hidden',
    subjectRestored: 'Your review is shown again',
    hidden: (title) =>
      `Our team looked at your review of “${title}” and hid it: it no longer shows on Abode.`,
    restored: (title) => `Our team looked at your review of “${title}”: it shows on Abode again.`,
    reason: 'The reason given:',
    sms: {
      hidden: (title) => `Abode: your review of "${title}" was hidden by our team.`,
      restored: (title) => `Abode: your review of "${title}" shows again.`,
    },
  },
};
