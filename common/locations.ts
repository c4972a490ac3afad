/**
 * Countries of the listing form and their fixed city lists (spec, section 3), with the time
 * zone a listing's times (its viewing hours, issue 38) are in, and each city's centre (issue
 * 39): where a new listing's map pin starts, and the point of listings made before pins.
 * Centres are the city's usual map centre, to a few hundred metres. Each city names its region
 * (Ghana's regions, California, Jamaica's parishes, the Dominican Republic's provinces): a
 * listing's public address in JSON-LD is its locality and region (issue 50).
 */
export type City = { name: string; latitude: number; longitude: number; region: string };

export const countries = [
  {
    name: 'Ghana',
    timeZone: 'Africa/Accra',
    currency: 'GH₵',
    cities: [
      { name: 'Accra', latitude: 5.6037, longitude: -0.187, region: 'Greater Accra' },
      { name: 'Kumasi', latitude: 6.6885, longitude: -1.6244, region: 'Ashanti' },
      { name: 'Tamale', latitude: 9.4008, longitude: -0.8393, region: 'Northern' },
      { name: 'Takoradi', latitude: 4.8845, longitude: -1.7554, region: 'Western' },
      { name: 'Cape Coast', latitude: 5.1053, longitude: -1.2466, region: 'Central' },
      { name: 'Tema', latitude: 5.6698, longitude: -0.0166, region: 'Greater Accra' },
      { name: 'Sunyani', latitude: 7.3349, longitude: -2.3123, region: 'Bono' },
      { name: 'Koforidua', latitude: 6.0941, longitude: -0.2591, region: 'Eastern' },
      { name: 'Ho', latitude: 6.6008, longitude: 0.4713, region: 'Volta' },
      { name: 'Bolgatanga', latitude: 10.7856, longitude: -0.8514, region: 'Upper East' },
      { name: 'Wa', latitude: 10.0601, longitude: -2.5099, region: 'Upper West' },
      { name: 'Techiman', latitude: 7.5909, longitude: -1.9344, region: 'Bono East' },
      { name: 'Obuasi', latitude: 6.206, longitude: -1.663, region: 'Ashanti' },
      { name: 'Nkawkaw', latitude: 6.55, longitude: -0.7667, region: 'Eastern' },
      { name: 'Winneba', latitude: 5.3511, longitude: -0.6231, region: 'Central' },
      { name: 'Kasoa', latitude: 5.5345, longitude: -0.4168, region: 'Central' },
      { name: 'Teshie', latitude: 5.583, longitude: -0.107, region: 'Greater Accra' },
      { name: 'Madina', latitude: 5.683, longitude: -0.165, region: 'Greater Accra' },
      { name: 'Ashaiman', latitude: 5.695, longitude: -0.03, region: 'Greater Accra' },
      { name: 'Hohoe', latitude: 7.1519, longitude: 0.4738, region: 'Volta' },
    ],
  },
  {
    name: 'California USA',
    timeZone: 'America/Los_Angeles',
    currency: '$',
    cities: [
      { name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437, region: 'California' },
      { name: 'San Francisco', latitude: 37.7749, longitude: -122.4194, region: 'California' },
      { name: 'San Diego', latitude: 32.7157, longitude: -117.1611, region: 'California' },
      { name: 'San Jose', latitude: 37.3382, longitude: -121.8863, region: 'California' },
      { name: 'Sacramento', latitude: 38.5816, longitude: -121.4944, region: 'California' },
    ],
  },
  {
    name: 'Jamaica',
    timeZone: 'America/Jamaica',
    currency: '$',
    cities: [
      { name: 'Kingston', latitude: 18.0179, longitude: -76.8099, region: 'Kingston' },
      { name: 'Montego Bay', latitude: 18.4762, longitude: -77.8939, region: 'Saint James' },
      { name: 'Ocho Rios', latitude: 18.4074, longitude: -77.1031, region: 'Saint Ann' },
      { name: 'Negril', latitude: 18.2683, longitude: -78.3476, region: 'Westmoreland' },
      { name: 'Spanish Town', latitude: 17.9911, longitude: -76.9574, region: 'Saint Catherine' },
    ],
  },
  {
    name: 'Dominican Republic',
    timeZone: 'America/Santo_Domingo',
    currency: '$',
    cities: [
      {
        name: 'Santo Domingo',
        latitude: 18.4861,
        longitude: -69.9312,
        region: 'Distrito Nacional',
      },
      {
        name: 'Santiago de los Caballeros',
        latitude: 19.4517,
        longitude: -70.697,
        region: 'Santiago',
      },
      { name: 'Punta Cana', latitude: 18.5601, longitude: -68.3725, region: 'La Altagracia' },
      { name: 'Puerto Plata', latitude: 19.7934, longitude: -70.6884, region: 'Puerto Plata' },
      { name: 'La Romana', latitude: 18.4273, longitude: -68.9728, region: 'La Romana' },
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
  return (countries.find((c) => c.name === country)?.cities ?? []).map((city) => city.name);
}

/** A city of the fixed lists with its centre, or undefined. */
export function cityOf(country: string, city: string): City | undefined {
  return countries.find((c) => c.name === country)?.cities.find((c) => c.name === city);
}

/** The region of a city of the fixed lists ("Greater Accra"), or undefined. */
export function regionOf(country: string, city: string): string | undefined {
  return cityOf(country, city)?.region;
}

/** GH₵ for Ghana, otherwise $ (spec). */
export function defaultCurrencyFor(country: string): '$' | 'GH₵' {
  return countries.find((c) => c.name === country)?.currency ?? '$';
}

/** A neighbourhood of a city and its usual map centre, to a few hundred metres. */
export type Neighbourhood = { name: string; latitude: number; longitude: number };

/**
 * Neighbourhoods of some cities of the fixed lists, with their centres (issue 51): where a
 * listing that names one is pinned, within about a kilometre. A city not listed here, or an
 * area not among its neighbourhoods, has only the city's centre.
 */
export const neighbourhoods: Readonly<Record<string, readonly Neighbourhood[]>> = {
  Accra: [
    { name: 'East Legon', latitude: 5.635, longitude: -0.16 },
    { name: 'Osu', latitude: 5.556, longitude: -0.181 },
    { name: 'Airport Residential', latitude: 5.6, longitude: -0.18 },
    { name: 'Cantonments', latitude: 5.579, longitude: -0.172 },
  ],
  Kumasi: [
    { name: 'Nhyiaeso', latitude: 6.677, longitude: -1.632 },
    { name: 'Bantama', latitude: 6.703, longitude: -1.636 },
  ],
  Kingston: [
    { name: 'New Kingston', latitude: 18.007, longitude: -76.786 },
    { name: 'Half Way Tree', latitude: 18.012, longitude: -76.797 },
    { name: 'Liguanea', latitude: 18.019, longitude: -76.77 },
  ],
  'Santo Domingo': [
    { name: 'Piantini', latitude: 18.472, longitude: -69.939 },
    { name: 'Naco', latitude: 18.478, longitude: -69.928 },
    { name: 'Zona Colonial', latitude: 18.473, longitude: -69.884 },
  ],
};

/** The neighbourhoods `neighbourhoods` knows of a city (none for most). */
export function neighbourhoodsOf(city: string): readonly Neighbourhood[] {
  return neighbourhoods[city] ?? [];
}

/** A neighbourhood of a city with its centre, or undefined. */
export function neighbourhoodOf(city: string, name: string): Neighbourhood | undefined {
  return neighbourhoodsOf(city).find((area) => area.name === name);
}
