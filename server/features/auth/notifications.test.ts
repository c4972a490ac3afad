import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { languageCodes } from '#common/languages';
import { renderEmail, renderSms, type TemplateContext } from '../../lib/notification-templates';
import { notificationLocales, type Notification } from '../../lib/notifier';
import { authNotifications } from './notifications';

// Auth's notifications (notifications.ts) as the notifier renders them, in every language.

const code = '493817';
const link = 'https://abode.example/verify-email?email=ana%40example.com&code=493817';

const notifications: Notification[] = [
  { kind: 'email-verification', firstName: 'Ama', code, link },
  { kind: 'phone-verification', code },
  { kind: 'password-reset', firstName: 'Ama', link },
  { kind: 'password-changed', firstName: 'Ama' },
];

describe('auth’s notification templates', () => {
  const context = { forgotPasswordUrl: 'https://abode.example/forgot-password' };

  it.each(notifications.map((notification) => [notification.kind, notification] as const))(
    'renders %s in every language, each in its own words',
    (_kind, notification) => {
      const subjects = new Set<string>();
      const texts = new Set<string>();
      for (const locale of notificationLocales) {
        const email = renderEmail(authNotifications, notification, locale, context);
        subjects.add(email.subject);
        texts.add(email.text);
        expect(email.subject).toContain('Abode');
        expect(email.html).toContain(`<html lang="${locale}"`);
        expect(email.html).toContain(`<title>${email.subject}</title>`);
        expect(email.text).toMatch(/Abode/);
        if ('code' in notification) {
          expect(email.text).toContain(notification.code);
          expect(email.html).toContain(notification.code);
        }
        const target = 'link' in notification ? notification.link : context.forgotPasswordUrl;
        if (notification.kind !== 'phone-verification') {
          expect(email.text).toContain(target);
          expect(email.html).toContain(`href="${target.replaceAll('&', '&amp;')}"`);
        }
        const sms = renderSms(authNotifications, notification, locale, context);
        expect(sms).toContain('Abode');
        if ('code' in notification) {
          expect(sms).toContain(notification.code);
          // One SMS even in UCS-2 (Chinese): 70 characters.
          expect(sms.length).toBeLessThanOrEqual(70);
        }
        if (notification.kind === 'password-reset') expect(sms).toContain(notification.link);
        if (notification.kind === 'password-changed')
          expect(sms).toContain(context.forgotPasswordUrl);
      }
      // Not English with another flag: five different subjects.
      expect(subjects.size).toBe(notificationLocales.length);
      expect(texts.size).toBe(notificationLocales.length);
    },
  );
});

// A text message longer than one segment costs two and may arrive in pieces on a cheap phone.
// Sign-up stands on the code SMS, so in every language it stays one segment: GSM-7 (160
// characters) where the language's letters allow, UCS-2 (70) for Chinese (issue 18). One
// letter outside GSM-7 (ó, a no-break space) turns the whole text into UCS-2.
const context: TemplateContext = { forgotPasswordUrl: 'https://abode.com.gh/forgot-password' };

describe.each(languageCodes)('the verification code SMS in %s', (locale) => {
  const text = renderSms(
    authNotifications,
    { kind: 'phone-verification', code: '123456' },
    locale,
    context,
  );
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
  const text = renderSms(
    authNotifications,
    { kind: 'password-reset-code', code: '123456' },
    locale,
    context,
  );
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
      renderSms(authNotifications, { kind: 'phone-verification', code: '123456' }, locale, context),
    );
  });
});
