import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { SegmentedMessage } from 'sms-segments-calculator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationKinds } from '#common/deliveries';
import { listingGoneCauses, viewingSteps } from '#common/viewings';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { serverNotificationTemplates } from '../features';
import { createTestApp, deliveriesSettled } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { startProviderStandIn } from '../testing/sms-stand-in';
import { parseMail, startSmtpServer } from '../testing/smtp';
import { AppError } from './app-error';
import { renderEmail, renderSms, smsDraft } from './notification-templates';
import {
  createNotifier,
  notificationLocales,
  type Notification,
  type NotificationLocale,
  type NotificationOf,
  type NotificationPayloads,
  type NotifierDeps,
  type SmsOutcome,
  type SmsProvider,
} from './notifier';
import { listOutbox } from './outbox';
import { asWritten, isOneSegment } from './sms-fit';
import { createTwilioProvider } from './sms/twilio';
import { localStorage } from './storage';

const code = '493817';
const link = 'https://abode.example/verify-email?email=ana%40example.com&code=493817';
const hostileName = '<img src=x onerror="alert(1)"> & Co';

/** What the app's notifier renders with: every feature's templates. */
const templates = serverNotificationTemplates();

function fakeLog() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function notifier(overrides: Partial<NotifierDeps> & { smtpUrl?: string } = {}) {
  const log = fakeLog();
  const { smtpUrl, ...rest } = overrides;
  const config = testConfig({
    smtpUrl,
    mailFrom: 'Abode <no-reply@abode.example>',
    publicUrl: 'https://abode.example',
  });
  return {
    log,
    notifier: createNotifier({ db: database.db, config, log, templates, ...rest }),
  };
}

async function outboxFor(recipient: string) {
  return (await listOutbox(database.db, 200)).filter((m) => m.recipient === recipient);
}

/** A port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('notifier over SMTP', () => {
  it('sends the e-mail in the reader’s language, as text and HTML, escaping the name', async () => {
    const smtp = await startSmtpServer();
    try {
      const { notifier: m } = notifier({ smtpUrl: smtp.url });
      await m.email(
        'ana@example.com',
        { kind: 'email-verification', firstName: hostileName, code, link },
        'es',
      );

      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.to).toEqual(['ana@example.com']);
      expect(mail!.from).toBe('no-reply@abode.example');
      const parsed = parseMail(mail!.raw);
      expect(parsed.from).toBe('Abode <no-reply@abode.example>');
      expect(parsed.headers.get('to')).toBe('ana@example.com');
      expect(parsed.subject).toBe('Tu código de verificación de Abode');

      expect(parsed.text).toContain(`Hola, ${hostileName}:`);
      expect(parsed.text).toContain(`Tu código de verificación es ${code}. Caduca en 10 minutos.`);
      expect(parsed.text).toContain(link);

      expect(parsed.html).toContain('<html lang="es"');
      expect(parsed.html).toContain(
        'Hola, &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Co:',
      );
      expect(parsed.html).not.toContain('<img');
      expect(parsed.html).toContain(`<a href="${link.replaceAll('&', '&amp;')}"`);
      expect(parsed.html).toContain('Verificar mi correo');
      expect(parsed.html).toContain(code);
      // Nothing outside the message: no remote images or fonts.
      expect(parsed.html).not.toMatch(/<img|<link|@import|url\(/);

      expect(await outboxFor('ana@example.com')).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it('answers AppError unavailable when the SMTP server cannot be reached, and logs why', async () => {
    const { notifier: m, log } = notifier({
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
    });
    const sending = m.email(
      'kofi@example.com',
      { kind: 'password-reset', firstName: 'Kofi', link },
      'en',
    );
    await expect(sending).rejects.toBeInstanceOf(AppError);
    await expect(sending).rejects.toMatchObject({
      code: 'message_not_sent',
      statusCode: 503,
      message: 'We could not send the message. Please try again shortly.',
    });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ kind: 'password-reset' });
    expect(log.error.mock.calls[0]![0].err).toBeInstanceOf(Error);
    expect(JSON.stringify(log.error.mock.calls)).not.toContain(link);
    expect(await outboxFor('kofi@example.com')).toEqual([]);
  });
});

describe('notifier without SMTP_URL', () => {
  it('keeps the e-mail in the outbox with both bodies, and logs a line without the code or link', async () => {
    const { notifier: m, log } = notifier();
    await m.email(
      'yaw@example.com',
      { kind: 'email-verification', firstName: 'Yaw', code, link },
      'fr',
    );

    const [stored] = await outboxFor('yaw@example.com');
    expect(stored).toMatchObject({
      channel: 'email',
      subject: 'Votre code de vérification Abode',
    });
    expect(stored!.textBody).toContain(code);
    expect(stored!.textBody).toContain(link);
    expect(stored!.htmlBody).toContain('<html lang="fr"');
    expect(log.info).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(log.info.mock.calls);
    expect(logged).toContain('outbox');
    expect(logged).not.toContain(code);
    expect(logged).not.toContain('abode.example/verify-email');
  });

  it('keeps text messages in the outbox when there is no SMS provider', async () => {
    const { notifier: m, log } = notifier();
    await m.sms('+233244000001', { kind: 'phone-verification', code }, 'de');

    const [stored] = await outboxFor('+233244000001');
    expect(stored).toMatchObject({
      channel: 'sms',
      subject: null,
      htmlBody: null,
      textBody: `Ihr Abode-Code lautet ${code}. Er ist 10 Minuten lang gültig.`,
    });
    expect(JSON.stringify(log.info.mock.calls)).not.toContain(code);
  });
});

describe('notifier with an SMS provider', () => {
  /** A provider that answers `outcome` and notes what it was asked to send. */
  function fakeProvider(outcome: SmsOutcome) {
    const sent: [string, string][] = [];
    const smsProvider: SmsProvider = {
      name: 'fake',
      send: async (to, text) => {
        sent.push([to, text]);
        return outcome;
      },
    };
    return { sent, smsProvider };
  }

  it('hands the localized text to the provider and keeps nothing', async () => {
    const { sent, smsProvider } = fakeProvider({ kind: 'delivered', reason: 'queued' });
    const { notifier: m, log } = notifier({ smsProvider });
    await m.sms('+233244000002', { kind: 'phone-verification', code }, 'zh');

    expect(sent).toEqual([['+233244000002', `您的 Abode 验证码是 ${code}，10 分钟内有效。`]]);
    expect(await outboxFor('+233244000002')).toEqual([]);
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('answers AppError message_not_sent when the provider throws', async () => {
    const smsProvider: SmsProvider = {
      name: 'broken',
      send: async () => {
        throw new Error('provider down');
      },
    };
    const { notifier: m, log } = notifier({ smsProvider });
    await expect(
      m.sms('+233244000003', { kind: 'phone-verification', code }, 'en'),
    ).rejects.toMatchObject({ code: 'message_not_sent', statusCode: 503 });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.error.mock.calls)).not.toContain(code);
  });

  it('retry later: message_not_sent (503) with the provider’s Retry-After, logged as a warning', async () => {
    const { smsProvider } = fakeProvider({
      kind: 'retry-later',
      reason: 'HTTP 429: Too Many Requests',
      retryAfterSeconds: 30,
    });
    const { notifier: m, log } = notifier({ smsProvider });
    const sending = m.sms('+233244000004', { kind: 'phone-verification', code }, 'en');

    await expect(sending).rejects.toBeInstanceOf(AppError);
    await expect(sending).rejects.toMatchObject({
      code: 'message_not_sent',
      statusCode: 503,
      options: { retryAfterSeconds: 30 },
    });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({
      provider: 'fake',
      reason: 'HTTP 429: Too Many Requests',
    });
    expect(log.error).not.toHaveBeenCalled();
    expect(await outboxFor('+233244000004')).toEqual([]);
  });

  it('retry later for an operator (keys, sender, balance): message_not_sent, logged as an error', async () => {
    const { smsProvider } = fakeProvider({
      kind: 'retry-later',
      reason: 'HTTP 401 error 20003: Authenticate',
      needsOperator: true,
    });
    const { notifier: m, log } = notifier({ smsProvider });
    await expect(
      m.sms('+233244000005', { kind: 'phone-verification', code }, 'en'),
    ).rejects.toMatchObject({ code: 'message_not_sent', statusCode: 503 });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![1]).toMatch(/operator/);
    expect(JSON.stringify(log.error.mock.calls)).not.toContain(code);
  });

  it('a permanent failure: phone_invalid (400), logged as a warning', async () => {
    const { smsProvider } = fakeProvider({
      kind: 'permanent-failure',
      reason: '406 UserInBlacklist',
    });
    const { notifier: m, log } = notifier({ smsProvider });
    await expect(
      m.sms('+233244000006', { kind: 'phone-verification', code }, 'en'),
    ).rejects.toMatchObject({ code: 'phone_invalid', statusCode: 400 });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ reason: '406 UserInBlacklist' });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a real driver against a stand-in: a number Twilio rejects is phone_invalid', async () => {
    const accountSid = 'AC0123456789abcdef0123456789abcdef';
    const standIn = await startProviderStandIn(() => ({
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
    }));
    try {
      const smsProvider = createTwilioProvider({
        accountSid,
        authToken: 'fedcba9876543210fedcba9876543210',
        from: 'Abode',
        baseUrl: standIn.baseUrl,
      });
      const { notifier: m } = notifier({ smsProvider });
      await expect(
        m.sms('+233244000007', { kind: 'phone-verification', code }, 'en'),
      ).rejects.toMatchObject({ code: 'phone_invalid' });
      expect(standIn.received[0]!.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    } finally {
      await standIn.close();
    }
  });
});

describe('smsAvailable', () => {
  const delivered: SmsProvider = {
    name: 'fake',
    send: async () => ({ kind: 'delivered', reason: 'ok' }),
  };
  function notifierIn(isProduction: boolean, smsProvider?: SmsProvider) {
    return createNotifier({
      db: database.db,
      config: testConfig({ isProduction, nodeEnv: isProduction ? 'production' : 'test' }),
      log: fakeLog(),
      smsProvider,
      templates,
    });
  }

  it('is true with a provider, and outside production (the outbox stands in)', () => {
    expect(notifierIn(true, delivered).smsAvailable).toBe(true);
    expect(notifierIn(false, delivered).smsAvailable).toBe(true);
    expect(notifierIn(false).smsAvailable).toBe(true);
  });

  it('is false in production without a provider', () => {
    expect(notifierIn(true).smsAvailable).toBe(false);
  });
});

// Each kind's own rendering is tested beside its feature
// (server/features/*/notifications.test.ts); here, what all kinds share.
describe('notification templates', () => {
  const context = { forgotPasswordUrl: 'https://abode.example/forgot-password' };

  it('makes no link of an address that is not http(s)', () => {
    const email = renderEmail(
      templates,
      { kind: 'password-reset', firstName: 'Ama', link: 'javascript:alert(1)' },
      'en',
      context,
    );
    expect(email.html).not.toContain('href="javascript:');
  });

  it('greets without a name when there is none', () => {
    expect(
      renderEmail(templates, { kind: 'password-changed', firstName: '  ' }, 'en', context).text,
    ).toMatch(/^Hello,\n/);
  });

  it('refuses to render a kind no template is given for, saying where templates come from', () => {
    const notification: Notification = { kind: 'password-changed', firstName: 'Ama' };
    const { 'password-changed': _changed, ...others } = templates;
    expect(() => renderEmail(others, notification, 'en', context)).toThrow(
      /No template renders notifications of kind "password-changed".*plugin's `notifications`/,
    );
    expect(() => renderSms(others, notification, 'en', context)).toThrow(/password-changed/);
  });
});

// Every kind's text message in every language (issue 51), with words as long as real ones and
// with the letters GSM-7 lacks (ê, ç, ó, í, “”, „“): one segment each, by one rule
// (sms-fit.ts). The text as written when it goes as one segment so; else all of it in GSM-7
// (Chinese, which has no GSM-7 spelling, stays UCS-2 within 70 characters); never half of each.
describe('text messages of every kind', () => {
  const context = { forgotPasswordUrl: 'https://abode.com.gh/forgot-password' };
  /** Links as SMS carry them: short ones, or an address of the site. */
  const link = 'abode.com.gh/l/Ab3dEf9h';
  const stop = 'abode.com.gh/l/Xy3dEf9k';

  type Words = {
    title: string;
    name: string;
    reason: string;
    search: string;
    subject: string;
    body: string;
  };
  const longWords: Record<NotificationLocale, Words> = {
    en: {
      title:
        'Spacious “executive” three-bedroom townhouse — pool, garden and a lagoon view in East Legon',
      name: 'Kwabena',
      reason:
        'The photos show another house: the kitchen, the garden and the front do not match the description.',
      search: 'Furnished apartments near the University of Ghana, Legon, under GH₵5,000',
      subject: 'Question about my deposit',
      body: 'Hello, I paid the deposit by MoMo yesterday but the listing still says it’s available…',
    },
    fr: {
      title:
        'Appartement lumineux près de la plage à Labadi, façade rénovée, fenêtres côté mer, cœur de ville',
      name: 'Hélène',
      reason:
        'Les photos ne montrent pas le logement décrit : la façade, la cuisine équipée et la chambre côté jardin diffèrent.',
      search: 'Appartements meublés près de l’Université du Ghana à Legon, à moins de GH₵5 000',
      subject: 'Question sur le dépôt de garantie',
      body: 'Bonjour, j’ai payé l’acompte hier par MoMo mais l’annonce est toujours « disponible »…',
    },
    es: {
      title:
        'Apartamento luminoso cerca de la playa de Labadi, con balcón, jardín, cocina equipada y vista al océano',
      name: 'Ramón',
      reason:
        'Las fotos no muestran la vivienda descrita: la fachada, la cocina y la habitación del jardín no coinciden.',
      search:
        'Apartamentos amueblados cerca de la Universidad de Ghana en Legón, por menos de GH₵5.000',
      subject: 'Pregunta sobre la fianza',
      body: 'Hola, ayer pagué la señal por MoMo pero el anuncio todavía aparece como «disponible»…',
    },
    de: {
      title:
        'Helle Wohnung nahe dem Strand von Labadi mit großem Balkon, Garten, Einbauküche und Blick aufs Meer',
      name: 'Jürgen',
      reason:
        'Die Fotos zeigen nicht die beschriebene Wohnung: Fassade, Küche und Gartenzimmer stimmen nicht überein.',
      search: 'Möblierte Wohnungen nahe der University of Ghana in Legon, unter GH₵5.000',
      subject: 'Frage zur Kaution',
      body: 'Hallo, ich habe die Anzahlung gestern per MoMo bezahlt, aber das Inserat ist noch „verfügbar“…',
    },
    zh: {
      title: '拉巴迪海滩附近明亮的三居室公寓，带大阳台、花园、全套厨房和海景，步行可达市中心',
      name: '李娜',
      reason: '照片与描述的房屋不符：外立面、厨房和朝向花园的卧室都与房源信息不一致。',
      search: '莱贡加纳大学附近的带家具公寓，5,000 塞地以下',
      subject: '关于押金的问题',
      body: '您好，我昨天通过 MoMo 支付了定金，但房源仍显示为可租……',
    },
  };
  const shortWords: Record<NotificationLocale, Words> = {
    en: {
      title: 'Osu studio',
      name: 'Ama',
      reason: 'Blurry photos.',
      search: 'Osu',
      subject: 'Hi',
      body: 'A question.',
    },
    fr: {
      title: 'Gîte à Osu',
      name: 'Zoé',
      reason: 'Photos floues.',
      search: 'Osu',
      subject: 'Dépôt',
      body: 'Une question.',
    },
    es: {
      title: 'Ático en Osu',
      name: 'Inés',
      reason: 'Fotos borrosas.',
      search: 'Osu',
      subject: 'Fianza',
      body: 'Una pregunta.',
    },
    de: {
      title: 'Wohnung in Osu',
      name: 'Jörg',
      reason: 'Unscharfe Fotos.',
      search: 'Osu',
      subject: 'Kaution',
      body: 'Eine Frage.',
    },
    zh: {
      title: '奥苏公寓',
      name: '李娜',
      reason: '照片模糊。',
      search: '奥苏',
      subject: '押金',
      body: '一个问题。',
    },
  };

  /** Every kind, each way its SMS reads (a kind without any fails the test after these). */
  function samples(w: Words): Notification[] {
    const rent = { price: 12_500, currency: 'GH₵', period: 'month' as const };
    const viewing = {
      firstName: 'Ama',
      otherName: w.name,
      title: w.title,
      address: 'Labadi, Accra',
      place: {
        streetAddress: '12 Oxford Street',
        ghanaPostGps: 'GA-123-4567',
        latitude: 5.556,
        longitude: -0.182,
      },
      viewingId: '00000000-0000-4000-8000-000000000001',
      // A Saturday in December: "sáb", "déc.", "Sa." in the words of the time.
      startsAt: '2026-12-05T10:30:00+00:00',
      endsAt: '2026-12-05T11:00:00+00:00',
      timeZone: 'Africa/Accra',
      link,
    };
    const step = {
      ...viewing,
      byMe: false,
      suggestedStartsAt: null,
      cause: null,
      calendar: null,
      at: '2026-11-28T12:00:00Z',
    };
    const all: { [K in keyof NotificationPayloads]?: NotificationOf<K>[] } = {
      'email-verification': [
        { kind: 'email-verification', firstName: w.name, code: '493817', link },
      ],
      'phone-verification': [{ kind: 'phone-verification', code: '493817' }],
      'password-reset': [{ kind: 'password-reset', firstName: w.name, link }],
      'password-reset-code': [{ kind: 'password-reset-code', code: '493817' }],
      'password-changed': [{ kind: 'password-changed', firstName: w.name }],
      'listing-approved': [
        {
          kind: 'listing-approved',
          firstName: w.name,
          title: w.title,
          link: 'https://abode.com.gh/dashboard',
        },
      ],
      'listing-rejected': [
        {
          kind: 'listing-rejected',
          firstName: w.name,
          title: w.title,
          reason: w.reason,
          link: 'https://abode.com.gh/dashboard',
        },
      ],
      'listing-changes-rejected': [
        {
          kind: 'listing-changes-rejected',
          firstName: w.name,
          title: w.title,
          reason: w.reason,
          link: 'https://abode.com.gh/dashboard',
        },
      ],
      'listing-hidden-for-reports': [
        { kind: 'listing-hidden-for-reports', firstName: w.name, title: w.title, link },
      ],
      'listing-removed': [
        { kind: 'listing-removed', firstName: w.name, title: w.title, reason: w.reason, link },
      ],
      'report-outcome': [
        { kind: 'report-outcome', firstName: w.name, title: w.title, removed: true },
        { kind: 'report-outcome', firstName: w.name, title: w.title, removed: false },
      ],
      'verification-decided': [
        {
          kind: 'verification-decided',
          firstName: w.name,
          verification: 'identity',
          approved: true,
          reason: null,
          link,
        },
        {
          kind: 'verification-decided',
          firstName: w.name,
          verification: 'agent_licence',
          approved: false,
          reason: w.reason,
          link,
        },
      ],
      'listing-confirm-reminder': [
        {
          kind: 'listing-confirm-reminder',
          firstName: w.name,
          title: w.title,
          availableLink: link,
          rentedLink: stop,
          expiresOn: '2026-12-30',
        },
      ],
      'saved-search-alert': [
        {
          kind: 'saved-search-alert',
          firstName: w.name,
          searchName: w.search,
          count: 1,
          listings: [{ ...rent, title: w.title, city: 'Accra', link }],
          searchLink: link,
          unsubscribeLink: stop,
          manageLink: 'https://abode.com.gh/account/saved-searches',
        },
        {
          kind: 'saved-search-alert',
          firstName: w.name,
          searchName: w.search,
          count: 7,
          listings: [],
          searchLink: link,
          unsubscribeLink: stop,
          manageLink: 'https://abode.com.gh/account/saved-searches',
        },
      ],
      'favorite-price-drop': [
        {
          kind: 'favorite-price-drop',
          firstName: w.name,
          title: w.title,
          was: rent,
          now: { ...rent, price: 9_800 },
          link,
          unsubscribeLink: stop,
          manageLink: 'https://abode.com.gh/search?saved=true',
        },
      ],
      'listing-expired': [{ kind: 'listing-expired', firstName: w.name, title: w.title, link }],
      'video-ready': [
        {
          kind: 'video-ready',
          firstName: w.name,
          name: w.title,
          link: 'https://abode.com.gh/user/videos',
        },
      ],
      'inbox-message': [
        { kind: 'inbox-message', source: 'support', subject: w.subject, body: w.body, fields: [] },
      ],
      'inbox-reply': [
        {
          kind: 'inbox-reply',
          name: w.name,
          subject: w.subject,
          reply: w.body,
          original: w.body,
          writtenAt: '2026-12-05T10:00:00Z',
          supportUrl: 'https://abode.com.gh/support',
          replyTo: 'support@abode.com.gh',
        },
      ],
      'unread-messages': [
        {
          kind: 'unread-messages',
          firstName: 'Ama',
          senderName: w.name,
          title: w.title,
          count: 2,
          excerpt: null,
          link,
          settingsLink: link,
        },
        {
          kind: 'unread-messages',
          firstName: 'Ama',
          senderName: null,
          title: w.title,
          count: 1,
          excerpt: null,
          link,
          settingsLink: link,
        },
      ],
      'viewing-step': [
        ...viewingSteps.map((s) => ({ kind: 'viewing-step' as const, ...step, step: s })),
        { kind: 'viewing-step', ...step, step: 'confirmed', calendarLink: stop },
        ...listingGoneCauses.map((cause) => ({
          kind: 'viewing-step' as const,
          ...step,
          step: 'cancelled' as const,
          cause,
        })),
      ],
      'viewing-reminder': [
        { kind: 'viewing-reminder', ...viewing, when: 'evening' },
        { kind: 'viewing-reminder', ...viewing, when: 'soon' },
      ],
      'viewing-no-show': [{ kind: 'viewing-no-show', ...viewing }],
      'review-invitation': [
        { kind: 'review-invitation', firstName: w.name, title: w.title, link, phoneNeeded: false },
      ],
      'review-decision': [
        {
          kind: 'review-decision',
          firstName: w.name,
          title: w.title,
          hidden: true,
          reason: w.reason,
        },
        { kind: 'review-decision', firstName: w.name, title: w.title, hidden: false, reason: null },
      ],
      'notice-digest': [
        {
          kind: 'notice-digest',
          counts: { viewings: 3, messages: 12, reviews: 2, listings: 1, alerts: 4 },
          cap: 10,
          link,
          settingsLink: link,
        },
      ],
    };
    return Object.values(all).flat() as Notification[];
  }

  const cases = notificationLocales.flatMap((locale) =>
    (['long', 'short'] as const).flatMap((length) =>
      samples((length === 'long' ? longWords : shortWords)[locale]).map(
        (notification, index) =>
          [locale, length, `${notification.kind} #${index}`, notification] as const,
      ),
    ),
  );

  it.each(cases)(
    '%s, %s words, %s: one segment, accents all or none',
    (locale, _length, _name, notification) => {
      const text = renderSms(templates, notification, locale, context);
      const message = new SegmentedMessage(text);
      expect(message.segmentsCount, text).toBe(1);
      // The same text always comes out the same.
      expect(renderSms(templates, notification, locale, context)).toBe(text);
      const written = asWritten(smsDraft(templates, notification, locale, context));
      if (isOneSegment(written)) {
        // Accents, guillemets and curly quotes kept where one segment allows them.
        expect(text).toBe(written);
      } else if (locale === 'zh') {
        expect(message.encodingName, text).toBe('UCS-2');
        expect(message.numberOfCharacters, text).toBeLessThanOrEqual(70);
      } else {
        // None of them else: no word keeps an accent another lost.
        expect(message.getNonGsmCharacters(), text).toEqual([]);
        expect(message.encodingName, text).toBe('GSM-7');
      }
    },
  );

  it('has samples of every kind', () => {
    const kinds = new Set(cases.map(([, , , notification]) => notification.kind));
    expect([...kinds].sort()).toEqual([...notificationKinds].sort());
  });

  it('meets both ways in every language: texts kept as written, and texts fitted', () => {
    for (const locale of notificationLocales) {
      const written = cases
        .filter(([l]) => l === locale)
        .map(([, , , notification]) =>
          isOneSegment(asWritten(smsDraft(templates, notification, locale, context))),
        );
      expect(written, locale).toContain(true);
      expect(written, locale).toContain(false);
    }
  });
});

describe('the app', () => {
  it('has one notifier for its routes, the outbox one by default', async () => {
    const { app, database: appDatabase } = await createTestApp();
    await app.notifier.email(
      'app@example.com',
      { kind: 'password-changed', firstName: 'Ama' },
      'en',
    );
    await deliveriesSettled(appDatabase.db);
    const [stored] = await listOutbox(appDatabase.db, 10);
    expect(stored).toMatchObject({
      recipient: 'app@example.com',
      subject: 'Your Abode password was changed',
    });
    expect(stored!.textBody).toContain('/forgot-password');
  });

  it('builds the provider SMS_PROVIDER names when it is given none', async () => {
    const build = (sms: Config['sms']) =>
      buildApp({
        config: testConfig({ isProduction: true, nodeEnv: 'production', sms }),
        db: database.db,
        storage: localStorage('/nonexistent'),
        webRoot: '/nonexistent',
      });
    // Building sends nothing: the providers only talk when a message goes out.
    for (const sms of [
      {
        provider: 'twilio',
        accountSid: 'AC0123456789abcdef0123456789abcdef',
        authToken: 'fedcba9876543210fedcba9876543210',
        from: 'Abode',
      },
      {
        provider: 'africastalking',
        username: 'abode',
        apiKey: 'atsk_0123456789abcdef0123456789abcdef',
        senderId: 'Abode',
      },
      { provider: 'none' },
    ] as const) {
      const app = await build(sms);
      try {
        expect(app.notifier.smsAvailable).toBe(sms.provider !== 'none');
      } finally {
        await app.close();
      }
    }
  });

  it('queues each message, then hands it to the notifier it is given', async () => {
    const given = {
      smsAvailable: true,
      email: vi.fn(async () => undefined),
      sms: vi.fn(async () => undefined),
    };
    const app = await buildApp({
      config: testConfig(),
      db: database.db,
      storage: localStorage('/nonexistent'),
      webRoot: '/nonexistent',
      notifier: given,
    });
    try {
      const message = { kind: 'password-changed', firstName: 'Ama' } as const;
      const id = await app.notifier.sms('+233241234567', message, 'fr');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await vi.waitFor(
        () => expect(given.sms).toHaveBeenCalledWith('+233241234567', message, 'fr'),
        { timeout: 10_000 },
      );
      expect(given.email).not.toHaveBeenCalled();
    } finally {
      await app.close();
    }
  });
});
