import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';

/** A page whose code could not be loaded (offline, a dropped connection): say so, offer a reload. */
export function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">{t('offline.pageFailedTitle')}</h1>
      <p className="mt-2 text-zinc-700">{t('offline.pageFailedBody')}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {t('offline.reload')}
      </Button>
    </div>
  );
}
