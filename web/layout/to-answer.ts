import { CalendarClock, MessageSquare, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toAnswerTotal, useToAnswer } from '../features/viewings';
import { paths } from '../paths';

/** One thing waiting for the reader's answer, as the account menu and the drawer list it. */
export type ToAnswerEntry = { id: string; text: string; to: string; icon: LucideIcon };

/**
 * What waits for the signed-in reader's answer as a lister (issue 51): the badge's count, the
 * account menu's (or the phone drawer's) entries, and the trigger's name for screen readers,
 * which says the counts in words.
 */
export function useToAnswerEntries(signedIn: boolean) {
  const { t, i18n } = useTranslation();
  const counts = useToAnswer(signedIn);
  const entries: ToAnswerEntry[] = [];
  if (counts && counts.viewingRequests > 0) {
    entries.push({
      id: 'viewing-requests',
      text: t('toAnswer.viewingRequests', { count: counts.viewingRequests }),
      to: paths.dashboard(),
      icon: CalendarClock,
    });
  }
  if (counts && counts.unansweredEnquiries > 0) {
    entries.push({
      id: 'enquiries',
      text: t('toAnswer.enquiries', { count: counts.unansweredEnquiries }),
      to: paths.messages(),
      icon: MessageSquare,
    });
  }
  const words = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    entries.map((entry) => entry.text),
  );
  return {
    total: toAnswerTotal(counts),
    entries,
    /** `name`, followed by the counts when there is something to answer. */
    labelOf: (name: string) => (words ? t('toAnswer.named', { name, counts: words }) : name),
  };
}
