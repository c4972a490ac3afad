import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { loadScreenTexts } from '../../lib/i18n';
import { paths } from '../../paths';
import { useCurrentUser } from '../auth';

// The form (its schema, radio group and text area) loads when a renter opens it, with the
// screens' texts it shares with the admin's review (lib/i18n.ts): the listing page is a first
// page with a JavaScript budget (docs/performance.md).
const ReportDialog = lazy(() =>
  Promise.all([import('./report-dialog'), loadScreenTexts()]).then(([module]) => module),
);

/**
 * "Report this listing" (issue 19), on the listing page and the contact page. Visitors are
 * sent to sign in first; the owner of the listing does not see it.
 */
export function ReportListing({
  propertyId,
  title,
  isOwn,
}: {
  propertyId: string;
  title: string;
  isOwn: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (isOwn) return null;
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
            propertyId={propertyId}
            title={title}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
