/** What every language's file of message-strings/ must say (message-templates.ts composes it). */
export type InboxSource = 'support' | 'contact';
export type InboxField = 'name' | 'email' | 'phone' | 'category' | 'userType' | 'contactMethod';

export type Strings = {
  hello: (firstName: string) => string;
  linkFallback: string;
  footer: string;
  codeIs: (code: string) => string;
  emailVerification: { subject: string; enterIt: string; button: string; notYou: string };
  phoneVerification: { subject: string };
  passwordReset: {
    subject: string;
    requested: string;
    button: string;
    once: string;
    notYou: string;
  };
  passwordChanged: { subject: string; changed: string; notYou: string; button: string };
  listingApproved: { subject: string; live: (title: string) => string; button: string };
  listingRejected: {
    subject: string;
    notApproved: (title: string) => string;
    reason: string;
    next: string;
    button: string;
  };
  listingChangesRejected: {
    subject: string;
    notApproved: (title: string) => string;
    reason: string;
    kept: string;
    button: string;
  };
  videoReady: { subject: string; ready: (name: string) => string; button: string };
  listingHiddenForReports: {
    subject: string;
    hidden: (title: string) => string;
    next: string;
    button: string;
  };
  listingRemoved: {
    subject: string;
    removed: (title: string) => string;
    reason: string;
    button: string;
  };
  reportOutcome: {
    subject: string;
    removed: (title: string) => string;
    kept: (title: string) => string;
    advice: string;
  };
  verificationDecided: {
    kinds: Record<'identity' | 'agent_licence', string>;
    approvedSubject: string;
    approved: (kind: string) => string;
    rejectedSubject: string;
    rejected: (kind: string) => string;
    reason: string;
    button: string;
  };
  listingConfirmReminder: {
    subject: string;
    ask: (title: string) => string;
    expires: (date: string) => string;
    available: string;
    rented: string;
  };
  savedSearchAlert: {
    subject: (searchName: string, count: number) => string;
    intro: (searchName: string, count: number) => string;
    periods: Record<'week' | 'month' | 'year', string>;
    view: string;
    seeAll: string;
    stop: string;
    manage: string;
  };
  priceDrop: {
    subject: (title: string) => string;
    dropped: (title: string, was: string, now: string) => string;
    view: string;
  };
  listingExpired: {
    subject: string;
    expired: (title: string) => string;
    renew: string;
    button: string;
  };
  inboxMessage: {
    subject: (source: InboxSource, subject: string) => string;
    intro: (source: InboxSource) => string;
    labels: Record<InboxField, string>;
    replyHint: string;
  };
  sms: {
    code: (code: string) => string;
    reset: (link: string) => string;
    /** The code of a password reset by phone: one segment, like `code`. */
    resetCode: (code: string) => string;
    changed: (link: string) => string;
    approved: (title: string, link: string) => string;
    rejected: (title: string, reason: string, link: string) => string;
    changesRejected: (title: string, reason: string, link: string) => string;
    videoReady: (name: string, link: string) => string;
    hiddenForReports: (title: string, link: string) => string;
    removed: (title: string, reason: string, link: string) => string;
    reportRemoved: (title: string) => string;
    reportKept: (title: string) => string;
    verificationApproved: (kind: string, link: string) => string;
    verificationRejected: (kind: string, reason: string, link: string) => string;
    confirmReminder: (title: string, availableLink: string, rentedLink: string) => string;
    expired: (title: string, link: string) => string;
    /** One new listing: its title, "GHS 3,500/month", its link, the unsubscribe link. */
    alertOne: (title: string, price: string, link: string, stopLink: string) => string;
    /** Several (the digest): how many, the search's name, the search's link, unsubscribe. */
    alertMany: (count: number, searchName: string, link: string, stopLink: string) => string;
    /** A favourite's rent dropped: title, was, now ("GHS 3,000/month"), link, unsubscribe. */
    priceDrop: (title: string, was: string, now: string, link: string, stopLink: string) => string;
  };
};
