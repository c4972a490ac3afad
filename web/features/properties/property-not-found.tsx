import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';

/** A listing that is missing or not public (spec: "Property not found" with Back to Search). */
export function PropertyNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('property.notFound'));
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md p-6 text-center">
        <SearchX className="mx-auto size-10 text-primary" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">{t('property.notFound')}</h1>
        <p className="mt-2 text-muted-foreground">{t('property.notFoundText')}</p>
        <Button asChild className="mt-6">
          <Link to={paths.search()}>{t('property.backToSearch')}</Link>
        </Button>
      </Card>
    </div>
  );
}

/** A listing that could not be loaded for another reason, with a retry. */
export function PropertyLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <div role="alert" className="text-center">
        <h1 className="text-2xl font-bold">{t('property.loadError')}</h1>
        <Button variant="outline" className="mt-6" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </div>
    </div>
  );
}
