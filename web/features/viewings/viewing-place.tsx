import { Navigation } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Viewing } from '#common/viewings';
import { MapElement, type PinMapProps } from '../maps';

/**
 * Where the house is exactly, on a viewing's page (issue 50): the street address, the
 * GhanaPost GPS code, a small map with the pin and a `geo:` link that opens the phone's map
 * app. The server gives them to the lister, and to the renter while the viewing is confirmed
 * (never before, never once cancelled: server/features/viewings/list.ts placeFor); until then
 * the renter is told when they come.
 */
export function ViewingPlace({ viewing }: { viewing: Viewing }) {
  const { t } = useTranslation();
  const { streetAddress, ghanaPostGps, pin, title } = viewing.property;
  if (!pin) {
    if (viewing.asLister || viewing.status !== 'pending') return null;
    return <p className="text-sm text-muted-foreground">{t('viewings.page.placeLater')}</p>;
  }
  const props: PinMapProps = {
    kind: 'pin',
    fixed: true,
    latitude: pin.latitude,
    longitude: pin.longitude,
    texts: {
      region: t('viewings.page.mapRegion'),
      pin: t('viewings.page.mapPin'),
      noTiles: t('viewings.page.noTiles'),
      noMap: t('viewings.page.noMap'),
    },
  };
  // RFC 5870: the point, and the same point as a query labelled with the title, which Android's
  // map apps show as a named pin.
  const point = `${pin.latitude},${pin.longitude}`;
  const geo = `geo:${point}?q=${point}(${encodeURIComponent(title)})`;
  return (
    <section aria-labelledby="viewing-place" className="grid gap-3">
      <h2 id="viewing-place" className="text-sm font-semibold">
        {t('viewings.page.exactPlace')}
      </h2>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        {streetAddress ? (
          <div>
            <dt className="text-muted-foreground">{t('viewings.page.street')}</dt>
            <dd className="font-medium [overflow-wrap:anywhere]">{streetAddress}</dd>
          </div>
        ) : null}
        {ghanaPostGps ? (
          <div>
            <dt className="text-muted-foreground">{t('viewings.page.gps')}</dt>
            <dd className="font-mono font-medium">{ghanaPostGps}</dd>
          </div>
        ) : null}
      </dl>
      <MapElement props={props} className="h-48 rounded-lg" />
      <a
        href={geo}
        className="inline-flex items-center gap-2 justify-self-start text-sm font-semibold text-primary underline"
      >
        <Navigation aria-hidden className="size-4" />
        {t('viewings.page.openInMaps')}
      </a>
    </section>
  );
}
