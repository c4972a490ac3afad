import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** Previous / "Page X of Y" / Next; nothing when everything fits on one page. */
export function Pager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** What the navigation pages through ("Properties pages"). */
  label: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-3">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden />
        {t('admin.pager.previous')}
      </Button>
      <p className="text-sm text-zinc-700" aria-live="polite">
        {t('admin.pager.pageOf', { page, pages })}
      </p>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('admin.pager.next')}
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
