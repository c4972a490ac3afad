/**
 * The mailbox an e-mail address reaches, for telling people apart (issue 34): one person's
 * plus-addresses (`ama+1@…`, `ama+2@…`) are one mailbox at every provider that delivers them,
 * and Gmail also ignores dots in the name and answers at googlemail.com. Used to count a
 * listing's reporters, never to refuse a sign-up (a second account for one mailbox stays
 * allowed). Pure, so the server and its tests share it.
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function emailIdentity(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
