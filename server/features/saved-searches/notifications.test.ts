import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { languageCodes } from '#common/languages';
import { renderSms, type TemplateContext } from '../../lib/notification-templates';
import { alertNotifications } from './notifications';

// The alerts' text messages (notifications.ts) as the notifier renders them (lib/sms-fit.ts keeps
// them to one segment).
const context: TemplateContext = { forgotPasswordUrl: 'https://abode.com.gh/forgot-password' };

// Alerts (issue 21) stay one segment whatever the title or the search's name: the variable part
// is shortened, the links (short links without https://, as production sends them) are kept.
describe.each(languageCodes)('the alert SMS in %s', (locale) => {
  const link = 'abode.com.gh/l/Ab3dEf9h';
  const stop = 'abode.com.gh/l/Xy3dEf9k';
  const title = 'Spacious “executive” three-bedroom townhouse — pool, garden and a lagoon view';
  const rent = { price: 12_500, currency: 'GH₵', period: 'month' as const };
  const texts = {
    one: renderSms(
      alertNotifications,
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
      alertNotifications,
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
      alertNotifications,
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
      alertNotifications,
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
