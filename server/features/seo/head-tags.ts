import { escapeHtml } from '../../lib/escape-html';
import { SITE_LOCALE, SITE_NAME } from './site';

/** What a page's head says, before it is written as tags. Paths are made absolute there. */
export type PageHead = {
  /** The whole <title>, "… · Abode". */
  title: string;
  description: string;
  /** Path (and query) of the canonical URL; null for pages search engines should not index. */
  canonicalPath: string | null;
  /** A page that is private, or not there: `<meta name="robots" content="noindex">`. */
  noindex: boolean;
  /** The title of share cards (og:title), without the site's name, which og:site_name says. */
  shareTitle: string;
  image: ShareImage | null;
  /** schema.org objects, written as one JSON-LD script each. */
  structuredData: readonly object[];
};

export type ShareImage = { path: string; width?: number; height?: number; alt: string };

/**
 * The head as HTML tags, one per string. Every value is escaped (listing titles and search
 * words are anybody's text), and JSON-LD escapes `<`, so a `</script>` inside a value cannot
 * end the script: the JSON stays data, which the page's CSP does not treat as a script.
 */
export function headTags(head: PageHead, publicUrl: string): string[] {
  const absolute = (path: string) => `${publicUrl}${path}`;
  const meta = (kind: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${kind}="${key}" content="${escapeHtml(String(value))}" />`;
  const url = head.canonicalPath === null ? null : absolute(head.canonicalPath);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
  ];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (url) tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);

  tags.push(
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', SITE_LOCALE),
    meta('property', 'og:title', head.shareTitle),
    meta('property', 'og:description', head.description),
  );
  if (url) tags.push(meta('property', 'og:url', url));
  const image = head.image;
  if (image) {
    tags.push(meta('property', 'og:image', absolute(image.path)));
    if (image.width && image.height) {
      tags.push(
        meta('property', 'og:image:width', image.width),
        meta('property', 'og:image:height', image.height),
      );
    }
    tags.push(meta('property', 'og:image:alt', image.alt));
  }

  tags.push(
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.shareTitle),
    meta('name', 'twitter:description', head.description),
  );
  if (image) {
    tags.push(
      meta('name', 'twitter:image', absolute(image.path)),
      meta('name', 'twitter:image:alt', image.alt),
    );
  }

  for (const data of head.structuredData) {
    tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  }
  return tags;
}

/**
 * JSON that can sit inside a <script> element: `<`, `>` and `&` as \u escapes (still the
 * same JSON), so no `</script>` or `<!--` can appear; U+2028 and U+2029 too, for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
