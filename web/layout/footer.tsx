import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths';
import { SocialLinkList } from '../components/social-link-list';
import { DataSaverSwitch } from './data-saver-switch';
import { Island } from '../components/island';

export function Footer() {
  const { t } = useTranslation();
  const links = [
    { to: paths.support(), label: t('footer.support') },
    { to: paths.contact(), label: t('footer.contact') },
    // Where plumbers, electricians and builders join the directory (issue 51).
    { to: paths.services('register'), label: t('footer.registerBusiness') },
    { to: paths.termsOfService(), label: t('footer.terms') },
    { to: paths.privacyPolicy(), label: t('footer.privacy') },
  ];
  return (
    <footer className="border-t border-border bg-zinc-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="text-lg font-bold">Abode</p>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.navigation')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-zinc-700 underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-4">
          <SocialLinkList className="text-sm text-zinc-700" label={t('footer.social')} />
          <Island name="data-saver" component={DataSaverSwitch} props={{}} />
        </div>
      </div>
      <p className="pb-6 text-center text-xs text-muted-foreground">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
