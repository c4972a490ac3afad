import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Property } from '#common/properties';
import { useDataSaver } from '../../lib/data-saver';
import { MapElement, type AreaMapProps } from '../maps';

/**
 * "Where it is" on a listing's page (issue 39): a small map of the area with the circle the
 * home lies in, never a pin, drawn when it comes into view. With the data saver on it waits
 * for "Show the map" (the map's code and tiles are a few hundred kilobytes).
 */
export function AreaMap({ property }: { property: Pick<Property, 'location'> }) {
  const { t } = useTranslation();
  const saveData = useDataSaver();
  const [asked, setAsked] = useState(false);
  const { latitude, longitude, radiusMeters } = property.location;
  // Its owner sees the pin itself (radius 0): drawn as the 300 m renters see.
  const radius = radiusMeters || 300;
  const props: AreaMapProps = {
    kind: 'area',
    latitude,
    longitude,
    radiusMeters: radius,
    texts: { region: t('maps.areaRegion'), noTiles: t('maps.noTiles'), noMap: t('maps.noMap') },
  };
  const waiting = saveData && !asked;
  return (
    <section className="mt-8">
      <h2 className="text-xl font-semibold">{t('maps.areaTitle')}</h2>
      <p className="mt-2 text-sm text-muted-foreground">{t('maps.areaNote', { radius })}</p>
      <MapElement props={props} lazy={waiting} className="mt-3 h-64">
        {waiting ? (
          <button
            type="button"
            data-map-show
            onClick={() => setAsked(true)}
            className="absolute inset-0 z-10 m-auto h-10 w-fit rounded-full bg-white px-4 text-sm font-semibold shadow focus-visible:outline-2 focus-visible:outline-primary"
          >
            {t('maps.showMap')}
          </button>
        ) : null}
      </MapElement>
    </section>
  );
}
