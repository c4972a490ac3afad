import type { LanguageCode } from '#common/languages';
import {
  priceText,
  type Block,
  type NotificationTemplates,
} from '../../lib/notification-templates';
import { shortenable, smsPrice } from '../../lib/sms-fit';
import { de } from './notification-strings/de';
import { en } from './notification-strings/en';
import { es } from './notification-strings/es';
import { fr } from './notification-strings/fr';
import { zh } from './notification-strings/zh';

/**
 * The alerts of saved searches and favourites (issue 35: a feature brings its notification kinds):
 * new listings for a saved search (alerts.ts) and a favourite's lower rent (price-drops.ts), each
 * with its unsubscribe link. Their SMS stay one segment (lib/sms-fit.ts). Their words are in
 * notification-strings/, one file per language; the plugin lists the templates in `notifications`.
 */

/** A rent as an alert states it. */
export type AlertRent = { price: number; currency: string; period: 'week' | 'month' | 'year' };

/** A listing as an alert names it. */
export type AlertListing = AlertRent & { title: string; city: string; link: string };

declare module '../../lib/notifier' {
  interface NotificationPayloads {
    /**
     * New listings for a saved search (issue 21): one (instant) or a day's (digest), with a
     * signed one-tap unsubscribe link. For SMS every link is a short one.
     */
    'saved-search-alert': {
      firstName: string;
      searchName: string;
      /** How many new listings; `listings` names the first of them (none in an SMS digest). */
      count: number;
      listings: AlertListing[];
      searchLink: string;
      unsubscribeLink: string;
      /** The RFC 8058 one-click address (https) for List-Unsubscribe; none in older queued jobs. */
      oneClickLink?: string;
      manageLink: string;
    };
    /** A favourite's rent dropped (issue 21): was and is, per its own period. */
    'favorite-price-drop': {
      firstName: string;
      title: string;
      was: AlertRent;
      now: AlertRent;
      link: string;
      unsubscribeLink: string;
      /** The RFC 8058 one-click address (https) for List-Unsubscribe; none in older queued jobs. */
      oneClickLink?: string;
      manageLink: string;
    };
  }
}

/** What each language's file of notification-strings/ says. */
export type AlertStrings = {
  savedSearchAlert: {
    subject: (searchName: string, count: number) => string;
    intro: (searchName: string, count: number) => string;
    periods: Record<'week' | 'month' | 'year', string>;
    view: string;
    seeAll: string;
    stop: string;
    manage: string;
  };
  priceDrop: {
    subject: (title: string) => string;
    dropped: (title: string, was: string, now: string) => string;
    view: string;
  };
  sms: {
    /** One new listing: its title, "GHS 3,500/month", its link, the unsubscribe link. */
    alertOne: (title: string, price: string, link: string, stopLink: string) => string;
    /** Several (the digest): how many, the search's name, the search's link, unsubscribe. */
    alertMany: (count: number, searchName: string, link: string, stopLink: string) => string;
    /** A favourite's rent dropped: title, was, now ("GHS 3,000/month"), link, unsubscribe. */
    priceDrop: (title: string, was: string, now: string, link: string, stopLink: string) => string;
  };
};

const strings: Record<LanguageCode, AlertStrings> = { en, es, fr, de, zh };

export const alertNotifications: NotificationTemplates = {
  'saved-search-alert': {
    email: (message, { locale, shared }) => {
      const a = strings[locale].savedSearchAlert;
      const { count } = message;
      return {
        subject: a.subject(message.searchName, count),
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          { type: 'paragraph', text: a.intro(message.searchName, count) },
          ...message.listings.flatMap((listing): Block[] => [
            {
              type: 'paragraph',
              text: `${listing.title} — ${listing.city} · ${priceText(listing, locale)} / ${a.periods[listing.period]}`,
            },
            { type: 'button', label: a.view, href: listing.link },
          ]),
          ...(count > 1
            ? [{ type: 'button' as const, label: a.seeAll, href: message.searchLink }]
            : []),
          { type: 'link', label: a.stop, href: message.unsubscribeLink },
          { type: 'link', label: a.manage, href: message.manageLink },
        ],
      };
    },
    sms: (message, { locale }) => {
      const s = strings[locale].sms;
      const [only] = message.listings;
      const stop = message.unsubscribeLink;
      if (message.count === 1 && only) {
        const price = `${smsPrice(only, locale)}/${strings[locale].savedSearchAlert.periods[only.period]}`;
        return shortenable((title) => s.alertOne(title, price, only.link, stop), only.title);
      }
      return shortenable(
        (name) => s.alertMany(message.count, name, message.searchLink, stop),
        message.searchName,
      );
    },
  },
  'favorite-price-drop': {
    email: (message, { locale, shared }) => {
      const s = strings[locale];
      const rent = (r: AlertRent) =>
        `${priceText(r, locale)} / ${s.savedSearchAlert.periods[r.period]}`;
      return {
        subject: s.priceDrop.subject(message.title),
        blocks: [
          { type: 'paragraph', text: shared.hello(message.firstName.trim()) },
          {
            type: 'paragraph',
            text: s.priceDrop.dropped(message.title, rent(message.was), rent(message.now)),
          },
          { type: 'button', label: s.priceDrop.view, href: message.link },
          { type: 'link', label: s.savedSearchAlert.stop, href: message.unsubscribeLink },
          { type: 'link', label: s.savedSearchAlert.manage, href: message.manageLink },
        ],
      };
    },
    sms: (message, { locale }) => {
      const periods = strings[locale].savedSearchAlert.periods;
      const rent = (r: AlertRent) => `${smsPrice(r, locale)}/${periods[r.period]}`;
      return shortenable(
        (title) =>
          strings[locale].sms.priceDrop(
            title,
            rent(message.was),
            rent(message.now),
            message.link,
            message.unsubscribeLink,
          ),
        message.title,
      );
    },
  },
};
