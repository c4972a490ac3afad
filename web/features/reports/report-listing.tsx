import { Flag } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/dates';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';
import { ReportDialog } from './lazy-report-dialog';

/**
 * "Report this listing" (issue 19), on the listing page and the contact page. Visitors are
 * sent to sign in first; the owner of the listing does not see it; a reader who reported it
 * already is told when (issue 34: `reportedByMe` of the listing, or the report just sent).
 */
export function ReportListing({
  propertyId,
  title,
  isOwn,
  reportedAt,
}: {
  propertyId: string;
  title: string;
  isOwn: boolean;
  /** When the signed-in reader reported it (the listing's `reportedByMe`). */
  reportedAt?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [sentAt, setSentAt] = useState<string | null>(null);
  if (isOwn) return null;
  const reportedOn = user ? (sentAt ?? reportedAt) : null;
  if (reportedOn) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Flag className="size-4 shrink-0" aria-hidden />
        {t('reports.reportedOn', { date: formatDate(reportedOn, i18n.language) })}
      </p>
    );
  }
  const label = (
    <>
      <Flag aria-hidden />
      {t('reports.button')}
    </>
  );
  if (!user) {
    return (
      <Button asChild variant="ghost" size="sm" className="justify-self-start text-zinc-700">
        <Link to={paths.login(location.pathname)}>{label}</Link>
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="justify-self-start text-zinc-700"
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            user={user}
            url={`/api/properties/${encodeURIComponent(propertyId)}/reports`}
            heading={t('reports.dialog.title')}
            text={t('reports.dialog.text', { title })}
            onClose={() => setOpen(false)}
            onReported={setSentAt}
          />
        </Suspense>
      ) : null}
    </>
  );
}
