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
  const isNew = user ? isNewAccount(user) : false;
  const title = isNew
    ? name
      ? t('home.welcomeNew', { name })
      : t('home.welcomeNewNoName')
    : name
      ? t('home.welcome', { name })
      : t('home.welcomeNoName');

  return (
    <>
      <Hero title={title} subtitle={t('home.subtitle')} listPropertyTo={paths.listProperty()} />
      {listings}
    </>
  );
}
