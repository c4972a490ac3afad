/**
 * What every language's file of notification-strings/ must say: the words all e-mails share (the
 * greeting, the footer, the link fallback, the code sentence). A feature's own words are beside
 * its templates (server/features/<name>/notifications.ts), each with its own type.
 */
export type SharedStrings = {
  hello: (firstName: string) => string;
  linkFallback: string;
  footer: string;
  codeIs: (code: string) => string;
};
