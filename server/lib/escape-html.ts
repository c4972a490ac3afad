/**
 * Text made safe to put between tags or inside a quoted attribute, in HTML and in XML alike
 * (e-mails, the page head, the sitemap): the five characters that could end a text or an
 * attribute, or start a tag or an entity, become entities.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
