import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../paths';
import { useViewings } from './api';
import { useToAnswer } from './to-answer';
import { ViewingActions } from './viewing-actions';
import { groupViewings, ViewingItem } from './viewing-lists';

/**
 * The dashboard's first section for a lister (issue 51): the viewing requests waiting for their
 * answer, each with Confirm and Decline in place, and how many enquiries wait for a reply, a
 * way into the inbox. Kept live by the event stream; nothing when nothing waits.
 */
export function ToAnswerSection() {
  const { t } = useTranslation();
  const counts = useToAnswer(true);
  const asLister = useViewings('lister');
  // When the dashboard was drawn: the same "ahead" as the viewing's own actions.
  const requests = asLister.data ? groupViewings([], asLister.data, new Date()).toAnswer : [];
  const enquiries = counts?.unansweredEnquiries ?? 0;
  if (requests.length === 0 && enquiries === 0) return null;
  return (
    <section
      id="to-answer"
      aria-labelledby="dashboard-to-answer"
      className="mt-6 grid min-w-0 gap-4 rounded-2xl border-2 border-primary/40 p-4 sm:p-6"
    >
      <h2 id="dashboard-to-answer" className="text-xl font-bold">
        {t('toAnswer.title')}
      </h2>
      {requests.length > 0 ? (
        <section aria-labelledby="dashboard-viewing-requests" className="grid min-w-0 gap-3">
          <h3 id="dashboard-viewing-requests" className="font-semibold">
            {t('toAnswer.viewingRequests', { count: requests.length })}
          </h3>
          <ul className="grid min-w-0 gap-3 lg:grid-cols-2">
            {requests.map((viewing) => (
              <ViewingItem
                key={viewing.id}
                viewing={viewing}
                actions={<ViewingActions viewing={viewing} inList />}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {enquiries > 0 ? (
        <Link
          to={paths.messages()}
          className="flex items-center gap-2 justify-self-start font-semibold text-primary underline"
        >
          <MessageSquare aria-hidden className="size-5" />
          {t('toAnswer.enquiries', { count: enquiries })}
        </Link>
      ) : null}
    </section>
  );
}
