import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/**
 * Wording the walk through every screen in five languages asked for (issue 34): one form of
 * address per language, units written the language's way, and sentences that end.
 */
type Tree = { [key: string]: string | Tree | Tree[] | string[] };

function flatten(tree: unknown, prefix = '', into = new Map<string, string>()) {
  if (typeof tree === 'string') into.set(prefix, tree);
  else if (tree && typeof tree === 'object')
    for (const [key, value] of Object.entries(tree as Tree))
      flatten(value, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

const localesDir = path.dirname(new URL(import.meta.url).pathname);
/** Every text of a language: the first pages', the screens' and the legal pages'. */
function texts(language: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const dir of ['', 'screens', 'legal']) {
    const file = path.join(localesDir, dir, `${language}.json`);
    for (const [key, text] of flatten(JSON.parse(fs.readFileSync(file, 'utf8'))))
      all.set(`${dir || 'translation'}:${key}`, text);
  }
  return all;
}

const matching = (language: string, pattern: RegExp) =>
  [...texts(language)]
    .filter(([, text]) => pattern.test(text))
    .map(([key, text]) => `${key}: ${text}`);

describe('one form of address per language', () => {
  it('German says "Sie" throughout: no du, dich, dir, dein… nor a du-imperative', () => {
    // "Versuche" alone is also the plural noun ("Zu viele Versuche"): only "versuche es" tells.
    const du =
      /(?<![\p{L}-])(du|dich|dir|dein\w*|versuche es|gib|sieh|tippe|lade|prüfe|fordere|öffne|melde|erstelle|finde|inseriere|nimm|warte|hast|bist|kannst)(?![\p{L}-])/iu;
    expect(matching('de', du)).toEqual([]);
  });

  it('Spanish says "tú" throughout: no usted, nor its imperatives and "le avisaremos"', () => {
    // "su"/"sus" alone also mean "its"/"their" (a listing's photos): only the forms that can
    // only be said to the reader tell.
    const usted =
      /(?<!\p{L})(usted|ustedes|inténtelo|verifique|gestione|elimine|abra|pulse|busque|renuévelo|cámbielos|introduzca|compruebe|le (avisaremos|enviaremos|hemos enviado)|(tiene|puede) guardar|sus? (búsquedas?|alertas|respuesta))(?!\p{L})/iu;
    expect(matching('es', usted)).toEqual([]);
  });
});

describe('words that mean what the screen does', () => {
  it('German "Available by" is free on or before the date, not until it', () => {
    const label = texts('de').get('translation:searchPage.availableBy');
    expect(label).toBe('Frei spätestens am');
  });

  it('Chinese writes hours as 小时, never an "h" after a number', () => {
    expect(matching('zh', /\d\s*h\b/)).toEqual([]);
    expect(texts('zh').get('translation:landing.reviewValue')).toBe('24–48 小时');
  });
});

describe('the verify page’s sentences end', () => {
  const sentences = [
    'emailSentTo',
    'phoneSentTo',
    'codeHint',
    'verifiedSubtitle',
    'emailVerified',
    'phoneVerified',
    'emailAlreadyVerified',
    'phoneAlreadyVerified',
    'noEmail',
    'noPhone',
    'verificationError',
    'signedOut',
    'tryAgainIn',
    'resendWait',
    'resendPhoneFailed',
    'resendEmailFailed',
    'tooManyRequests',
    'checkEmailText',
    'emailCodeResent',
    'phoneCodeResent',
    'tooManyCodes',
    'delivery.retrying',
    'delivery.failed',
  ];
  it.each(['en', 'fr', 'es', 'de', 'zh'])('in %s', (language) => {
    const all = texts(language);
    const unended = sentences
      .map((key) => `screens:verify.${key}`)
      .filter((key) => !/[.。…]$/.test(all.get(key) ?? ''));
    expect(unended).toEqual([]);
  });
});

/** A language's texts as the app reads them (plurals chosen by `count`, the screens' namespace). */
async function translator(language: string) {
  const read = (dir: string) =>
    JSON.parse(fs.readFileSync(path.join(localesDir, dir, `${language}.json`), 'utf8'));
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: { translation: read(''), screens: read('screens') } },
    fallbackNS: 'screens',
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

// Issue 51: what a French, Spanish or German reader misread.
describe('counts that read right', () => {
  it('a rating is out of 5, beside how many viewings it rests on', async () => {
    const rated = { rating: '4,0', count: 3 };
    expect((await translator('fr'))('reviews.summary', rated)).toBe('4,0 sur 5 · 3 visites');
    expect((await translator('es'))('reviews.summary', rated)).toBe('4,0 de 5 · 3 visitas');
    expect((await translator('de'))('reviews.summary', rated)).toBe('4,0 von 5 · 3 Besichtigungen');
    expect((await translator('fr'))('property.reviews', { count: 1 })).toBe('sur 5 · 1 visite');
    expect((await translator('en'))('reviews.summary', { rating: '4.0', count: 3 })).toBe(
      '4.0 from 3 viewings',
    );
  });

  it('one saved search, one signed-in visitor, in the singular', async () => {
    const fr = await translator('fr');
    expect(fr('savedSearches.page.count', { count: 1, max: 20 })).toBe(
      '1 recherche enregistrée sur 20',
    );
    expect(fr('savedSearches.page.count', { count: 2, max: 20 })).toBe(
      '2 recherches enregistrées sur 20',
    );
    const conversion = { registered: '1', visitors: '30', rate: '3,3 %' };
    expect(fr('analytics.insights.conversion', { ...conversion, count: 1 })).toContain(
      '1 visiteur unique sur 30 était connecté',
    );
    expect(
      fr('analytics.insights.conversion', { ...conversion, registered: '4', count: 4 }),
    ).toContain('4 visiteurs uniques sur 30 étaient connectés');
    expect(
      (await translator('en'))('analytics.insights.conversion', { ...conversion, count: 1 }),
    ).toContain('1 of 30 unique visitors was signed in');
  });
});

describe('Spanish chips and reports (issue 51)', () => {
  it('says “reporte” and “reportar”, never the police’s “denuncia”', () => {
    expect(matching('es', /denunci/i)).toEqual([]);
  });

  it.each([
    'translation:dashboard.status',
    'translation:listingForm.status',
    'screens:admin.status',
    'translation:reports.admin.outcome',
  ])('%s speaks of its listings in one gender', (family) => {
    const words = [...texts('es')]
      .filter(([key]) => key.startsWith(`${family}.`))
      .flatMap(
        ([, text]) => text.toLowerCase().match(/\p{L}+(?:ad|id)[oa]s?\b|\bocult[oa]s?\b/gu) ?? [],
      );
    const genders = new Set(words.map((word) => word.replace(/s$/, '').slice(-1)));
    expect(words.length, family).toBeGreaterThan(0);
    expect([...genders], `${family}: ${words.join(', ')}`).toHaveLength(1);
  });
});
