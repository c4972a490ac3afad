import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { languageCodes } from '#common/languages';
import { renderSms, type TemplateContext } from './message-templates';

// A text message longer than one segment costs two and may arrive in pieces on a cheap phone.
// Sign-up stands on the code SMS, so in every language it stays one segment: GSM-7 (160
// characters) where the language's letters allow, UCS-2 (70) for Chinese (issue 18). One
// letter outside GSM-7 (ó, a no-break space) turns the whole text into UCS-2.
const context: TemplateContext = { forgotPasswordUrl: 'https://abode.com.gh/forgot-password' };

describe.each(languageCodes)('the verification code SMS in %s', (locale) => {
  const text = renderSms({ kind: 'phone-verification', code: '123456' }, locale, context);
  const message = new SegmentedMessage(text);

  it('is one segment', () => {
    expect(message.segmentsCount, text).toBe(1);
  });

  it(locale === 'zh' ? 'is UCS-2 within 70 characters' : 'is GSM-7 within 160 characters', () => {
    if (locale === 'zh') {
      expect(message.numberOfCharacters, text).toBeLessThanOrEqual(70);
    } else {
      expect(message.getNonGsmCharacters(), text).toEqual([]);
      expect(message.encodingName, text).toBe('GSM-7');
      expect(message.numberOfCharacters, text).toBeLessThanOrEqual(160);
    }
  });

  it('holds the code', () => {
    expect(text).toContain('123456');
  });
});

// A phone-only account resets its password with a code sent by SMS (issue 34): one segment in
// every language, like the verification code.
describe.each(languageCodes)('the password reset code SMS in %s', (locale) => {
  const text = renderSms({ kind: 'password-reset-code', code: '123456' }, locale, context);
  const message = new SegmentedMessage(text);

  it(locale === 'zh' ? 'is one UCS-2 segment (70 characters)' : 'is one GSM-7 segment', () => {
    expect(message.segmentsCount, text).toBe(1);
    if (locale === 'zh') {
      expect(message.numberOfCharacters, text).toBeLessThanOrEqual(70);
    } else {
      expect(message.getNonGsmCharacters(), text).toEqual([]);
      expect(message.encodingName, text).toBe('GSM-7');
    }
  });

  it('holds the code and says it is for a password reset, not a verification', () => {
    expect(text).toContain('123456');
    expect(text).not.toBe(
      renderSms({ kind: 'phone-verification', code: '123456' }, locale, context),
    );
  });
});

// Alerts (issue 21) stay one segment whatever the title or the search's name: the variable part
// is shortened, the links (short links without https://, as production sends them) are kept.
describe.each(languageCodes)('the alert SMS in %s', (locale) => {
  const link = 'abode.com.gh/l/Ab3dEf9h';
  const stop = 'abode.com.gh/l/Xy3dEf9k';
  const title = 'Spacious “executive” three-bedroom townhouse — pool, garden and a lagoon view';
  const rent = { price: 12_500, currency: 'GH₵', period: 'month' as const };
  const texts = {
    one: renderSms(
      {
        kind: 'saved-search-alert',
        firstName: 'Ama',
        searchName: 'Accra 2+',
        count: 1,
        listings: [{ ...rent, title, city: 'Accra', link }],
        searchLink: link,
        unsubscribeLink: stop,
        manageLink: 'https://abode.com.gh/account/saved-searches',
      },
      locale,
      context,
    ),
    digest: renderSms(
      {
        kind: 'saved-search-alert',
        firstName: 'Ama',
        searchName: 'Furnished apartments near the University of Ghana, Legon, under GH₵5,000',
        count: 7,
        listings: [],
        searchLink: link,
        unsubscribeLink: stop,
        manageLink: 'https://abode.com.gh/account/saved-searches',
      },
      locale,
      context,
    ),
    drop: renderSms(
      {
        kind: 'favorite-price-drop',
        firstName: 'Ama',
        title,
        was: rent,
        now: { ...rent, price: 9_800 },
        link,
        unsubscribeLink: stop,
        manageLink: 'https://abode.com.gh/search?saved=true',
      },
      locale,
      context,
    ),
  };

  it('keeps a default name whole where it fits (its middle dots become GSM-7)', () => {
    const text = renderSms(
      {
        kind: 'saved-search-alert',
        firstName: 'Ama',
        searchName: 'Accra · 2+ bedrooms',
        count: 3,
        listings: [],
        searchLink: link,
        unsubscribeLink: stop,
        manageLink: 'https://abode.com.gh/account/saved-searches',
      },
      locale,
      context,
    );
    if (locale !== 'zh') expect(text).toContain('Accra - 2+ bedrooms');
    expect(new SegmentedMessage(text).segmentsCount, text).toBe(1);
  });

  it.each(Object.entries(texts))('%s is one segment with both links', (_kind, text) => {
    expect(new SegmentedMessage(text).segmentsCount, text).toBe(1);
    expect(text).toContain(link);
    expect(text).toContain(stop);
  });
});
