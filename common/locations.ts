/**
 * Countries of the listing form and their fixed city lists (spec, section 3), with the time
 * zone a listing's times (its viewing hours, issue 38) are in.
 */
export const countries = [
  {
    name: 'Ghana',
    timeZone: 'Africa/Accra',
    currency: 'GH₵',
    cities: [
      'Accra',
      'Kumasi',
      'Tamale',
      'Takoradi',
      'Cape Coast',
      'Tema',
      'Sunyani',
      'Koforidua',
      'Ho',
      'Bolgatanga',
      'Wa',
      'Techiman',
      'Obuasi',
      'Nkawkaw',
      'Winneba',
      'Kasoa',
      'Teshie',
      'Madina',
      'Ashaiman',
      'Hohoe',
    ],
  },
  {
    name: 'California USA',
    timeZone: 'America/Los_Angeles',
    currency: '$',
    cities: ['Los Angeles', 'San Francisco', 'San Diego', 'San Jose', 'Sacramento'],
  },
  {
    name: 'Jamaica',
    timeZone: 'America/Jamaica',
    currency: '$',
    cities: ['Kingston', 'Montego Bay', 'Ocho Rios', 'Negril', 'Spanish Town'],
  },
  {
    name: 'Dominican Republic',
    timeZone: 'America/Santo_Domingo',
    currency: '$',
    cities: [
      'Santo Domingo',
      'Santiago de los Caballeros',
      'Punta Cana',
      'Puerto Plata',
      'La Romana',
    ],
  },
] as const;

export type CountryName = (typeof countries)[number]['name'];
export const countryNames = countries.map((c) => c.name) as unknown as readonly [
  CountryName,
  ...CountryName[],
];

/** The IANA time zone of a listing in `country`; Ghana's for a country not in the list. */
export function timeZoneOf(country: string): string {
  return countries.find((c) => c.name === country)?.timeZone ?? 'Africa/Accra';
}

export function citiesOf(country: string): readonly string[] {
  return countries.find((c) => c.name === country)?.cities ?? [];
}

/** GH₵ for Ghana, otherwise $ (spec). */
export function defaultCurrencyFor(country: string): '$' | 'GH₵' {
  return countries.find((c) => c.name === country)?.currency ?? '$';
}
