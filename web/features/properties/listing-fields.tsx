import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { amenityIds } from '#common/amenities';
import { citiesOf, countries, defaultCurrencyFor } from '#common/locations';
import { currencies, pricingPeriods } from '#common/money';
import { categories, propertyTypes } from '#common/property-enums';
import { FieldLabel, FormField } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { Checkbox } from '../../components/ui/checkbox';
import { AmenityIcon } from './amenity-icon';
import { Hint, useFieldError } from './field-parts';
import { PinFields } from './pin-field';
import type { ListingFormValues } from './listing-form';

/**
 * The fields of a listing, shared by the wizard (/list-property) and the edit page. Each group
 * takes the form and an id prefix; labels, errors and required marks are the same on both.
 */
type ListingForm = UseFormReturn<ListingFormValues>;
type GroupProps = { form: ListingForm; idPrefix: string };

export { Hint, useFieldError };

export function BasicInfoFields({
  form,
  idPrefix,
  descriptionRequired,
}: GroupProps & { descriptionRequired: boolean }) {
  const { t } = useTranslation();
  const error = useFieldError(form);
  return (
    <div className="grid gap-4">
      <FormField
        id={`${idPrefix}-title`}
        label={<FieldLabel text={t('listingForm.title')} required />}
        error={error('title')}
      >
        {(control) => (
          <Input
            {...control}
            placeholder={t('listingForm.titlePlaceholder')}
            aria-required
            {...form.register('title')}
          />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-description`}
        label={<FieldLabel text={t('listingForm.description')} required={descriptionRequired} />}
        error={error('description')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={6}
            placeholder={t('listingForm.descriptionPlaceholder')}
            aria-required={descriptionRequired || undefined}
            className="flex min-h-32 w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 placeholder:text-zinc-500 aria-[invalid=true]:border-destructive md:text-sm"
            {...form.register('description')}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${idPrefix}-type`}
          label={t('listingForm.propertyType')}
          error={error('propertyType')}
        >
          {(control) => (
            <NativeSelect {...control} {...form.register('propertyType')}>
              {propertyTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`propertyType.${type}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-category`}
          label={t('listingForm.category')}
          error={error('category')}
        >
          {(control) => (
            <NativeSelect {...control} {...form.register('category')}>
              {categories.map((category) => (
                <option key={category} value={category}>
                  {t(`category.${category}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
    </div>
  );
}

/**
 * Country, city, the public area line and the private street address. The city list is the chosen country's, disabled until one is
 * chosen and cleared when it changes; the currency follows the country until the owner picks
 * one (`followCurrency`).
 */
export function LocationFields({
  form,
  idPrefix,
  addressRequired,
  followCurrency,
}: GroupProps & { addressRequired: boolean; followCurrency: () => boolean }) {
  const { t } = useTranslation();
  const error = useFieldError(form);
  const country = useWatch({ control: form.control, name: 'country' });
  const city = useWatch({ control: form.control, name: 'city' });
  const cities = citiesOf(country);
  const addressHintId = `${idPrefix}-address-hint`;
  const streetHintId = `${idPrefix}-street-address-hint`;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${idPrefix}-country`}
          label={<FieldLabel text={t('listingForm.country')} required />}
          error={error('country')}
        >
          {(control) => (
            <NativeSelect
              {...control}
              aria-required
              {...form.register('country', {
                onChange: (event: { target: { value: string } }) => {
                  form.setValue('city', '');
                  if (followCurrency()) {
                    form.setValue('currency', defaultCurrencyFor(event.target.value));
                  }
                },
              })}
            >
              <option value="">{t('listingForm.chooseCountry')}</option>
              {countries.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-city`}
          label={<FieldLabel text={t('listingForm.city')} required />}
          error={error('city')}
        >
          {(control) => (
            <NativeSelect
              {...control}
              aria-required
              disabled={!country}
              {...form.register('city')}
              value={city}
            >
              <option value="">
                {country ? t('listingForm.chooseCity') : t('listingForm.chooseCountryFirst')}
              </option>
              {/* A listing's city outside the fixed list stays selectable on the edit page. */}
              {city && !cities.includes(city) ? <option value={city}>{city}</option> : null}
              {cities.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField
        id={`${idPrefix}-address`}
        label={<FieldLabel text={t('listingForm.address')} required={addressRequired} />}
        error={error('address')}
      >
        {(control) => (
          <>
            <Input
              {...control}
              aria-describedby={[control['aria-describedby'], addressHintId]
                .filter(Boolean)
                .join(' ')}
              aria-required={addressRequired || undefined}
              autoComplete="address-level3"
              placeholder={t('listingForm.addressPlaceholder')}
              {...form.register('address')}
            />
            <Hint id={addressHintId}>
              {t(addressRequired ? 'listingForm.addressPublic' : 'listingForm.addressHint')}
            </Hint>
          </>
        )}
      </FormField>
      {/* Issue 50: the street and house number are as private as the pin and the code. */}
      <FormField
        id={`${idPrefix}-street-address`}
        label={<FieldLabel text={t('listingForm.streetAddress')} required={false} />}
        error={error('streetAddress')}
      >
        {(control) => (
          <>
            <Input
              {...control}
              aria-describedby={[control['aria-describedby'], streetHintId]
                .filter(Boolean)
                .join(' ')}
              autoComplete="street-address"
              placeholder={t('listingForm.streetAddressPlaceholder')}
              {...form.register('streetAddress')}
            />
            <Hint id={streetHintId}>{t('listingForm.streetAddressHint')}</Hint>
          </>
        )}
      </FormField>
      <PinFields form={form} idPrefix={idPrefix} />
    </div>
  );
}

/** Price, currency and period, then bedrooms and bathrooms. */
export function PriceAndRoomFields({
  form,
  idPrefix,
  priceRequired,
  minBedrooms,
  onCurrencyPicked,
}: GroupProps & { priceRequired: boolean; minBedrooms: number; onCurrencyPicked?: () => void }) {
  const { t } = useTranslation();
  const error = useFieldError(form);
  const priceHintId = `${idPrefix}-price-hint`;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          id={`${idPrefix}-price`}
          label={<FieldLabel text={t('listingForm.price')} required={priceRequired} />}
          error={error('price')}
        >
          {(control) => (
            <>
              <Input
                {...control}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="2500"
                aria-required={priceRequired || undefined}
                aria-describedby={[control['aria-describedby'], priceHintId]
                  .filter(Boolean)
                  .join(' ')}
                {...form.register('price')}
              />
              <Hint id={priceHintId}>{t('listingForm.priceHint')}</Hint>
            </>
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-currency`}
          label={t('listingForm.currency')}
          error={error('currency')}
        >
          {(control) => (
            <NativeSelect
              {...control}
              {...form.register('currency', { onChange: () => onCurrencyPicked?.() })}
            >
              {currencies.map((currency) => (
                <option key={currency} value={currency}>
                  {t(`listingForm.currencies.${currency === '$' ? 'usd' : 'ghs'}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-period`}
          label={t('listingForm.pricingPeriod')}
          error={error('pricingPeriod')}
        >
          {(control) => (
            <NativeSelect {...control} {...form.register('pricingPeriod')}>
              {pricingPeriods.map((period) => (
                <option key={period} value={period}>
                  {t(`listingForm.periods.${period}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${idPrefix}-bedrooms`}
          label={t('listingForm.bedrooms')}
          error={error('bedrooms')}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={minBedrooms}
              step={1}
              {...form.register('bedrooms')}
            />
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-bathrooms`}
          label={t('listingForm.bathrooms')}
          error={error('bathrooms')}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...form.register('bathrooms')}
            />
          )}
        </FormField>
      </div>
    </div>
  );
}

/** One checkbox per amenity of common/amenities.ts, with its icon. */
export function AmenityFields({ form, idPrefix }: GroupProps) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="sr-only">{t('listingForm.amenities')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {amenityIds.map((amenity) => (
          <label
            key={amenity}
            htmlFor={`${idPrefix}-amenity-${amenity}`}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft/40 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
          >
            <Checkbox
              id={`${idPrefix}-amenity-${amenity}`}
              value={amenity}
              {...form.register('amenities')}
            />
            <AmenityIcon amenity={amenity} className="size-4 text-primary" />
            {t(`amenity.${amenity}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
