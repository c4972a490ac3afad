import type { ReactNode } from 'react';

/**
 * A message's text as written (issue 37): line breaks kept (the paragraph's white-space),
 * addresses shown as links that open apart from Abode, never previewed or fetched. No markup
 * is ever read from a message: everything else is text.
 */
const addressPattern = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
// Punctuation that ends a sentence, not an address ("see www.example.com.").
const trailing = /[.,;:!?)\]'"]+$/;

export function MessageText({ body }: { body: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of body.matchAll(addressPattern)) {
    const found = match[0].replace(trailing, '');
    const start = match.index;
    if (start > last) parts.push(body.slice(last, start));
    const href = found.toLowerCase().startsWith('www.') ? `https://${found}` : found;
    parts.push(
      <a
        key={start}
        href={href}
        target="_blank"
        rel="noopener nofollow ugc"
        className="break-all underline"
      >
        {found}
      </a>,
    );
    last = start + found.length;
  }
  if (last < body.length) parts.push(body.slice(last));
  return <p className="whitespace-pre-line [overflow-wrap:anywhere]">{parts}</p>;
}
