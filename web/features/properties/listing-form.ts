import type { FieldErrors, Resolver } from 'react-hook-form';
import type { AmenityId } from '#common/amenities';
import {
  cleanPrice,
  defaultAddress,
  listingInputSchema,
  listingUpdateSchema,
  type ListingInput,
  type ListingUpdate,
} from '#common/listings';
import type { CountryName } from '#common/locations';
import { DEFAULT_PRICING_PERIOD, type Currency, type PricingPeriod } from '#common/money';
import {
  NO_AGENT_FEE,
  type AgentFee,
  type AgentFeeKind,
  type AgentFeePayer,
  type Furnishing,
  type Utility,
} from '#common/move-in';
import type { Property } from '#common/properties';
import type { Category, PropertyType } from '#common/property-enums';

/**
 * The listing form of the wizard and of the edit page: what the fields hold (text, as typed),
 * the rules of spec section 5 for each mode, and the body each sends. Error messages are the
 * keys of common/messages.ts, shown through `validation.<key>`.
 */
export type ListingFormValues = {
  title: string;
  description: string;
  propertyType: PropertyType;
  category: Category;
  country: string;
  city: string;
  /** The public area line ("Adenta Housing Down, Adenta"). */
  address: string;
  /** Street and house number: the owner's, administrators' and confirmed viewers' only. */
  streetAddress: string;
  /** As typed: "GH₵ 2,500" is fine, it is cleaned before sending. */
  price: string;
  currency: Currency;
  pricingPeriod: PricingPeriod;
  bedrooms: string;
  bathrooms: string;
  amenities: AmenityId[];
  isActive: boolean;
  /** Move-in terms (issue 20), as typed; the agent fee is three fields, sent as one object. */
  advanceMonths: string;
  depositAmount: string;
  agentFeeKind: AgentFeeKind;
  agentFeeValue: string;
  agentFeePayer: AgentFeePayer;
  /** YYYY-MM-DD from the date input; empty: available now. */
  availableFrom: string;
  /** Empty: no minimum. */
  minLeaseMonths: string;
  furnished: Furnishing;
  utilitiesIncluded: Utility[];
  /** The pin (issue 39), as the map or the owner set it; empty: the city's centre. */
  latitude: string;
  longitude: string;
  /** GA-123-4567, as typed; empty: none. */
  ghanaPostGps: string;
};
export type ListingFieldName = keyof ListingFormValues;
export type ListingFormMode = 'create' | 'edit';

/** A new listing (spec 5): GH₵, per month, one bedroom and one bathroom, apartment, general. */
export const newListingDefaults: ListingFormValues = {
  title: '',
  description: '',
  propertyType: 'apartment',
  category: 'general',
  country: '',
  city: '',
  address: '',
  streetAddress: '',
  price: '',
  currency: 'GH₵',
  pricingPeriod: DEFAULT_PRICING_PERIOD,
  bedrooms: '1',
  bathrooms: '1',
  amenities: [],
  isActive: true,
  // No advance, no deposit, no agent fee, available now, unfurnished, nothing included.
  advanceMonths: '0',
  depositAmount: '',
  agentFeeKind: NO_AGENT_FEE.kind,
  agentFeeValue: '',
  agentFeePayer: NO_AGENT_FEE.payer,
  availableFrom: '',
  minLeaseMonths: '',
  furnished: 'unfurnished',
  utilitiesIncluded: [],
  latitude: '',
  longitude: '',
  ghanaPostGps: '',
};

/** The edit form filled from a listing. */
export function listingFormValuesOf(property: Property): ListingFormValues {
  return {
    title: property.title,
    description: property.description ?? '',
    propertyType: property.propertyType,
    category: property.category,
    country: property.country,
    city: property.city,
    address: property.address,
    streetAddress: property.streetAddress ?? '',
    price: String(property.pricePerNight),
    currency: property.currency,
    pricingPeriod: property.pricingPeriod,
    bedrooms: String(property.bedrooms),
    bathrooms: String(property.bathrooms),
    amenities: [...property.amenities],
    isActive: property.isActive,
    advanceMonths: String(property.advanceMonths),
    // A zero deposit or fee shows as empty, as on a new listing.
    depositAmount: property.depositAmount ? String(property.depositAmount) : '',
    agentFeeKind: property.agentFee.kind,
    agentFeeValue: property.agentFee.kind === 'none' ? '' : String(property.agentFee.value),
    agentFeePayer: property.agentFee.payer,
    availableFrom: property.availableFrom ?? '',
    minLeaseMonths: property.minLeaseMonths === null ? '' : String(property.minLeaseMonths),
    furnished: property.furnished,
    utilitiesIncluded: [...property.utilitiesIncluded],
    // Its owner reads the pin itself; a point shown blurred is not one to send back.
    latitude: property.location.approximate ? '' : String(property.location.latitude),
    longitude: property.location.approximate ? '' : String(property.location.longitude),
    ghanaPostGps: property.ghanaPostGps ?? '',
  };
}

/** Bedrooms and bathrooms as whole numbers ("2.5" → 2), 1 when nothing numeric is typed. */
export function parseRooms(value: string): number {
  const rooms = Number.parseInt(value, 10);
  return Number.isNaN(rooms) ? 1 : rooms;
}

/** The price as sent: cleaned of symbols and separators, or absent when nothing is typed. */
const priceOf = (value: string) => (value.trim() === '' ? undefined : cleanPrice(value));

/**
 * A number field as sent: empty is `blank`, anything else its number (NaN when it is none, so
 * that the schema refuses it with the field's own message). Amounts may carry the currency and
 * thousands separators ("GH₵ 1,500"), like the rent.
 */
const numberOf = (value: string, blank: number | null, amount = false) =>
  value.trim() === '' ? blank : amount ? cleanPrice(value) : Number(value.trim());

/** The agent fee in the API's shape; no fee has no value (common/move-in.ts NO_AGENT_FEE). */
function agentFeeOf(values: ListingFormValues): AgentFee {
  const kind = values.agentFeeKind;
  if (kind === 'none') return { ...NO_AGENT_FEE };
  const value = numberOf(values.agentFeeValue, 0, kind === 'fixed') ?? 0;
  return { kind, value, payer: values.agentFeePayer };
}

/** The move-in terms of the form in the shape of the API (common/listings.ts, issue 20). */
export function moveInTermsOf(values: ListingFormValues) {
  return {
    advanceMonths: numberOf(values.advanceMonths, 0) ?? 0,
    depositAmount: numberOf(values.depositAmount, 0, true) ?? 0,
    agentFee: agentFeeOf(values),
    availableFrom: values.availableFrom.trim() || null,
    minLeaseMonths: numberOf(values.minLeaseMonths, null),
    furnished: values.furnished,
    utilitiesIncluded: values.utilitiesIncluded,
  };
}

/** The body of POST /api/properties: price cleaned, address defaulted, rooms as integers. */
export function toListingInput(values: ListingFormValues, images: string[]): ListingInput {
  const city = values.city.trim();
  const country = values.country.trim() as CountryName;
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    propertyType: values.propertyType,
    category: values.category,
    address: values.address.trim() || defaultAddress(city, country),
    streetAddress: values.streetAddress.trim(),
    city,
    country,
    pricePerNight: priceOf(values.price),
    currency: values.currency,
    pricingPeriod: values.pricingPeriod || DEFAULT_PRICING_PERIOD,
    bedrooms: parseRooms(values.bedrooms),
    bathrooms: parseRooms(values.bathrooms),
    amenities: values.amenities,
    ...moveInTermsOf(values),
    ...pinOf(values),
    images,
  };
}

/** The pin as the API takes it: both coordinates or neither, and the code when there is one. */
function pinOf(values: ListingFormValues) {
  const latitude = values.latitude.trim();
  const longitude = values.longitude.trim();
  const ghanaPostGps = values.ghanaPostGps.trim();
  return {
    ...(latitude || longitude ? { latitude, longitude } : {}),
    ...(ghanaPostGps ? { ghanaPostGps } : {}),
  };
}

/** The body of PUT /api/properties/:id: the same fields, the address as typed, and isActive. */
export function toListingUpdate(values: ListingFormValues, images: string[]): ListingUpdate {
  return {
    ...toListingInput(values, images),
    // Required when editing (spec 5): an empty address is refused, not defaulted.
    address: values.address.trim(),
    isActive: values.isActive,
    // An emptied code removes it.
    ghanaPostGps: values.ghanaPostGps.trim(),
  };
}

/**
 * Validates the form with the very schema the server applies to what it sends (common/
 * listings.ts: create or edit rules of spec 5), each error on its form field. Photos are
 * checked by the picker, so they are left out here.
 */
export function listingFormResolver(mode: ListingFormMode): Resolver<ListingFormValues> {
  return async (values) => {
    const result =
      mode === 'create'
        ? listingInputSchema.safeParse(toListingInput(values, []))
        : listingUpdateSchema.safeParse(toListingUpdate(values, []));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<ListingFormValues> = {};
    for (const issue of result.error.issues) {
      const field = formFieldOf(issue.path.join('.'));
      if (!field || field === 'images' || errors[field]) continue;
      errors[field] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}

/**
 * The form field an error belongs to, by its path in the body ("agentFee.value", "images.2"):
 * the API calls the price pricePerNight and sends the agent fee as one object.
 */
export function formFieldOf(serverField: string): ListingFieldName | 'images' | undefined {
  const [head = '', part] = serverField.split('.');
  if (head === 'pricePerNight') return 'price';
  if (head === 'images') return 'images';
  if (head === 'agentFee') {
    return part === 'kind' ? 'agentFeeKind' : part === 'payer' ? 'agentFeePayer' : 'agentFeeValue';
  }
  const names: ListingFieldName[] = Object.keys(newListingDefaults) as ListingFieldName[];
  return names.find((name) => name === head);
}

/** A validation key, or a message the server sent, in the reader's language. */
export { localizeFieldMessage as fieldMessage } from '../../lib/server-messages';

/** The label key of each field, for "which fields are missing". */
export const fieldLabelKeys: Record<ListingFieldName, string> = {
  title: 'listingForm.title',
  description: 'listingForm.description',
  propertyType: 'listingForm.propertyType',
  category: 'listingForm.category',
  country: 'listingForm.country',
  city: 'listingForm.city',
  address: 'listingForm.address',
  streetAddress: 'listingForm.streetAddress',
  price: 'listingForm.price',
  currency: 'listingForm.currency',
  pricingPeriod: 'listingForm.pricingPeriod',
  bedrooms: 'listingForm.bedrooms',
  bathrooms: 'listingForm.bathrooms',
  amenities: 'listingForm.amenities',
  isActive: 'listingForm.isActive',
  advanceMonths: 'moveInForm.advanceMonths',
  depositAmount: 'moveInForm.deposit',
  agentFeeKind: 'moveInForm.agentFee',
  agentFeeValue: 'moveInForm.feeValue',
  agentFeePayer: 'moveInForm.payer',
  availableFrom: 'moveInForm.availableFrom',
  minLeaseMonths: 'moveInForm.minLease',
  furnished: 'moveInForm.furnished',
  utilitiesIncluded: 'moveInForm.utilities',
  latitude: 'maps.latitude',
  longitude: 'maps.longitude',
  ghanaPostGps: 'maps.ghanaPostGps',
};

/** What an invalid form says in its toast (spec 5 and 8): missing fields first, then price. */
export function invalidFormReport(
  errors: FieldErrors<ListingFormValues>,
): { kind: 'required'; fields: ListingFieldName[] } | { kind: 'price' } | { kind: 'other' } {
  const names = (Object.keys(fieldLabelKeys) as ListingFieldName[]).filter((name) => errors[name]);
  const missing = names.filter((name) => errors[name]?.message === 'required');
  if (missing.length > 0) return { kind: 'required', fields: missing };
  if (errors.price?.message === 'priceInvalid') return { kind: 'price' };
  return { kind: 'other' };
}
