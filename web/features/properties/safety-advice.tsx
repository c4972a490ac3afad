import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';

/** What each of the lister's badges means, in the order they are earned. */
const badges = ['contact', 'identity', 'agent'] as const;

/**
 * Safety advice for renters (issue 19), where they decide to get in touch: beside the
 * listing's contact button and with the owner's details. The usual rental scam asks for a
 * viewing fee or a deposit for a house that is not the lister's to rent, so paying comes
 * first. Plain text and one icon: the listing page is a first page with a JavaScript budget
 * (docs/performance.md). On a listing's page it also says how many renters who came to a
 * viewing reported being asked for money before it, in the last 90 days (issue 50).
 */
export function SafetyAdvice({
  className,
  askedForMoney = 0,
}: {
  className?: string;
  /** Renters who came and said they were asked for money before the viewing (90 days). */
  askedForMoney?: number;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-lg bg-muted p-4 text-sm text-zinc-700', className)}
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-zinc-900">
        <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden />
        {t('safety.title')}
      </h2>
      {askedForMoney > 0 ? (
        <p role="note" className="mt-2 font-semibold text-amber-900">
          {t('safety.askedForMoney', { count: askedForMoney })}
        </p>
      ) : null}
      <ul className="mt-2 grid list-disc gap-2 pl-5">
        <li>
          <span className="font-semibold text-zinc-900">{t('safety.payment.title')}</span>{' '}
          {t('safety.payment.text')}
        </li>
        <li>
          <span className="font-semibold text-zinc-900">{t('safety.badges.title')}</span>{' '}
          {t('safety.badges.text')}
          <ul className="mt-1 grid list-[circle] gap-1 pl-5">
            {badges.map((badge) => (
              <li key={badge}>{t(`safety.badges.${badge}`)}</li>
            ))}
          </ul>
        </li>
        <li>
          <span className="font-semibold text-zinc-900">{t('safety.report.title')}</span>{' '}
          {t('safety.report.text')}
        </li>
      </ul>
    </section>
  );
}
