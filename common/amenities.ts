/** Amenity ids of the spec (section 3); labels and icons live in the web app. */
export const amenityIds = [
  'wifi',
  'parking',
  'kitchen',
  'pool',
  'gym',
  'laundry',
  'air_conditioning',
  'heating',
  'balcony',
  'garden',
  'workspace',
  'tv',
] as const;
export type AmenityId = (typeof amenityIds)[number];
