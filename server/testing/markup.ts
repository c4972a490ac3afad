import { createRequire } from 'node:module';

/**
 * HTML and XML parsed as a browser or a crawler would (jsdom), for tests that read what the
 * server wrote. jsdom ships no types and only these two calls are needed, so they are typed
 * here rather than adding @types/jsdom.
 */
type Jsdom = {
  JSDOM: new (html?: string) => { window: { document: Document; DOMParser: typeof DOMParser } };
};
const { JSDOM } = createRequire(import.meta.url)('jsdom') as Jsdom;

export function parseHtml(html: string): Document {
  return new JSDOM(html).window.document;
}

/** The document, or an error naming the problem if the text is not well-formed XML. */
export function parseXml(xml: string): Document {
  const document = new new JSDOM().window.DOMParser().parseFromString(xml, 'application/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return document;
}

/** A Content-Security-Policy header as directive name → its sources. */
export function cspDirectives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}
