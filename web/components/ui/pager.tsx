import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { Button } from './button';

/** Previous / "Page X of Y" / Next; nothing when everything fits on one page. */
export function Pager({
  page,
  pages,
  onPage,
  label,
  className,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** What the navigation pages through ("Properties pages"). */
  label: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={label}
      className={cn('mt-6 flex items-center justify-center gap-3', className)}
    >
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden />
        {t('common.previous')}
      </Button>
      <p className="text-sm text-zinc-700" aria-live="polite">
        {t('common.pageOf', { page, pages })}
      </p>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
