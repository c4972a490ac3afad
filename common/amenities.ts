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
  // What a Ghanaian renter asks about first (issue 34): water of one's own (a borehole, a
  // polytank storing it), electricity paid in advance, a guard and a wall around the compound.
  'borehole',
  'polytank',
  'prepaid_meter',
  'security',
  'walled_compound',
] as const;
export type AmenityId = (typeof amenityIds)[number];
