import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../paths';
import { HeroSearchForm } from '../properties';

/** The green band at the top of home: a heading, the search form and the two ways on. */
export function Hero({
  eyebrow,
  title,
  subtitle,
  listPropertyTo,
}: {
  eyebrow?: string;
  title: ReactNode;
  subtitle: string;
  /** Visitors sign up as listers first; signed-in users go straight to the wizard. */
  listPropertyTo: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="bg-gradient-to-br from-teal-800 via-teal-700 to-emerald-700 text-white">
      <div className="mx-auto max-w-7xl px-4 pb-14 pt-10 sm:px-6 md:pt-16">
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-wider text-teal-100">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
          {title}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-teal-50">{subtitle}</p>
        <div className="mt-8">
          <HeroSearchForm />
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild variant="secondary" size="lg">
            <Link to={paths.search()}>{t('landing.findProperty')}</Link>
          </Button>
          <Button
            asChild
            variant="outline"
            size="lg"
            className="border-white bg-transparent text-white hover:bg-white/10"
          >
            <Link to={listPropertyTo}>{t('nav.listProperty')}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
