import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../paths';
import { useViewings } from './api';
import { groupViewings, ViewingGroup } from './viewing-lists';

/**
 * The dashboard's Viewings (issue 38): everyone's upcoming visits and own requests waiting for
 * an answer. A lister's requests to answer come first, in ToAnswerSection (issue 51). Nothing
 * when there is nothing to see.
 */
export function ViewingsSection() {
  const { t } = useTranslation();
  const asRenter = useViewings('renter');
  const asLister = useViewings('lister');
  if (!asRenter.data || !asLister.data) return null;
  const groups = groupViewings(asRenter.data, asLister.data, new Date());
  if (groups.upcoming.length + groups.waiting.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-viewings" className="mt-10 grid min-w-0 gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dashboard-viewings" className="text-2xl font-bold">
          {t('viewings.list.title')}
        </h2>
        <Link to={paths.bookings()} className="text-sm text-primary underline">
          {t('viewings.list.seeAll')}
        </Link>
      </div>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <ViewingGroup title={t('viewings.list.upcoming')} viewings={groups.upcoming} />
        <ViewingGroup title={t('viewings.list.waiting')} viewings={groups.waiting} />
      </div>
    </section>
  );
}
