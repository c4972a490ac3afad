import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { paths } from '../../paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="size-8 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">{t('notFound.body')}</p>
          <Button asChild className="mt-6">
            <Link to={paths.home()}>{t('notFound.backHome')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
