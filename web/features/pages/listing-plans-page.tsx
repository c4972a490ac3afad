import { Check } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '#common/money';
import {
  listingPlans,
  SIMULATED_PAYMENT_DELAY_MS,
  type ListingPlan,
  type PlanId,
} from '#common/plans';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { cn } from '../../lib/utils';
import { paths } from '../../paths';
import { useChoosePlan } from '../accounts';
import { useCurrentUser } from '../auth';
import { apiErrorReason } from '../../lib/server-messages';

function PlanCard({
  plan,
  processing,
  busy,
  current,
  onChoose,
}: {
  plan: ListingPlan;
  /** This plan's purchase is under way. */
  processing: boolean;
  /** Some purchase is under way (or the user is still loading): every button waits. */
  busy: boolean;
  /** The signed-in user's plan now. */
  current: boolean;
  onChoose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const name = t(`plans.names.${plan.id}`);
  const headingId = `plan-${plan.id}`;
  const features = [
    plan.properties === null ? t('plans.unlimitedProperties') : null,
    plan.photosPerProperty === null
      ? t('plans.unlimitedPhotos')
      : t('plans.photosUpTo', { limit: plan.photosPerProperty }),
  ].filter((feature): feature is string => feature !== null);

  return (
    <Card
      className={cn(
        'relative flex h-full flex-col p-6',
        plan.mostPopular && 'border-primary ring-2 ring-primary',
      )}
    >
      <section aria-labelledby={headingId} className="flex flex-1 flex-col">
        <div className="flex min-h-7 flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-xl font-semibold">
            {name}
          </h2>
          {current ? (
            <Badge variant="soft">{t('plans.currentPlan')}</Badge>
          ) : plan.mostPopular ? (
            <Badge>{t('plans.mostPopular')}</Badge>
          ) : null}
        </div>
        <p className="mt-4 flex items-baseline gap-1">
          <span className="text-4xl font-bold tracking-tight">
            {formatMoney(plan.price, plan.currency, i18n.language)}
          </span>
          <span className="text-muted-foreground">{t('plans.perMonth')}</span>
        </p>
        <ul className="mt-6 flex-1 space-y-3 text-sm">
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
        <Button
          type="button"
          size="lg"
          variant={plan.mostPopular ? 'default' : 'outline'}
          className="mt-8 w-full"
          disabled={busy}
          onClick={onChoose}
        >
          {processing ? (
            <>
              <Spinner />
              {t('plans.processing')}
            </>
          ) : (
            t('plans.choose', { plan: name })
          )}
        </Button>
      </section>
    </Card>
  );
}

/**
 * /listing-payment: the three monthly listing plans (spec 9). Choosing one is a simulated
 * purchase (spec 4): two seconds of "Processing…" with every plan button disabled, then the
 * choice is recorded on the account (PUT /api/account/plan: it sets the photos per listing;
 * no payment is taken), a success toast, and the listing wizard with ?plan=. Visitors see the
 * plans too; choosing one sends them to sign up first.
 */
export default function ListingPlansPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isLoading } = useCurrentUser();
  const [processing, setProcessing] = useState<PlanId | null>(null);
  const record = useChoosePlan();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useDocumentTitle(t('plans.title'));

  // Leaving the page mid-purchase drops it: no toast and no redirect afterwards.
  useEffect(() => () => clearTimeout(timer.current), []);

  const choose = (plan: ListingPlan) => {
    if (processing) return;
    if (!user) {
      void navigate(paths.register({ action: 'list-property' }));
      return;
    }
    setProcessing(plan.id);
    timer.current = setTimeout(() => {
      record.mutate(plan.id, {
        onSuccess: () => {
          toast({
            title: t('plans.activated'),
            description: t('plans.activatedText', { plan: t(`plans.names.${plan.id}`) }),
          });
          void navigate(paths.listProperty({ plan: plan.id }));
        },
        onError: (error) => {
          setProcessing(null);
          toast({
            title: t('plans.failed'),
            description: apiErrorReason(t, error),
            variant: 'destructive',
          });
        },
      });
    }, SIMULATED_PAYMENT_DELAY_MS);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-10 sm:px-6">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('plans.title')}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{t('plans.subtitle')}</p>
        {!isLoading && !user ? (
          <p className="mt-3 text-sm text-muted-foreground">{t('plans.signUpFirst')}</p>
        ) : null}
      </header>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {listingPlans.map((plan) => (
          <li key={plan.id}>
            <PlanCard
              plan={plan}
              processing={processing === plan.id}
              current={user?.plan === plan.id}
              busy={processing !== null || isLoading}
              onChoose={() => choose(plan)}
            />
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {processing ? t('plans.processing') : ''}
      </p>
    </div>
  );
}
