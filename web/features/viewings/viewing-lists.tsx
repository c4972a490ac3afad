import { CalendarClock } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Viewing } from '#common/viewings';
import { Badge } from '../../components/ui/badge';
import { formatZonedTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { paths } from '../../paths';
import { otherPartyName } from '../../lib/party-name';

/** The groups a reader's viewings fall in, in the order they matter. */
export type ViewingGroups = {
  /** Requests to the reader as lister, waiting for their answer. */
  toAnswer: Viewing[];
  /** Confirmed, not started, either side. */
  upcoming: Viewing[];
  /** The reader's own requests waiting for the lister. */
  waiting: Viewing[];
  past: Viewing[];
};

export function groupViewings(asRenter: Viewing[], asLister: Viewing[], now: Date): ViewingGroups {
  const ahead = (viewing: Viewing) => new Date(viewing.startsAt) > now;
  const soonest = (a: Viewing, b: Viewing) => a.startsAt.localeCompare(b.startsAt);
  const all = [...asRenter, ...asLister];
  return {
    toAnswer: asLister.filter((v) => v.status === 'pending' && ahead(v)).sort(soonest),
    upcoming: all.filter((v) => v.status === 'confirmed' && ahead(v)).sort(soonest),
    waiting: asRenter.filter((v) => v.status === 'pending' && ahead(v)).sort(soonest),
    past: all
      .filter((v) => !ahead(v) || !['pending', 'confirmed'].includes(v.status))
      .sort((a, b) => soonest(b, a)),
  };
}

/**
 * One viewing in a list: the place, the time where it is, who with, where it stands; and, for
 * a request to answer on the dashboard, what can be done with it there (`actions`).
 */
export function ViewingItem({ viewing, actions }: { viewing: Viewing; actions?: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <li className={cn('min-w-0', actions && 'grid gap-3 rounded-lg border border-border p-3')}>
      <Link
        to={paths.viewing(viewing.id)}
        className={cn(
          'flex items-start gap-3 rounded-lg hover:bg-muted',
          !actions && 'border border-border p-3',
        )}
      >
        {viewing.property.image ? (
          <img
            src={viewing.property.image}
            alt=""
            loading="lazy"
            className="size-14 shrink-0 rounded-md object-cover"
          />
        ) : (
          <CalendarClock aria-hidden className="size-14 shrink-0 rounded-md bg-muted p-3" />
        )}
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="flex min-w-0 flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 truncate font-semibold">{viewing.property.title}</span>
            <Badge variant="outline">{t(`viewings.status.${viewing.status}`)}</Badge>
          </span>
          <time dateTime={viewing.startsAt} className="text-sm">
            {formatZonedTime(viewing.startsAt, viewing.timeZone, i18n.language)}
          </time>
          <span className="text-sm text-muted-foreground">
            {viewing.asLister
              ? t('viewings.list.withRenter', { name: otherPartyName(t, viewing) })
              : t('viewings.list.withLister', { name: otherPartyName(t, viewing) })}
          </span>
        </span>
      </Link>
      {actions}
    </li>
  );
}

export function ViewingGroup({
  title,
  viewings,
  empty,
}: {
  title: string;
  viewings: Viewing[];
  empty?: string;
}) {
  const headingId = useId();
  if (viewings.length === 0 && !empty) return null;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {viewings.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid min-w-0 gap-2">
          {viewings.map((viewing) => (
            <ViewingItem key={viewing.id} viewing={viewing} />
          ))}
        </ul>
      )}
    </section>
  );
}
