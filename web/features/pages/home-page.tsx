import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNewAccount } from '#common/auth';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { Hero } from './hero';

/**
 * The home of signed-in users (spec, home): a greeting with the search form, the listings
 * (featured, else available, else the empty state; passed in by the route so this chunk
 * stays small) and the way to list a property.
 */
export default function HomePage({ listings }: { listings: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const name = user?.firstName.trim();
  const greeting = user && isNewAccount(user) ? 'home.welcomeNew' : 'home.welcome';
  const title = name ? t(greeting, { name }) : t(`${greeting}NoName`);

  return (
    <>
      <Hero title={title} subtitle={t('home.subtitle')} listPropertyTo={paths.listProperty()} />
      {listings}
    </>
  );
}
