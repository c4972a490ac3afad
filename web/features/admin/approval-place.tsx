import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AdminPlace } from '#common/admin';
import { distanceMeters, type Point } from '#common/geo';
import { numberFormat } from '#common/number-format';
import { useDataSaver } from '../../lib/data-saver';
import { MapElement, type ReviewMapProps } from '../maps';

const coordinates = (point: Point) => `${point.latitude.toFixed(6)}, ${point.longitude.toFixed(6)}`;

/** A distance in words: metres under a kilometre, else kilometres to one decimal. */
export function distanceText(t: TFunction, language: string, metres: number): string {
  return metres < 1000
    ? t('admin.approval.placeMetres', {
        distance: numberFormat(language, 0).format(Math.round(metres)),
      })
    : t('admin.approval.placeKilometres', {
        distance: numberFormat(language, 1).format(metres / 1000),
      });
}

/**
 * Where the place is, on the approval card (issue 51): a small map with the exact pin, the
 * circle renters see, the city's centre and, for a pin moved more than 1 km, the approved pin
 * it left; beside it the same in words (the coordinates, the GhanaPost GPS code, how far the
 * pin is from the city's centre and how far it moved), which stay when the map cannot be drawn.
 * The map's code loads only when the map comes into view (with the data saver on, when asked).
 */
export function ApprovalPlace({
  place,
  city,
  headingId,
}: {
  place: AdminPlace;
  city: string;
  headingId: string;
}) {
  const { t, i18n } = useTranslation();
  const saveData = useDataSaver();
  const [asked, setAsked] = useState(false);
  const distance = (metres: number) => distanceText(t, i18n.language, metres);
  const { pin, previousPin, publicArea, cityCentre, cityCentreMeters } = place;
  const props: ReviewMapProps = {
    kind: 'review',
    pin,
    previousPin,
    area: publicArea,
    cityCentre,
    texts: {
      region: t('admin.approval.placeRegion'),
      noTiles: t('maps.noTiles'),
      noMap: t('admin.approval.placeNoMap'),
      pin: t(previousPin ? 'admin.approval.placeNewPin' : 'admin.approval.placePin'),
      previousPin: t('admin.approval.placePreviousPin'),
      cityCentre: t('admin.approval.placeCityCentre', { city }),
    },
  };
  const waiting = saveData && !asked;
  const rows = [
    {
      key: 'pin',
      swatch: 'pin',
      label: t(previousPin ? 'admin.approval.placeNewPin' : 'admin.approval.placePin'),
      value: coordinates(pin),
    },
    ...(previousPin
      ? [
          {
            key: 'previous',
            swatch: 'previous',
            label: t('admin.approval.placePreviousPin'),
            value: `${coordinates(previousPin)} · ${t('admin.approval.placeMoved', {
              distance: distance(distanceMeters(previousPin, pin)),
            })}`,
          },
        ]
      : []),
    {
      key: 'area',
      swatch: 'area',
      label: t('admin.approval.placeArea'),
      value: t(previousPin ? 'admin.approval.placeAreaMoves' : 'admin.approval.placeAreaText', {
        radius: publicArea.radiusMeters,
      }),
    },
    {
      key: 'gps',
      swatch: null,
      label: t('admin.approval.placeGps'),
      value: place.ghanaPostGps ?? t('admin.approval.placeNoGps'),
      mono: place.ghanaPostGps !== null,
    },
    {
      key: 'centre',
      swatch: cityCentre ? 'centre' : null,
      label: t('admin.approval.placeCityCentre', { city }),
      value:
        cityCentre && cityCentreMeters !== null
          ? t('admin.approval.placeFromCentre', { distance: distance(cityCentreMeters) })
          : t('admin.approval.placeNoCentre'),
    },
  ];
  return (
    <section aria-labelledby={headingId} data-approval-place>
      <h3 id={headingId} className="font-semibold">
        {t('admin.approval.placeTitle')}
      </h3>
      <MapElement props={props} lazy={waiting} className="mt-2 h-64">
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
      <dl className="mt-3 grid gap-2 text-sm">
        {rows.map((row) => (
          <div key={row.key}>
            <dt className="flex items-center gap-2 text-muted-foreground">
              <span aria-hidden className="flex w-4 shrink-0 justify-center">
                {row.swatch ? <Swatch kind={row.swatch} /> : null}
              </span>
              {row.label}
            </dt>
            <dd
              className={`pl-6 text-zinc-900 [overflow-wrap:anywhere] ${row.mono ? 'font-mono' : ''}`}
            >
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The legend's mark of each thing the map draws, in the map's colours. */
function Swatch({ kind }: { kind: string }) {
  if (kind === 'area') {
    return <span className="size-3.5 rounded-full border-2 border-[#0f766e] bg-[#0f766e]/20" />;
  }
  if (kind === 'centre') {
    return <span className="size-3.5 rounded-full border-[3px] border-zinc-800 bg-white" />;
  }
  return (
    <span
      className={`size-3 rotate-45 rounded-full rounded-br-none ${kind === 'previous' ? 'bg-zinc-400' : 'bg-[#0f766e]'}`}
    />
  );
}
