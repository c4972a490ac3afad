import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth/api';
import { HeroSearchForm } from './hero-search-form';

/**
 * The home of signed-in users (spec, home): a greeting with the search form, the listings
 * (featured, else available, else the empty state; passed in by the route so this chunk
 * stays small) and the way to list a property.
 */
export default function HomePage({ listings }: { listings: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const name = user?.firstName.trim();

  return (
    <>
      <section className="bg-gradient-to-br from-teal-800 via-teal-700 to-emerald-700 text-white">
        <div className="mx-auto max-w-7xl px-4 pb-12 pt-10 sm:px-6 md:pt-14">
          <h1 className="max-w-3xl text-3xl font-extrabold tracking-tight sm:text-4xl">
            {name ? t('home.welcome', { name }) : t('home.welcomeNoName')}
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-teal-50">{t('home.subtitle')}</p>
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
              <Link to={paths.listProperty()}>{t('nav.listProperty')}</Link>
            </Button>
          </div>
        </div>
      </section>
      {listings}
    </>
  );
}
