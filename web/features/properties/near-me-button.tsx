import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Near me" (issue 39): the reader's own position, asked of the browser, becomes the search's
 * place; the page then lists homes nearest first. An island (decision 030): it needs a script,
 * and wakes on the press it answers.
 */
export function NearMeButton({ searchUrl }: { searchUrl: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'locating' | 'failed'>('idle');
  const locate = () => {
    if (!('geolocation' in navigator)) return setState('failed');
    setState('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const url = new URL(searchUrl, window.location.href);
        url.searchParams.set(
          'near',
          `${coords.longitude.toFixed(5)},${coords.latitude.toFixed(5)}`,
        );
        url.searchParams.delete('sort');
        url.searchParams.delete('page');
        window.location.assign(url.pathname + url.search);
      },
      () => setState('failed'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };
  return (
    <>
      <button
        type="button"
        onClick={locate}
        disabled={state === 'locating'}
        className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-muted disabled:opacity-60"
      >
        <LocateFixed className="size-4" aria-hidden />
        {state === 'locating' ? t('maps.locating') : t('maps.nearMe')}
      </button>
      {state === 'failed' ? (
        <p role="status" className="px-3 pb-2 text-xs text-destructive">
          {t('maps.locateFailed')}
        </p>
      ) : null}
    </>
  );
}
