import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '#common/auth';
import type { AlertChannel } from '#common/saved-searches';
import { paths } from '../../paths';

/**
 * Which channels can carry this user's alerts: the server refuses (403) a channel whose
 * address is not verified, so the forms offer it disabled, with the way to verify it.
 */
export function usableChannels(user: User): Record<AlertChannel, boolean> {
  return {
    email: Boolean(user.email) && user.emailVerified,
    sms: Boolean(user.phone) && user.phoneVerified,
  };
}

/** E-mail unless only the phone can take alerts (many renters here sign up by phone). */
export function defaultChannel(user: User): AlertChannel {
  return user.phoneVerified && !user.emailVerified ? 'sms' : 'email';
}

/**
 * Why a channel is off, and a link to the account settings, where the address is added and
 * verified: an account without that address at all (many sign up by phone alone) is told to
 * add one (issue 34), one with an unverified address the server's own words for that refusal.
 */
export function ChannelHint({
  channel,
  user,
  id,
}: {
  channel: AlertChannel;
  user: User;
  id?: string;
}) {
  const { t } = useTranslation();
  const address = channel === 'sms' ? user.phone : user.email;
  const reason = !address
    ? t(channel === 'sms' ? 'savedSearches.channel.addPhone' : 'savedSearches.channel.addEmail')
    : t(
        channel === 'sms'
          ? 'errors.saved_search_needs_verified_phone'
          : 'errors.saved_search_needs_verified_email',
      );
  // Reason and link on lines of their own: no punctuation to join them in five languages.
  return (
    <p id={id} className="grid justify-items-start gap-0.5 text-xs text-muted-foreground">
      <span>{reason}</span>
      <Link
        to={paths.accountSettings()}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('nav.accountSettings')}
      </Link>
    </p>
  );
}
