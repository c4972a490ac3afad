import { Award, IdCard, Mail, Phone, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserType } from '#common/auth-rules';
import type { ListerBadges as Badges } from '#common/verifications';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';
import { paths } from '../../paths';

/**
 * The lister's badges (issue 19): what Abode checked about the person behind a listing. The
 * words match the safety advice beside the contact button (safety-advice.tsx). Plain text and
 * an icon each: cards are on first pages with a JavaScript budget (docs/performance.md).
 */

type BadgeName = keyof Badges;

const badge: Record<
  BadgeName,
  { icon: LucideIcon; key: 'identity' | 'agent' | 'phone' | 'email' }
> = {
  identityVerified: { icon: IdCard, key: 'identity' },
  licensedAgent: { icon: Award, key: 'agent' },
  phoneVerified: { icon: Phone, key: 'phone' },
  emailVerified: { icon: Mail, key: 'email' },
};

/** What our team checked by hand comes first; a code sent to an address, after. */
const order: BadgeName[] = ['identityVerified', 'licensedAgent', 'phoneVerified', 'emailVerified'];
/**
 * A card has room for the two a renter cannot check alone; e-mail and phone, which most
 * listers have, would only crowd it. The listing's page shows all of them.
 */
const onCards: BadgeName[] = ['identityVerified', 'licensedAgent'];

/** On a card: the checked-by-hand badges the lister earned; nothing when none. */
export function CardListerBadges({ lister }: { lister: Badges }) {
  const { t } = useTranslation();
  const earned = onCards.filter((name) => lister[name]);
  if (earned.length === 0) return null;
  return (
    <ul aria-label={t('property.lister.badges')} className="flex flex-wrap gap-1.5">
      {earned.map((name) => {
        const { icon: Icon, key } = badge[name];
        return (
          <li key={name}>
            <Badge variant="soft">
              <Icon aria-hidden />
              {t(`property.lister.${key}`)}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * On the listing's page: every badge, earned or not, and in a line what an earned one means.
 * The agent's licence only for agents (or a lister who has one): an owner needs none.
 */
export function ListerBadgeList({
  lister,
  ownerUserType,
  className,
}: {
  /** With its handle, the list links to the lister's page (issue 40). */
  lister: Badges & { handle?: string };
  ownerUserType: UserType;
  className?: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const shown = order.filter(
    (name) => name !== 'licensedAgent' || lister.licensedAgent || ownerUserType === 'agent',
  );
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-semibold">
        {t('property.lister.title')}
      </h2>
      <ul className="mt-3 grid gap-3">
        {shown.map((name) => {
          const { icon: Icon, key } = badge[name];
          const earned = lister[name];
          return (
            <li key={name} className="flex items-start gap-3">
              <Icon
                aria-hidden
                className={cn('mt-0.5 size-5 shrink-0', earned ? 'text-primary' : 'text-zinc-400')}
              />
              <div>
                <p
                  className={cn('font-medium', earned ? 'text-zinc-900' : 'text-muted-foreground')}
                >
                  {earned ? t(`property.lister.${key}`) : t(`property.lister.${key}Missing`)}
                </p>
                {earned ? (
                  <p className="text-sm text-muted-foreground">{t(`property.lister.${key}Text`)}</p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {lister.handle ? (
        <Link to={paths.lister(lister.handle)} className="mt-3 inline-block text-primary underline">
          {t('reviews.listerPage')}
        </Link>
      ) : null}
    </section>
  );
}
