import type { Strings } from './types';

/** The English words of every e-mail and SMS. */
export const en: Strings = {
  hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
  linkFallback: 'If the button does not work, copy this address into your browser:',
  footer: 'This message was sent automatically by Abode. Please do not reply to it.',
  codeIs: (code) => `Your verification code is ${code}. It expires in 10 minutes.`,
  emailVerification: {
    subject: 'Your Abode verification code',
    enterIt: 'Enter it on the verification page:',
    button: 'Verify my email',
    notYou: 'If you did not create an Abode account, you can ignore this email.',
  },
  phoneVerification: { subject: 'Your Abode code' },
  passwordReset: {
    subject: 'Reset your Abode password',
    requested: 'We received a request to reset your password. Choose a new one here:',
    button: 'Reset my password',
    once: 'The link works once, for 30 minutes.',
    notYou: 'If you did not ask for this, ignore this email: your password stays the same.',
  },
  passwordChanged: {
    subject: 'Your Abode password was changed',
    changed: 'Your Abode password was just changed.',
    notYou: 'If this was not you, reset your password now:',
    button: 'Reset my password',
  },
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
  videoReady: {
    subject: 'Your video is ready',
    ready: (name) =>
      `Your video “${name}” has been reviewed and is ready. Download it from My Videos.`,
    button: 'Open My Videos',
  },
  listingHiddenForReports: {
    subject: 'Your listing is hidden while we review reports',
    hidden: (title) =>
      `Several renters reported “${title}”, so it is hidden from Abode while our team reviews the reports.`,
    next: 'We will tell you what we decide. You can still edit the listing; if the reports are mistaken, write to us through the support page.',
    button: 'Open my dashboard',
  },
  listingRemoved: {
    subject: 'Your listing was removed',
    removed: (title) =>
      `Our team reviewed renters’ reports of “${title}” and removed it from Abode.`,
    reason: 'The reason given:',
    button: 'Open my dashboard',
  },
  reportOutcome: {
    subject: 'About the listing you reported',
    removed: (title) =>
      `Thank you for your report. We reviewed “${title}” and removed it from Abode.`,
    kept: (title) =>
      `Thank you for your report. We reviewed “${title}” and found nothing against our rules, so it stays on Abode.`,
    advice:
      'Never pay a viewing fee, deposit or rent before you have seen the house and met the lister.',
  },
  verificationDecided: {
    kinds: { identity: 'identity', agent_licence: 'agent licence' },
    approvedSubject: 'You are verified on Abode',
    approved: (kind) =>
      `Abode checked your ${kind}. Your listings now show the badge, so renters can tell you are real.`,
    rejectedSubject: 'Your verification was not approved',
    rejected: (kind) => `Abode could not verify your ${kind} yet.`,
    reason: 'The reason given:',
    button: 'Open my account',
  },
  listingConfirmReminder: {
    subject: 'Is your listing still available?',
    ask: (title) =>
      `Renters trust Abode because every listing is confirmed each month. Is “${title}” still available?`,
    expires: (date) =>
      `Without an answer it leaves the search on ${date}. One tap is enough; no need to sign in.`,
    available: 'Yes, still available',
    rented: 'It has been rented',
  },
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
  listingExpired: {
    subject: 'Your listing has left the search',
    expired: (title) =>
      `“${title}” was not confirmed available for 30 days, so renters no longer find it.`,
    renew:
      'If it is still available, renew it from your dashboard in one click: it comes back without a new review.',
    button: 'Renew my listing',
  },
  inboxMessage: {
    subject: (source, subject) => `[${source === 'support' ? 'Support' : 'Contact'}] ${subject}`,
    intro: (source) =>
      source === 'support'
        ? 'A new message came through the 24/7 support form.'
        : 'A new message came through the contact page.',
    labels: {
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      category: 'Category',
      userType: 'I am a',
      contactMethod: 'Preferred contact',
    },
    replyHint: 'Reply to this e-mail to answer the sender.',
  },
  sms: {
    code: (code) => `Your Abode code is ${code}. It expires in 10 minutes.`,
    resetCode: (code) =>
      `Abode: your password reset code is ${code}. It expires in 10 minutes. Never share it.`,
    reset: (link) => `Reset your Abode password (the link works once, for 30 minutes): ${link}`,
    changed: (link) => `Your Abode password was changed. Not you? Reset it: ${link}`,
    approved: (title, link) => `Abode: “${title}” is approved. ${link}`,
    changesRejected: (title, reason, link) =>
      `Abode: your changes to “${title}” were not approved: ${reason}. The approved listing stays. ${link}`,
    rejected: (title, reason, link) => `Abode: “${title}” was not approved: ${reason} ${link}`,
    videoReady: (name, link) => `Abode: your video “${name}” is ready. ${link}`,
    hiddenForReports: (title, link) =>
      `Abode: “${title}” is hidden while we review renters’ reports. ${link}`,
    removed: (title, reason, link) => `Abode: “${title}” was removed: ${reason} ${link}`,
    reportRemoved: (title) => `Abode: thank you for your report. “${title}” was removed.`,
    reportKept: (title) =>
      `Abode: thank you for your report. We reviewed “${title}” and it stays on Abode.`,
    verificationApproved: (kind, link) => `Abode: your ${kind} is verified. ${link}`,
    verificationRejected: (kind, reason, link) =>
      `Abode: your ${kind} was not verified: ${reason} ${link}`,
    confirmReminder: (title, availableLink, rentedLink) =>
      `Abode: is “${title}” still available? Yes: ${availableLink} Rented: ${rentedLink}`,
    expired: (title, link) => `Abode: “${title}” left the search (not confirmed). Renew: ${link}`,
    alertOne: (title, price, link, stop) =>
      `Abode: new match: ${title}, ${price} ${link} Stop: ${stop}`,
    alertMany: (count, name, link, stop) =>
      `Abode: ${count} new places for "${name}" ${link} Stop: ${stop}`,
    priceDrop: (title, was, now, link, stop) =>
      `Abode: price drop: ${title}, ${was} -> ${now} ${link} Stop: ${stop}`,
  },
};
