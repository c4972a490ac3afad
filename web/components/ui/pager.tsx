import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../lib/utils';
import { Button, buttonVariants } from './button';

/**
 * Previous / "Page X of Y" / Next; nothing when everything fits on one page. With `hrefOf`
 * the two are links to the pages' addresses, which work before any script has run (a public
 * page, issue 36); with `onPage` they are buttons (lists inside the app's screens).
 */
export function Pager({
  page,
  pages,
  label,
  className,
  ...go
}: {
  page: number;
  pages: number;
  /** What the navigation pages through ("Properties pages"). */
  label: string;
  className?: string;
} & ({ onPage: (page: number) => void } | { hrefOf: (page: number) => string })) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const step = (to: number, enabled: boolean, content: ReactNode) => {
    if ('onPage' in go) {
      return (
        <Button variant="outline" disabled={!enabled} onClick={() => go.onPage(to)}>
          {content}
        </Button>
      );
    }
    // A link that leads nowhere is no link: the end of the list shows a dimmed label.
    return enabled ? (
      <Link
        to={go.hrefOf(to)}
        // In the app the page stays mounted: the next page of results starts at its top too.
        onClick={() => window.scrollTo({ top: 0 })}
        className={buttonVariants({ variant: 'outline' })}
      >
        {content}
      </Link>
    ) : (
      <span
        aria-disabled="true"
        className={cn(buttonVariants({ variant: 'outline' }), 'opacity-60')}
      >
        {content}
      </span>
    );
  };
  return (
    <nav
      aria-label={label}
      className={cn('mt-6 flex items-center justify-center gap-3', className)}
    >
      {step(
        page - 1,
        page > 1,
        <>
          <ChevronLeft aria-hidden />
          {t('common.previous')}
        </>,
      )}
      <p className="text-sm text-zinc-700" aria-live="polite">
        {t('common.pageOf', { page, pages })}
      </p>
      {step(
        page + 1,
        page < pages,
        <>
          {t('common.next')}
          <ChevronRight aria-hidden />
        </>,
      )}
    </nav>
  );
}
