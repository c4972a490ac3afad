import { useMemo } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cityOf } from '#common/locations';
import { GHANA_POST_GPS_PATTERN } from '#common/listings';
import { FieldLabel, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { MapElement, type PinMapProps } from '../maps';
import type { ListingFormValues } from './listing-form';
import { Hint, useFieldError } from './field-parts';

/**
 * Where a GhanaPost GPS code's region is: its first letter names the region, here by the
 * region's main city. GhanaPost does not publish how the digits become a point, so a code
 * moves the pin to its region, and the owner drags it from there.
 */
const regionCities: Record<string, string> = {
  G: 'Accra',
  A: 'Kumasi',
  N: 'Tamale',
  W: 'Takoradi',
  C: 'Cape Coast',
  B: 'Sunyani',
  E: 'Koforidua',
  V: 'Ho',
  U: 'Bolgatanga',
  X: 'Wa',
};

/**
 * The pin and the GhanaPost GPS code of a listing (issue 39), under its city and address: a
 * map whose pin its owner drags (or taps into place), and the coordinates it sets, which a
 * keyboard can type. The pin starts at the saved one, else at the code's region when the city
 * is elsewhere, else at the city's centre.
 */
export function PinFields({
  form,
  idPrefix,
}: {
  form: UseFormReturn<ListingFormValues>;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const error = useFieldError(form);
  const [country, city, code] = useWatch({
    control: form.control,
    name: ['country', 'city', 'ghanaPostGps'],
  });
  const saved = form.formState.defaultValues;
  const start = useMemo(() => {
    const pinned = Number(saved?.latitude);
    if (saved?.latitude && saved.city === city && Number.isFinite(pinned)) {
      return { latitude: pinned, longitude: Number(saved.longitude) };
    }
    const cityCentre = cityOf(country, city);
    const region = GHANA_POST_GPS_PATTERN.test(code.trim().toUpperCase())
      ? cityOf('Ghana', regionCities[code.trim()[0]!.toUpperCase()] ?? '')
      : undefined;
    const inOtherRegion = region && country === 'Ghana' && region.name !== city;
    return (inOtherRegion ? region : cityCentre) ?? region ?? cityOf('Ghana', 'Accra')!;
  }, [saved, country, city, code]);
  const props: PinMapProps = {
    kind: 'pin',
    latitude: start.latitude,
    longitude: start.longitude,
    texts: {
      region: t('maps.pinTitle'),
      noTiles: t('maps.noTiles'),
      noMap: t('maps.noMap'),
      pin: t('maps.pin'),
    },
  };
  const set = (point: { latitude: number; longitude: number }) => {
    form.setValue('latitude', String(point.latitude), { shouldDirty: true });
    form.setValue('longitude', String(point.longitude), { shouldDirty: true });
  };
  const hintId = `${idPrefix}-pin-hint`;
  return (
    <div className="grid gap-3">
      <FormField
        id={`${idPrefix}-ghana-post-gps`}
        label={<FieldLabel text={t('maps.ghanaPostGps')} />}
        error={error('ghanaPostGps')}
      >
        {(control) => (
          <>
            <Input
              {...control}
              aria-describedby={[control['aria-describedby'], `${idPrefix}-gps-hint`]
                .filter(Boolean)
                .join(' ')}
              autoComplete="off"
              autoCapitalize="characters"
              placeholder="GA-123-4567"
              {...form.register('ghanaPostGps')}
            />
            <Hint id={`${idPrefix}-gps-hint`}>{t('maps.ghanaPostGpsHint')}</Hint>
          </>
        )}
      </FormField>
      <div className="grid gap-1.5">
        <p className="text-sm font-medium text-zinc-800">{t('maps.pinTitle')}</p>
        <Hint id={hintId}>{t('maps.pinHint')}</Hint>
        <MapElement props={props} onPin={set} className="h-72" />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField
          id={`${idPrefix}-latitude`}
          label={<FieldLabel text={t('maps.latitude')} />}
          error={error('latitude')}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              placeholder={String(start.latitude)}
              {...form.register('latitude')}
            />
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-longitude`}
          label={<FieldLabel text={t('maps.longitude')} />}
          error={error('longitude')}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              placeholder={String(start.longitude)}
              {...form.register('longitude')}
            />
          )}
        </FormField>
      </div>
    </div>
  );
}
