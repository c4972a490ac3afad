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
