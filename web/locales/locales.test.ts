import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validationMessages } from '#common/messages';
import { conversationEventSchema } from '#common/conversations';
import { errorCodes } from '#common/error-codes';
import { listingGoneCauses } from '#common/viewings';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(name, value);
    else for (const [k, v] of flatten(value, name)) keys.set(k, v);
  }
  return keys;
}

const localesDir = path.dirname(new URL(import.meta.url).pathname);
const english = flatten(en as Tree);
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const readTree = (file: string) => flatten(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree);

// The `legal` namespace (privacy policy, terms) lives in locales/legal/<lang>.json, loaded on
// demand; its sections are lists of parts, which flatten to keys like `body.2.ul.0`, so a
// translation with a paragraph or list item more or less fails like a missing key.
const legalDir = path.join(localesDir, 'legal');
const legalEnglish = readTree(path.join(legalDir, 'en.json'));
// The `screens` namespace (locales/screens/<lang>.json): the later screens' texts, loaded with
// them and read through `fallbackNS`, so a key lives in one of the two namespaces, never both.
const screensDir = path.join(localesDir, 'screens');
const screensEnglish = readTree(path.join(screensDir, 'en.json'));

describe.each([
  { namespace: 'translation', dir: localesDir, source: english },
  { namespace: 'screens', dir: screensDir, source: screensEnglish },
  { namespace: 'legal', dir: legalDir, source: legalEnglish },
])('$namespace namespace', ({ dir, source }) => {
  describe.each(['es', 'fr', 'de', 'zh'])('%s translation', (language) => {
    const translated = readTree(path.join(dir, `${language}.json`));

    it('has exactly the keys of the English file', () => {
      expect([...translated.keys()].sort()).toEqual([...source.keys()].sort());
    });

    it('keeps every placeholder and leaves nothing empty', () => {
      for (const [key, text] of source) {
        const other = translated.get(key) ?? '';
        expect(other.trim(), key).not.toBe('');
        expect(placeholders(other), key).toEqual(placeholders(text));
      }
    });
  });
});

// Every refusal the server can send has words in every language (issue 17): a code added to
// common/error-codes.ts without them fails here.
describe.each(['en', 'es', 'fr', 'de', 'zh'])('error codes in %s', (language) => {
  const texts = readTree(path.join(localesDir, `${language}.json`));
  it.each(Object.keys(errorCodes))('%s has a text', (code) => {
    expect(texts.get(`errors.${code}`)?.trim(), code).toBeTruthy();
  });
});

// Every cause a viewing's line or page can carry has its words (issue 51: a listing gone).
describe.each(['en', 'es', 'fr', 'de', 'zh'])('viewing causes in %s', (language) => {
  const texts = readTree(path.join(screensDir, `${language}.json`));
  it.each(conversationEventSchema.shape.cause.unwrap().options)('%s has a line', (cause) => {
    expect(texts.get(`messages.viewing.cause.${cause}`)?.trim(), cause).toBeTruthy();
  });
  it.each(listingGoneCauses)('%s explains the viewing page', (cause) => {
    expect(texts.get(`viewings.explain.cancelledFor.${cause}`)?.trim(), cause).toBeTruthy();
  });
});

describe('English source', () => {
  it("holds each key in one namespace only: the first pages' or the screens'", () => {
    const topLevel = (file: string) => Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')));
    const first = new Set(topLevel(path.join(localesDir, 'en.json')));
    expect(topLevel(path.join(screensDir, 'en.json')).filter((key) => first.has(key))).toEqual([]);
  });

  it('holds every validation message of common/ under validation.*', () => {
    for (const [key, text] of Object.entries(validationMessages)) {
      expect(english.get(`validation.${key}`), key).toBe(text);
    }
  });

  it('holds every error code of common/ under errors.*, in the words of the server', () => {
    for (const [code, { text }] of Object.entries(errorCodes)) {
      expect(english.get(`errors.${code}`), code).toBe(text);
    }
  });

  const webRoot = path.resolve(localesDir, '..');
  const sourceFiles = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return /\.(ts|tsx)$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
    });
  const sources = sourceFiles(webRoot).map((file) => ({
    file,
    text: fs.readFileSync(file, 'utf8'),
  }));

  it('has a key for every literal t("…") and label: "…" key in the web app', () => {
    const missing: string[] = [];
    for (const { file, text } of sources) {
      // A file that reads the legal namespace takes its keys from there.
      const keys = /useTranslation\((LEGAL_NAMESPACE|'legal')\)/.test(text)
        ? legalEnglish
        : new Map([...english, ...screensEnglish]);
      const used = [
        ...text.matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g),
        ...text.matchAll(/\blabel: '([a-zA-Z]+\.[\w.]+)'/g),
      ].map((m) => m[1]!);
      for (const key of used) {
        const plural = keys.has(`${key}_one`) && keys.has(`${key}_other`);
        if (!keys.has(key) && !plural) missing.push(`${path.relative(webRoot, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  // The server's words are English: the app shows an error by its code (lib/server-messages.ts),
  // never the text that came with it, nor text matched back to a key.
  it('shows no server message or error text as it came', () => {
    const readers: string[] = [];
    for (const { file, text } of sources) {
      const relative = path.relative(webRoot, file);
      for (const match of text.matchAll(/\.serverMessage\b|\b(?:error|failure)\.message\b/g)) {
        const line = text.slice(0, match.index).split('\n').length;
        readers.push(`${relative}:${line}: ${match[0]}`);
      }
    }
    expect(readers).toEqual([]);
  });

  it('leaves no English words as literal text in components (brand names aside)', () => {
    const allowed = new Set(['Abode', '500+']);
    const literals: string[] = [];
    for (const { file, text } of sources.filter((s) => s.file.endsWith('.tsx'))) {
      for (const match of text.matchAll(/>\s*([^<>{}]*[A-Za-z][^<>{}]*?)\s*</g)) {
        const literal = match[1]!.trim();
        // Skip TypeScript generics and arrow functions that the pattern can catch.
        if (!literal || allowed.has(literal) || /=>|[()=;|&]|:\s|\bconst\b/.test(literal)) continue;
        literals.push(`${path.relative(webRoot, file)}: "${literal}"`);
      }
    }
    expect(literals).toEqual([]);
  });
});
