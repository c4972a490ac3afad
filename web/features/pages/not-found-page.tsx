import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';

/** A path that leads nowhere: says so in plain words and offers the two ways on (issue 34). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  // The server's title for such a path says the same (features/seo/page-heads.ts, HTTP 404).
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-2">
            <SearchX className="size-8 shrink-0 text-muted-foreground" aria-hidden />
            <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">{t('notFound.body')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild>
              <Link to={paths.home()}>{t('notFound.backHome')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.search()}>{t('notFound.search')}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
