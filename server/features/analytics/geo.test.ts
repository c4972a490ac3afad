import { describe, expect, it } from 'vitest';
import { geoLookupFrom, openGeoLookup, placeOf } from './geo';

describe('GeoLite2 lookup', () => {
  it('keeps the English city and country of a GeoLite2 City record', () => {
    const record = {
      city: { geoname_id: 2306104, names: { en: 'Accra', fr: 'Accra' } },
      country: { geoname_id: 2300660, iso_code: 'GH', names: { en: 'Ghana', de: 'Ghana' } },
    };
    expect(placeOf(record as never)).toEqual({ city: 'Accra', country: 'Ghana' });
    // Some networks are only known by the country they are registered in.
    expect(placeOf({ registered_country: { names: { en: 'Kenya' } } } as never)).toEqual({
      city: null,
      country: 'Kenya',
    });
    expect(placeOf(null)).toEqual({ city: null, country: null });
  });

  it('answers no place when the reader cannot read the address', () => {
    const lookup = geoLookupFrom({
      get: () => {
        throw new Error('Invalid IP address');
      },
    });
    expect(lookup('not-an-ip')).toEqual({ city: null, country: null });
  });

  it('needs no database, but refuses to start with one configured that is missing', async () => {
    expect((await openGeoLookup(undefined))('41.66.200.17')).toEqual({ city: null, country: null });
    await expect(openGeoLookup('/nonexistent/GeoLite2-City.mmdb')).rejects.toThrow(
      /GEOIP_DATABASE: no file/,
    );
  });
});
