import { BellOff, Link2Off } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';

/**
 * /alerts/stopped (issue 21): where an alert's one-tap unsubscribe link lands once the server
 * has handled it. Public: the link works signed out, so this page says nothing about who the
 * reader is; `name` is the saved search it stopped, `invalid` a link it could not read.
 */
export default function AlertsStoppedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const name = params.get('name')?.trim();
  // Without a name there is nothing we can say was stopped: treat it as a link not read.
  const stopped = Boolean(name) && !params.has('invalid');
  useDocumentTitle(t(stopped ? 'savedSearches.stopped.title' : 'savedSearches.stopped.invalid'));
  const Icon = stopped ? BellOff : Link2Off;
  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="w-full max-w-md p-8 text-center">
        <Icon className="mx-auto size-10 text-primary" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">
          {t(stopped ? 'savedSearches.stopped.title' : 'savedSearches.stopped.invalid')}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {stopped
            ? t('savedSearches.stopped.text', { name })
            : t('errors.unsubscribe_link_invalid')}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to={paths.savedSearches()}>{t('savedSearches.stopped.manage')}</Link>
          </Button>
          {stopped ? (
            <Button asChild variant="outline">
              <Link to={paths.search()}>{t('savedSearches.stopped.searchAgain')}</Link>
            </Button>
          ) : null}
        </div>
      </Card>
    </div>
  );
}
