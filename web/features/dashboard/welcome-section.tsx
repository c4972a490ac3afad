import { BellRing, Heart, Home, Lightbulb, MessageSquare, PlusCircle, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isNewAccount, type User } from '#common/auth';
import { SEARCH_PAGE_SIZE } from '#common/property-enums';
import type { Property } from '#common/properties';
import { ActionLinks } from '../../components/ui/action-links';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/utils';
import { paths } from '../../paths';
import {
  listingImages,
  placeText,
  priceParts,
  PropertyCard,
  PropertyCardSkeleton,
  PropertyImage,
  useFavorites,
  useSearchProperties,
} from '../properties';
import { StatCard } from '../../components/ui/stat-card';
import { useUnreadCount } from '../conversations';

/** Dashboard constants (spec 9): four recommendations, three recently saved. */
export const RECOMMENDED_COUNT = 4;
export const RECENTLY_SAVED_COUNT = 3;
const recommendedQuery = { limit: String(SEARCH_PAGE_SIZE) };

/**
 * Greeting, the ways in, a quick search, what waits for an answer and the reader's activity
 * counts. A renter who lists
 * nothing is not offered lister things (issue 34): no List Property, no count of their own.
 */
export function WelcomeHeader({
  user,
  ownCount,
  host,
  first,
}: {
  user: User;
  ownCount: number | undefined;
  host: boolean;
  /** What comes right after the greeting, before the counts: what waits for an answer. */
  first?: ReactNode;
}) {
  const { t } = useTranslation();
  const favorites = useFavorites();
  const unread = useUnreadCount(true);
  const name = user.firstName.trim() || t('dashboard.fallbackName');

  return (
    <section aria-labelledby="dashboard-greeting">
      <div className="flex flex-col gap-6 rounded-2xl bg-primary-soft/60 p-6 sm:p-8 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1
            id="dashboard-greeting"
            className="break-words text-2xl font-bold tracking-tight sm:text-3xl"
          >
            {t(isNewAccount(user) ? 'dashboard.greetingNew' : 'dashboard.greeting', { name })}
          </h1>
          <p className="mt-2 text-zinc-700">
            {t(host ? 'dashboard.subtitleHost' : 'dashboard.subtitle')}
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Button asChild>
              <Link to={paths.search()}>
                <Search aria-hidden />
                {t('dashboard.findPlace')}
              </Link>
            </Button>
            {host ? (
              <Button asChild variant="outline">
                <Link to={paths.listProperty()}>
                  <PlusCircle aria-hidden />
                  {t('dashboard.listProperty')}
                </Link>
              </Button>
            ) : null}
          </div>
        </div>
        <QuickSearch />
      </div>
      {first}

      <h2 className="sr-only">{t('dashboard.activityTitle')}</h2>
      <dl
        className={cn(
          'mt-6 grid gap-3 sm:gap-4',
          host ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-2',
        )}
      >
        {host ? (
          <StatCard
            compact
            icon={<Home aria-hidden />}
            label={t('dashboard.ownProperties')}
            value={ownCount}
          />
        ) : null}
        <StatCard
          compact
          icon={<Heart aria-hidden />}
          label={t('dashboard.savedProperties')}
          value={favorites.data?.length ?? (favorites.isError ? 0 : undefined)}
        />
        {/* Kept current by the header's live stream (issue 37). */}
        <StatCard
          compact
          icon={<MessageSquare aria-hidden />}
          label={t('dashboard.unreadMessages')}
          value={unread}
        />
      </dl>
    </section>
  );
}

/** A location box that opens the search for it (spec: quick search). */
function QuickSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const location = String(new FormData(event.currentTarget).get('location') ?? '').trim();
    void navigate(paths.search({ location }));
  };
  return (
    <form
      role="search"
      aria-label={t('dashboard.quickSearch')}
      onSubmit={submit}
      className="grid w-full gap-1.5 lg:max-w-sm"
    >
      <Label htmlFor={id}>{t('dashboard.quickSearchLabel')}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          name="location"
          placeholder={t('search.locationPlaceholder')}
          maxLength={200}
        />
        {/* On a phone the button is its icon (its name stays for screen readers), so the
            field has room for its hint in every language ("Stadt, Gegend oder Adresse"). */}
        <Button type="submit" className="max-sm:w-10 max-sm:px-0">
          <Search aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('dashboard.searchButton')}</span>
        </Button>
      </div>
    </form>
  );
}

/**
 * The first four listings of the search (spec), with View All, leaving out the reader's own
 * (asked for a page's worth, so four remain for a lister with a few live listings).
 */
export function Recommended() {
  const { t } = useTranslation();
  const result = useSearchProperties(recommendedQuery);
  const properties =
    result.data?.properties.filter((property) => !property.isOwn).slice(0, RECOMMENDED_COUNT) ?? [];

  return (
    <section aria-labelledby="dashboard-recommended" className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="dashboard-recommended" className="text-2xl font-bold">
            {t('dashboard.recommendedTitle')}
          </h2>
          <p className="mt-1 text-muted-foreground">{t('dashboard.recommendedText')}</p>
        </div>
        <Button asChild variant="outline">
          <Link to={paths.search()}>{t('dashboard.viewAll')}</Link>
        </Button>
      </div>
      {result.isPending ? (
        <div
          role="status"
          aria-label={t('common.loading')}
          className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
        >
          {Array.from({ length: RECOMMENDED_COUNT }, (_, index) => (
            <PropertyCardSkeleton key={index} />
          ))}
        </div>
      ) : properties.length > 0 ? (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {properties.map((property) => (
            <li key={property.id} className="grid">
              <PropertyCard property={property} headingLevel="h3" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-xl border border-dashed border-zinc-300 p-6 text-center text-muted-foreground">
          {result.isError ? t('dashboard.recommendedError') : t('dashboard.recommendedEmpty')}
        </p>
      )}
    </section>
  );
}

/**
 * Shortcuts: the inbox, the saved list, saved searches and the search. The spec's My Bookings waits for
 * viewings to exist (issue 34: no action that leads nowhere).
 */
export function QuickActions() {
  const { t } = useTranslation();
  const actions = [
    { to: paths.messages(), label: t('dashboard.actions.messages'), icon: <MessageSquare /> },
    { to: paths.savedProperties(), label: t('dashboard.actions.saved'), icon: <Heart /> },
    { to: paths.savedSearches(), label: t('dashboard.actions.savedSearches'), icon: <BellRing /> },
    { to: paths.search(), label: t('dashboard.actions.search'), icon: <Search /> },
  ];
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{t('dashboard.quickActionsTitle')}</h2>
      <ActionLinks actions={actions} className="mt-4" />
    </Card>
  );
}

/** The first three saved listings (spec), each opening its page. */
export function RecentlySaved() {
  const { t } = useTranslation();
  const favorites = useFavorites();
  const saved = favorites.data?.slice(0, RECENTLY_SAVED_COUNT) ?? [];

  return (
    <Card className="p-6">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('dashboard.recentlySavedTitle')}</h2>
        {saved.length > 0 ? (
          <Link
            to={paths.savedProperties()}
            className="text-sm font-medium text-primary hover:underline"
          >
            {t('dashboard.seeAllSaved')}
          </Link>
        ) : null}
      </div>
      {favorites.isPending ? (
        <div role="status" aria-label={t('common.loading')} className="mt-4 grid gap-3">
          {Array.from({ length: RECENTLY_SAVED_COUNT }, (_, index) => (
            <Skeleton key={index} className="h-16 w-full" />
          ))}
        </div>
      ) : saved.length > 0 ? (
        <ul className="mt-4 grid gap-3">
          {saved.map((property) => (
            <li key={property.id}>
              <SavedItem property={property} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-4 text-sm text-muted-foreground">
          <p>{t('dashboard.recentlySavedEmpty')}</p>
          <Link
            to={paths.search()}
            className="mt-2 inline-block font-medium text-primary hover:underline"
          >
            {t('dashboard.startBrowsing')}
          </Link>
        </div>
      )}
    </Card>
  );
}

function SavedItem({ property }: { property: Property }) {
  const { t, i18n } = useTranslation();
  const price = priceParts(property, t, i18n.language);
  const [first] = listingImages(property);
  return (
    <Link
      to={paths.property(property.id)}
      className="flex items-center gap-3 rounded-lg p-2 hover:bg-muted"
    >
      <span className="size-14 shrink-0 overflow-hidden rounded-md bg-muted">
        <PropertyImage image={first} alt="" sizes="56px" targetWidth={400} />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium">{property.title}</span>
        <span className="block truncate text-sm text-muted-foreground">{placeText(property)}</span>
        <span className="block text-sm font-semibold text-zinc-900">{price.text}</span>
      </span>
    </Link>
  );
}

/** A few pointers for renters and hosts alike. */
export function Tips() {
  const { t } = useTranslation();
  const tips = ['save', 'contact', 'list'] as const;
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Lightbulb className="size-5 text-amber-700" aria-hidden />
        {t('dashboard.tipsTitle')}
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-zinc-700">
        {tips.map((tip) => (
          <li key={tip}>{t(`dashboard.tips.${tip}`)}</li>
        ))}
      </ul>
    </Card>
  );
}
