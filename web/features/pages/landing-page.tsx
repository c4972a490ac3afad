import {
  Briefcase,
  Building2,
  GraduationCap,
  Home,
  Plane,
  ShieldCheck,
  Users,
  Wrench,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { paths } from '../../paths';
import { Hero } from './hero';

/**
 * The page signed-out visitors get at / (spec): hero with search, promise, the listings
 * (featured, else available) and the count of listers (issue 50: counted, not "500+"), both
 * passed in by the route so this chunk stays small, calls to action.
 */
export default function LandingPage({
  listings,
  listerCount,
}: {
  listings?: ReactNode;
  listerCount?: ReactNode;
}) {
  const { t } = useTranslation();

  const browse = [
    {
      to: paths.search({ propertyType: 'apartment' }),
      icon: Building2,
      title: t('nav.apartments'),
      text: t('landing.apartmentsText'),
    },
    {
      to: paths.search({ propertyType: 'house' }),
      icon: Home,
      title: t('nav.houses'),
      text: t('landing.housesText'),
    },
    {
      to: paths.search({ category: 'student' }),
      icon: GraduationCap,
      title: t('nav.studentHostels'),
      text: t('landing.hostelsText'),
    },
    {
      to: paths.services(),
      icon: Wrench,
      title: t('nav.services'),
      text: t('landing.servicesText'),
    },
  ];
  const audiences = [
    { icon: GraduationCap, title: t('landing.students'), text: t('landing.studentsText') },
    { icon: Briefcase, title: t('landing.corporate'), text: t('landing.corporateText') },
    { icon: Plane, title: t('landing.tourists'), text: t('landing.touristsText') },
  ];

  return (
    <>
      <Hero
        eyebrow={t('landing.eyebrow')}
        title={t('landing.title')}
        subtitle={t('landing.subtitle')}
        listPropertyTo={paths.register({ userType: 'property_professional' })}
      />

      <section className="border-b border-border bg-white" aria-label={t('landing.statsLabel')}>
        <dl className="mx-auto grid max-w-7xl gap-6 px-4 py-8 text-center sm:grid-cols-3 sm:px-6">
          <div>
            <dt className="text-sm text-muted-foreground">{t('landing.landlordsLabel')}</dt>
            <dd className="text-3xl font-bold text-primary">{listerCount}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t('landing.reviewLabel')}</dt>
            <dd className="text-3xl font-bold text-primary">{t('landing.reviewValue')}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t('landing.contactLabel')}</dt>
            <dd className="text-3xl font-bold text-primary">{t('landing.contactValue')}</dd>
          </div>
        </dl>
      </section>

      {listings}

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 className="text-2xl font-bold sm:text-3xl">{t('landing.browseTitle')}</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {browse.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="flex h-full flex-col gap-2 rounded-xl border border-border p-5 transition hover:border-primary hover:shadow-md"
              >
                <item.icon className="size-8 text-primary" aria-hidden />
                <span className="text-lg font-semibold">{item.title}</span>
                <span className="text-sm text-muted-foreground">{item.text}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <Button asChild variant="outline">
            <Link to={paths.search()}>{t('landing.viewAll')}</Link>
          </Button>
        </div>
      </section>

      <section className="bg-zinc-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <h2 className="text-2xl font-bold sm:text-3xl">{t('landing.audienceTitle')}</h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {audiences.map((item) => (
              <li key={item.title} className="rounded-xl bg-white p-6 shadow-sm">
                <item.icon className="size-7 text-accent" aria-hidden />
                <h3 className="mt-3 text-lg font-semibold">{item.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto grid max-w-7xl gap-8 px-4 py-14 sm:px-6 md:grid-cols-2 md:items-center">
        <div>
          <h2 className="text-2xl font-bold sm:text-3xl">{t('landing.ownersTitle')}</h2>
          <p className="mt-3 text-muted-foreground">{t('landing.ownersText')}</p>
          <ul className="mt-4 grid gap-2 text-sm">
            <li className="flex items-center gap-2">
              <ShieldCheck className="size-5 text-primary" aria-hidden />
              {t('landing.ownersPoint1')}
            </li>
            <li className="flex items-center gap-2">
              <Users className="size-5 text-primary" aria-hidden />
              {t('landing.ownersPoint2')}
            </li>
          </ul>
        </div>
        <div className="flex flex-wrap gap-3 md:justify-end">
          <Button asChild size="lg">
            <Link to={paths.register({ userType: 'property_professional' })}>
              {t('nav.listProperty')}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.search()}>{t('landing.findProperty')}</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
