import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { asWritten, fitSms, gsmSpelling, isGsm7, shortenable } from './sms-fit';

// The one rule of every text message (issue 51): as written where one segment allows it, else
// all of it in GSM-7, then shortened; every kind's SMS in every language is rendered in
// notifier.test.ts ("text messages of every kind").

const segments = (text: string) => new SegmentedMessage(text).segmentsCount;

describe('the GSM-7 spelling of a text', () => {
  it('keeps the letters GSM-7 has, as sms-segments-calculator reads its table', () => {
    const kept = 'é è à ù ì ò ñ Ñ ä ö ü Ä Ö Ü ß É Ç Å å Æ æ Ø ø ¿ ¡ £ € [ ] { } ~';
    expect(isGsm7(kept)).toBe(true);
    expect(gsmSpelling(kept)).toBe(kept);
  });

  it('takes the accents off the letters GSM-7 lacks, in French, Spanish and German', () => {
    expect(gsmSpelling('fenêtre, façade, côté, maître, août, Noël, naïf, cœur, Œuvre')).toBe(
      'fenetre, facade, coté, maitre, aout, Noel, naif, coeur, OEuvre',
    );
    expect(gsmSpelling('balcón, jardín, está, menú, Ático, ÁÍÓÚ, pingüino, niño')).toBe(
      'balcon, jardin, esta, menu, Atico, AIOU, pingüino, niño',
    );
    expect(gsmSpelling('Straße, Küche, Größe, È, Ê, Ë')).toBe('Straße, Küche, Größe, E, E, E');
    // "ç" is not in GSM-7 ("Ç" is): it loses its cedilla, its capital keeps it.
    expect(isGsm7('ç')).toBe(false);
    expect(gsmSpelling('Ça reçu')).toBe('Ça recu');
  });

  it('writes the letters of Ghana’s languages as they are written without them', () => {
    expect(gsmSpelling('Ɔsɛe, Aŋlɔ, Ɛwe, ɖevi, ƒe, ɣe, ʋu')).toBe(
      'Osee, Anlo, Ewe, devi, fe, ge, vu',
    );
    // A tone mark on ɛ has no letter of its own: it goes with the others.
    expect(gsmSpelling('ɛ\u0301 ɔ\u0300')).toBe('e o');
  });

  it('reads decomposed letters as the letters they are', () => {
    expect(gsmSpelling('Cafe\u0301 fene\u0302tre')).toBe('Café fenetre');
  });

  it('turns typography into its look-alikes: quotes, guillemets, dashes, spaces, the cedi', () => {
    expect(gsmSpelling('« Villa » n’est pas „frei“ — “Top”… 30\u00a0min · GH₵ 500, ₵20')).toBe(
      '"Villa" n\'est pas "frei" - "Top"... 30 min - GHS 500, GHS20',
    );
  });

  it('leaves what has no GSM-7 spelling as it is: Chinese, an emoji', () => {
    expect(gsmSpelling('拉巴迪“海景”公寓 🏖️')).toBe('拉巴迪"海景"公寓 🏖️');
  });
});

describe('fitSms', () => {
  const link = 'abode.com.gh/l/Ab3dEf9h';
  const approved = (title: string) => `Abode : « ${title} » est prête. ${link}`;

  it('keeps a text as written when it goes as one segment so, UCS-2 within 70', () => {
    const text = fitSms(shortenable(approved, 'Gîte à Osu'));
    expect(text).toBe('Abode : « Gîte à Osu » est prête. abode.com.gh/l/Ab3dEf9h');
    expect(new SegmentedMessage(text).encodingName).toBe('UCS-2');
    expect(segments(text)).toBe(1);
  });

  it('else spells all of it in GSM-7, its own words too, before shortening the variable', () => {
    const title = 'Appartement lumineux près de la plage, façade rénovée, fenêtres côté mer';
    const text = fitSms(shortenable(approved, title));
    // Whole in GSM-7 (160), where as written (70) it would have lost most of the title.
    expect(text).toBe(
      'Abode : "Appartement lumineux près de la plage, facade rénovée, fenetres coté mer" est prete. abode.com.gh/l/Ab3dEf9h',
    );
    expect(new SegmentedMessage(text).getNonGsmCharacters()).toEqual([]);
  });

  it('shortens the variable parts alike with "..." once even GSM-7 does not hold them', () => {
    const long = 'Apartamento luminoso cerca de la playa, con balcón, jardín y vista al océano';
    const text = fitSms(
      shortenable(
        (title, reason) => `Abode: «${title}» no fue aprobado: ${reason} ${link}`,
        long,
        long,
      ),
    );
    expect(segments(text)).toBe(1);
    expect(new SegmentedMessage(text).encodingName).toBe('GSM-7');
    expect(text.length).toBeGreaterThan(150);
    const [title, reason] = [...text.matchAll(/Apartamento[^"]*?\.\.\./g)].map(([m]) => m);
    expect(title).toBe(reason);
    expect(text).not.toMatch(/[óíá«»]/);
  });

  it('keeps Chinese as written, UCS-2, shortened to 70', () => {
    const text = fitSms(
      shortenable(
        (title) => `Abode：“${title}”已通过审核。${link}`,
        '拉巴迪海滩附近明亮的三居室公寓，带大阳台、花园、全套厨房和海景，步行可达市中心，近大学',
      ),
    );
    expect(segments(text)).toBe(1);
    expect(text).toMatch(/^Abode：“拉巴迪.*\.\.\.”已通过审核。abode\.com\.gh\/l\/Ab3dEf9h$/);
  });

  it('keeps a text with no GSM-7 spelling (an emoji) as written, and never cuts a character', () => {
    const title = `Gîte côté mer ${'🏖️🏠'.repeat(30)}`;
    const text = fitSms(shortenable(approved, title));
    expect(segments(text)).toBe(1);
    // No half of a character: a lone surrogate would not survive UTF-8.
    expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
    expect(text).toMatch(/^Abode : « Gîte côté mer (🏖️|🏠)+\.\.\. » est prête\./);
  });

  it('tries its drafts in turn: the first that goes as one segment', () => {
    const named = shortenable((title) => `Abode：${'名'.repeat(60)}就“${title}”发来消息`, '公寓');
    const unnamed = shortenable((title) => `Abode：“${title}”有新消息`, '公寓');
    expect(fitSms([named, unnamed])).toBe('Abode：“公寓”有新消息');
    expect(fitSms([unnamed, named])).toBe('Abode：“公寓”有新消息');
  });

  it('applies the rule to a text with nothing to shorten, and says what was written', () => {
    const written = 'Abode : votre identité est vérifiée. Connectez-vous pour voir votre badge.';
    expect(fitSms(written)).toBe(written);
    const longer = `${written} Les locataires le voient sur vos annonces, à côté de votre nom.`;
    expect(fitSms(longer)).toBe(gsmSpelling(longer));
    expect(fitSms(longer)).toContain('à coté');
    expect(asWritten(shortenable(approved, 'Gîte'))).toBe(approved('Gîte'));
  });
});
