import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageTemplate } from './page-template';

const tags = ['<title>Page · Abode</title>', '<meta name="description" content="About it" />'];

// What `vite build` makes of web/index.html: the same head, with the entry script and its
// preloads and stylesheet added after the last tag.
const built = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta
      name="description"
      content="Abode: find apartments to rent."
    />
    <meta name="theme-color" content="#0f766e" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Abode: rentals that feel like home</title>
    <script type="module" crossorigin src="/assets/index-rIPqwTbt.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/button-DQdDqKle.js">
    <link rel="stylesheet" crossorigin href="/assets/index-dJLWSejy.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('pageTemplate', () => {
  it('finds its anchors in web/index.html, the source of every build', () => {
    const source = fs.readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    const template = pageTemplate(source);
    expect(template.hasAnchor).toBe(true);
    const page = template.render(tags);
    expect(page).toContain('<title>Page · Abode</title>');
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).toContain('<script type="module" src="/main.tsx"></script>');
  });

  it('puts the head where the static tags were, before every script and stylesheet', () => {
    const page = pageTemplate(built).render(tags);
    const head = page.slice(page.indexOf('<head>'), page.indexOf('</head>'));
    expect(head.split('\n').map((line) => line.trim())).toEqual([
      '<head>',
      '<meta charset="UTF-8" />',
      '<meta name="viewport" content="width=device-width, initial-scale=1" />',
      '<title>Page · Abode</title>',
      '<meta name="description" content="About it" />',
      '<meta name="theme-color" content="#0f766e" />',
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
      '<script type="module" crossorigin src="/assets/index-rIPqwTbt.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/button-DQdDqKle.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-dJLWSejy.css">',
      '',
    ]);
    // Indented like its neighbours; the rest of the file untouched.
    expect(page).toContain('\n    <title>Page · Abode</title>\n    <meta name="description"');
    expect(page.slice(page.indexOf('</head>'))).toBe(built.slice(built.indexOf('</head>')));
  });

  it('drops share tags index.html itself may carry, so none is said twice', () => {
    const html = built.replace(
      '<meta name="theme-color"',
      '<meta property="og:title" content="Static" />\n    <link rel="canonical" href="/" />\n' +
        '    <meta name="twitter:card" content="summary" />\n' +
        '    <script type="application/ld+json">{"@type":"WebSite"}</script>\n' +
        '    <meta name="robots" content="index" />\n    <meta name="theme-color"',
    );
    const page = pageTemplate(html).render(tags);
    expect(page).not.toMatch(/Static|canonical|twitter|ld\+json|robots/);
    expect(page).toContain('<meta name="theme-color"');
  });

  it('never puts the head after a script, wherever the title is', () => {
    const html =
      '<!doctype html><html><head><meta charset="utf-8"><script src="/a.js"></script>' +
      '<title>Late</title></head><body></body></html>';
    const template = pageTemplate(html);
    expect(template.hasAnchor).toBe(false);
    const page = template.render(tags);
    expect(page.indexOf('<title>Page')).toBeLessThan(page.indexOf('<script'));
    expect(page).not.toContain('Late');
  });

  it('answers a file without a head unchanged', () => {
    const template = pageTemplate('<p>not a page</p>');
    expect(template.hasAnchor).toBe(false);
    expect(template.render(tags)).toBe('<p>not a page</p>');
  });

  describe('a body rendered on the server', () => {
    const body = {
      html: '<main><h1>Flat in Osu</h1><p>GH₵2,500 $& $1 $$</p></main>',
      state: '{"url":"/search","language":"fr"}',
      language: 'fr',
    };

    it('goes in the root element, with its state after it and the language on <html>', () => {
      const template = pageTemplate(built);
      expect(template.hasRoot).toBe(true);
      const page = template.render(tags, body);
      // Dollar signs are the listing's text, not replacement patterns.
      expect(page).toContain(`<div id="root">${body.html}</div>`);
      expect(page).toContain(
        `<script type="application/json" id="abode-page-state">${body.state}</script>`,
      );
      expect(page.indexOf('abode-page-state')).toBeGreaterThan(page.indexOf('<div id="root">'));
      expect(page).toContain('<html lang="fr">');
      expect(page).not.toContain('lang="en"');
      expect(page).toContain('<title>Page · Abode</title>');
    });

    it("keeps the template's own head when there is no page head", () => {
      const page = pageTemplate(built).render(null, body);
      expect(page).toContain('<title>Abode: rentals that feel like home</title>');
      expect(page).toContain(`<div id="root">${body.html}</div>`);
    });

    it('adds the language to an <html> that has none, and never writes an odd one', () => {
      const page = pageTemplate(built.replace('<html lang="en">', '<html>')).render(null, {
        ...body,
        language: 'de"><script>',
      });
      expect(page).toContain('<html lang="descript">');
    });

    it("starts a visitor's page with the boot script instead of the app, and keeps the styles (decision 030)", () => {
      const page = pageTemplate(built).render(tags, { ...body, script: '/assets/boot-Ab1_c.js' });
      expect(page).toContain(
        '    <script type="module" crossorigin src="/assets/boot-Ab1_c.js"></script>\n',
      );
      expect(page).not.toContain('index-rIPqwTbt.js');
      expect(page).not.toContain('modulepreload');
      expect(page).toContain(
        '<link rel="stylesheet" crossorigin href="/assets/index-dJLWSejy.css">',
      );
      expect(page.match(/<script type="module"/g)).toHaveLength(1);
      // The app's own script for everyone else; and never a script path that is not one.
      expect(pageTemplate(built).render(tags, { ...body, script: null })).toContain(
        'index-rIPqwTbt.js',
      );
      expect(
        pageTemplate(built).render(tags, { ...body, script: '"><script>alert(1)</script>' }),
      ).toContain('index-rIPqwTbt.js');
    });

    it('leaves a template without an empty root element as it is', () => {
      const template = pageTemplate(built.replace('<div id="root"></div>', '<div id="app"></div>'));
      expect(template.hasRoot).toBe(false);
      expect(template.render(tags, body)).not.toContain(body.html);
    });
  });
});
