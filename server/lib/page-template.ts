import { PAGE_STATE_ELEMENT_ID } from '#common/page-render';

/**
 * The built index.html cut where each page's own head goes (title, description, share cards,
 * structured data), so that serving a page joins three strings instead of parsing HTML.
 *
 * The anchors are the tags web/index.html already has for the Vite dev server: its <title>
 * and <meta name="description">. Every tag the server writes per page is taken out of the
 * template (with any copy a later edit of index.html might add), so a page never says them
 * twice. The new head goes where the first of them was, and never after a script, a
 * stylesheet or a preload: crawlers and link previews read the head before any script runs,
 * and some stop reading early.
 */
const perPageTags: RegExp[] = [
  /<title\b[^>]*>[\s\S]*?<\/title\s*>/gi,
  /<meta\b[^>]*\bname\s*=\s*["']?(?:description|robots|twitter:[^"'\s>]*)["']?[^>]*>/gi,
  /<meta\b[^>]*\bproperty\s*=\s*["']?og:[^"'\s>]*["']?[^>]*>/gi,
  /<link\b[^>]*\brel\s*=\s*["']?canonical["']?[^>]*>/gi,
  /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>[\s\S]*?<\/script\s*>/gi,
];
/** What the head must come before (but not the per-page tags themselves). */
const firstResource =
  /<(?:script\b(?![^>]*application\/ld\+json)|link\b(?![^>]*\bcanonical\b)|style\b)/i;

/** A page's body rendered on the server (server/lib/page-render.ts). */
export type RenderedBody = {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The JSON state the browser hydrates from, already safe inside a `<script>` element. */
  state: string;
  /** The language the body is written in: the document's `lang`. */
  language: string;
  /**
   * The script the page starts with instead of the app's entry (a visitor's page: the boot
   * script, decision 030), or null for the app's own.
   */
  script?: string | null;
};

export type PageTemplate = {
  /**
   * The page with these head tags (one per line) in place of the template's own (null: the
   * template's own), and with the body rendered on the server, when there is one.
   */
  render(tags: readonly string[] | null, body?: RenderedBody | null): string;
  /** Whether index.html had its title where the head goes (a test guards the anchors). */
  readonly hasAnchor: boolean;
  /** Whether index.html has the empty `<div id="root"></div>` a rendered body goes in. */
  readonly hasRoot: boolean;
};

/** The app's mount point as web/index.html writes it, empty until the app renders. */
const ROOT_ELEMENT = '<div id="root"></div>';
const HTML_LANG = /<html\b[^>]*>/i;

type Range = { start: number; end: number };

export function pageTemplate(html: string): PageTemplate {
  const open = /<head\b[^>]*>/i.exec(html);
  const close = open ? html.slice(open.index).search(/<\/head\s*>/i) : -1;
  if (!open || close < 0) {
    return {
      render: (_tags, body) => (body ? withRenderedBody(html, body) : html),
      hasAnchor: false,
      hasRoot: html.includes(ROOT_ELEMENT),
    };
  }
  const headStart = open.index + open[0].length;
  const headEnd = open.index + close;
  const head = html.slice(headStart, headEnd);

  // Each tag goes with its indentation and line break, so no blank line is left behind.
  const found: Range[] = perPageTags
    .flatMap((tag) => [...head.matchAll(new RegExp(`[ \\t]*${tag.source}[ \\t]*\\r?\\n?`, 'gi'))])
    .map((match) => ({
      start: headStart + match.index,
      end: headStart + match.index + match[0].length,
    }))
    .sort((a, b) => a.start - b.start);
  const removed = merge(found);

  const resource = head.search(firstResource);
  const beforeResources = resource < 0 ? headEnd : lineStart(html, headStart + resource);
  const charset = /<meta\b[^>]*\bcharset\b[^>]*>[ \t]*\r?\n?/i.exec(head);
  const fallback = charset ? headStart + charset.index + charset[0].length : headStart;
  const anchor = removed[0]?.start;
  const at = Math.min(anchor ?? fallback, beforeResources);

  const indent = /^[ \t]*/.exec(html.slice(lineStart(html, at)))![0];
  const atLineStart = lineStart(html, at) === at;
  const before = cut(html, 0, at, removed);
  const after = cut(html, at, html.length, removed);
  return {
    hasAnchor: anchor !== undefined && anchor <= beforeResources,
    hasRoot: html.includes(ROOT_ELEMENT),
    render(tags, body) {
      const lines = tags?.map((tag) => `${indent}${tag}\n`).join('');
      const page =
        lines === undefined
          ? html
          : atLineStart
            ? before + lines + after
            : `${before}\n${lines}${after}`;
      return body ? withRenderedBody(page, body) : page;
    },
  };
}

/**
 * The template's two halves with a server-rendered body: its HTML in the root element, the
 * state right after it (JSON, which no CSP blocks: it is never run), the document's language.
 * Replacements are functions, so a `$` in a listing's text is not read as a pattern.
 */
function withRenderedBody(page: string, body: RenderedBody): string {
  if (!page.includes(ROOT_ELEMENT)) return page;
  const lang = `lang="${body.language.replace(/[^a-zA-Z-]/g, '')}"`;
  return withScript(page, body.script ?? null)
    .replace(HTML_LANG, (tag) =>
      /\blang\s*=/.test(tag)
        ? tag.replace(/\blang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/, () => lang)
        : tag.replace(/>$/, () => ` ${lang}>`),
    )
    .replace(
      ROOT_ELEMENT,
      () =>
        `<div id="root">${body.html}</div>\n` +
        `    <script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${body.state}</script>`,
    );
}

/** The app's entry scripts, and the modules it preloads, each with its line. */
const MODULE_SCRIPT =
  /[ \t]*<script\b[^>]*\btype\s*=\s*["']?module["']?[^>]*>\s*<\/script\s*>[ \t]*\r?\n?/gi;
const MODULE_PRELOAD = /[ \t]*<link\b[^>]*\brel\s*=\s*["']?modulepreload["']?[^>]*>[ \t]*\r?\n?/gi;

/**
 * The page starting with `script` instead of the app's entry: the first module script becomes
 * it, the others and the app's module preloads go (a visitor's page downloads none of the app
 * until it is needed, decision 030). The stylesheet stays: the page's HTML needs it.
 */
function withScript(page: string, script: string | null): string {
  if (!script || !/^\/[\w./-]+\.js$/.test(script)) return page;
  let first = true;
  return page.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, (tag) => {
    if (!first) return '';
    first = false;
    const indent = /^[ \t]*/.exec(tag)![0];
    return `${indent}<script type="module" crossorigin src="${script}"></script>\n`;
  });
}

function lineStart(text: string, index: number): number {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  return /^[ \t]*$/.test(text.slice(start, index)) ? start : index;
}

function merge(ranges: Range[]): Range[] {
  const merged: Range[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** text[from, to) without the removed ranges. */
function cut(text: string, from: number, to: number, removed: Range[]): string {
  let result = '';
  let position = from;
  for (const range of removed) {
    if (range.end <= position || range.start >= to) continue;
    result += text.slice(position, Math.max(position, range.start));
    position = Math.min(to, range.end);
  }
  return result + text.slice(position, to);
}
