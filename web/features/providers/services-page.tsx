import { BadgeCheck, Clock, TrendingUp, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { providerCategories, type ProviderCategory } from '#common/providers';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../paths';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth';
import { categoryIcons } from './categories';
import { ProviderDirectory } from './provider-directory';
import { RegistrationDialog } from './registration-dialog';

type View = 'register' | 'directory';
const benefits = [
  { key: 'customers', Icon: Users },
  { key: 'verified', Icon: BadgeCheck },
  { key: 'growth', Icon: TrendingUp },
] as const;

/**
 * Home Maintenance Services (spec): businesses register by trade; signed-in users browse the
 * approved ones. The view is in the address (?view=directory, ?view=register), so it can be
 * shared; without one, a signed-in reader opens on the directory, which is what a renter
 * comes for, and a visitor on registration (the directory needs an account), as do providers
 * arriving from "Register your business" (issue 51).
 */
export default function ServicesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('services.title'));
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view: View =
    asked === 'register'
      ? 'register'
      : (asked === 'directory' || !asked) && user
        ? 'directory'
        : 'register';
  // Who reads decides the first view: nothing is shown before it is known, not the wrong one.
  const deciding = !asked && isLoading;
  const [category, setCategory] = useState<ProviderCategory | null>(null);

  const show = (next: View) => {
    if (isLoading) return;
    if (next === 'directory' && !user) {
      toast({ title: t('services.signInTitle'), description: t('services.signInText') });
      void navigate(paths.register());
      return;
    }
    setParams({ view: next }, { replace: true });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold">{t('services.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('services.tagline')}</p>
      </header>

      <div
        role="group"
        aria-label={t('services.viewLabel')}
        className="my-8 inline-flex rounded-lg bg-muted p-1"
      >
        {(['register', 'directory'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={!deciding && view === option}
            onClick={() => show(option)}
            className="rounded-md px-4 py-2 text-sm font-medium text-zinc-700 aria-pressed:bg-white aria-pressed:text-zinc-900 aria-pressed:shadow-sm"
          >
            {t(`services.views.${option}`)}
          </button>
        ))}
      </div>

      {deciding ? (
        <Spinner />
      ) : view === 'directory' ? (
        <ProviderDirectory />
      ) : (
        <div className="grid gap-10">
          <section aria-labelledby="categories-heading">
            <h2 id="categories-heading" className="text-2xl font-bold">
              {t('services.chooseCategory')}
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
              {providerCategories.map((id) => {
                const Icon = categoryIcons[id];
                return (
                  <li key={id} className="grid">
                    <button
                      type="button"
                      onClick={() => setCategory(id)}
                      className="flex flex-col items-start gap-2 rounded-xl border border-border bg-white p-5 text-left shadow-sm transition hover:border-primary hover:shadow-md"
                    >
                      <span className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary-hover">
                        <Icon className="size-5" aria-hidden />
                      </span>
                      <span className="font-semibold">{t(`services.categories.${id}.name`)}</span>
                      <span className="text-sm text-muted-foreground">
                        {t(`services.categories.${id}.text`)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
          <section aria-labelledby="benefits-heading">
            <h2 id="benefits-heading" className="text-2xl font-bold">
              {t('services.benefits.title')}
            </h2>
            <ul className="mt-4 grid gap-4 md:grid-cols-3">
              {benefits.map(({ key, Icon }) => (
                <li key={key}>
                  <Card className="h-full p-5">
                    <Icon className="size-6 text-primary" aria-hidden />
                    <h3 className="mt-3 font-semibold">{t(`services.benefits.${key}.title`)}</h3>
                    <p className="mt-1 text-sm text-muted-foreground">
                      {t(`services.benefits.${key}.text`)}
                    </p>
                  </Card>
                </li>
              ))}
            </ul>
            <p className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
              <Clock className="size-4" aria-hidden />
              {t('services.reviewNote')}
            </p>
          </section>
        </div>
      )}
      <RegistrationDialog category={category} onClose={() => setCategory(null)} />
    </div>
  );
}
