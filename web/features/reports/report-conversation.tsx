import { Flag } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useCurrentUser } from '../auth';
import { ReportDialog } from './lazy-report-dialog';

/**
 * "Report" in a conversation (issue 37), for its renter: the listing is reported with the
 * conversation attached, so the administrator who reads the report can read what was asked
 * ("pay the viewing fee by MoMo first"). The other party is not told.
 */
export function ReportConversation({
  conversationId,
  title,
  name,
}: {
  conversationId: string;
  /** The listing's title. */
  title: string;
  /** The other party's first name. */
  name: string;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (!user) return null;
  if (sent) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Flag className="size-4 shrink-0" aria-hidden />
        {t('messages.report.reported')}
      </p>
    );
  }
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Flag aria-hidden />
        {t('messages.report.button')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            user={user}
            url={`/api/conversations/${encodeURIComponent(conversationId)}/reports`}
            heading={t('messages.report.title')}
            text={t('messages.report.text', { title, name })}
            onClose={() => setOpen(false)}
            onReported={() => setSent(true)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
