import type { Landmark } from '#common/maps';

/**
 * Places renters measure a home from (issue 39, "Near a place"), per city of the fixed lists:
 * universities, hospitals, business districts, markets and transport hubs. Points are the
 * place's usual map point (its main gate or centre), to within a couple of hundred metres:
 * enough to sort homes by how far they are, which is all they are used for. A city without
 * its own list still offers the renter's own position.
 */
export const landmarks: Readonly<Record<string, readonly Landmark[]>> = {
  Accra: [
    {
      name: 'University of Ghana, Legon',
      kind: 'university',
      latitude: 5.6505,
      longitude: -0.1869,
    },
    {
      name: 'University of Professional Studies (UPSA)',
      kind: 'university',
      latitude: 5.6596,
      longitude: -0.1662,
    },
    { name: 'GIMPA, Greenhill', kind: 'university', latitude: 5.6433, longitude: -0.2208 },
    { name: 'Korle Bu Teaching Hospital', kind: 'hospital', latitude: 5.5365, longitude: -0.2276 },
    { name: '37 Military Hospital', kind: 'hospital', latitude: 5.5875, longitude: -0.1829 },
    { name: 'Ridge Hospital', kind: 'hospital', latitude: 5.5634, longitude: -0.1972 },
    { name: 'Airport City', kind: 'business', latitude: 5.6046, longitude: -0.1775 },
    { name: 'Accra Central (Makola)', kind: 'business', latitude: 5.5487, longitude: -0.2087 },
    { name: 'Osu, Oxford Street', kind: 'business', latitude: 5.5563, longitude: -0.1822 },
    { name: 'Accra Mall, Tetteh Quarshie', kind: 'business', latitude: 5.6222, longitude: -0.1735 },
    {
      name: 'Kotoka International Airport',
      kind: 'transport',
      latitude: 5.6052,
      longitude: -0.1668,
    },
    { name: 'Kwame Nkrumah Circle', kind: 'transport', latitude: 5.5706, longitude: -0.2155 },
    { name: 'Tema Station', kind: 'transport', latitude: 5.5466, longitude: -0.2066 },
    {
      name: 'Achimota Transport Terminal',
      kind: 'transport',
      latitude: 5.6137,
      longitude: -0.2289,
    },
    { name: 'Madina Station', kind: 'transport', latitude: 5.6793, longitude: -0.1664 },
  ],
  Kumasi: [
    { name: 'KNUST', kind: 'university', latitude: 6.6745, longitude: -1.5716 },
    {
      name: 'Komfo Anokye Teaching Hospital',
      kind: 'hospital',
      latitude: 6.6979,
      longitude: -1.6286,
    },
    { name: 'Adum', kind: 'business', latitude: 6.6917, longitude: -1.6244 },
    { name: 'Kejetia Market', kind: 'business', latitude: 6.6975, longitude: -1.6218 },
    { name: 'Kumasi Airport', kind: 'transport', latitude: 6.7146, longitude: -1.5908 },
    { name: 'Kumasi City Mall, Asokwa', kind: 'business', latitude: 6.6711, longitude: -1.6101 },
  ],
  'Cape Coast': [
    { name: 'University of Cape Coast', kind: 'university', latitude: 5.1157, longitude: -1.2906 },
    {
      name: 'Cape Coast Teaching Hospital',
      kind: 'hospital',
      latitude: 5.1263,
      longitude: -1.2823,
    },
    { name: 'Kotokuraba Market', kind: 'business', latitude: 5.1072, longitude: -1.2467 },
  ],
  Tamale: [
    { name: 'Tamale Teaching Hospital', kind: 'hospital', latitude: 9.4117, longitude: -0.8358 },
    { name: 'Tamale Central Market', kind: 'business', latitude: 9.4012, longitude: -0.8424 },
    { name: 'Tamale Airport', kind: 'transport', latitude: 9.5572, longitude: -0.8633 },
  ],
  Tema: [
    { name: 'Tema Harbour', kind: 'business', latitude: 5.6353, longitude: 0.0092 },
    { name: 'Tema General Hospital', kind: 'hospital', latitude: 5.6695, longitude: -0.0096 },
    { name: 'Tema Community 1 Station', kind: 'transport', latitude: 5.6628, longitude: -0.0141 },
  ],
};

/** The landmarks of a city; none for one without a list. */
export const landmarksOf = (city: string): readonly Landmark[] =>
  Object.hasOwn(landmarks, city) ? landmarks[city]! : [];
