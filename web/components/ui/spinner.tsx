import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';

export function Spinner({ className }: { className?: string }) {
  return <Loader2 className={cn('size-5 animate-spin', className)} aria-hidden />;
}

/** The centred spinner shown while the current user loads (spec, route table). */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status">
      <Spinner className="size-8 text-primary" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
