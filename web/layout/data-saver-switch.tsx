import { useTranslation } from 'react-i18next';
import { setDataSaver, useDataSaver } from '../lib/data-saver';
import { cn } from '../lib/utils';

/**
 * The footer's "Data saver" switch (lib/data-saver.ts): a native button with the switch role,
 * rather than a component library's, because the footer is on every first page.
 */
export function DataSaverSwitch() {
  const { t } = useTranslation();
  const on = useDataSaver();
  // Not useId(): an island hydrates alone (decision 030); one switch a page, in the footer.
  const hint = 'data-saver-hint';
  return (
    <div className="flex items-center gap-3 text-sm">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={hint}
        onClick={() => setDataSaver(!on)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
          on ? 'bg-primary' : 'bg-zinc-400',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            on ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
        <span className="sr-only">{t('footer.dataSaver')}</span>
      </button>
      <div>
        <p aria-hidden className="font-medium text-zinc-800">
          {t('footer.dataSaver')}
        </p>
        <p id={hint} className="text-xs text-muted-foreground">
          {t('footer.dataSaverHint')}
        </p>
      </div>
    </div>
  );
}
