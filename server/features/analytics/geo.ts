import fs from 'node:fs';
import maxmind, { type CityResponse, type Reader } from 'maxmind';

/** Where an address is, as far as a GeoLite2 City database knows (English names). */
export type Place = { city: string | null; country: string | null };
export type GeoLookup = (ip: string) => Place;

export const noGeoLookup: GeoLookup = () => ({ city: null, country: null });

/** The part of a GeoLite2 City record we keep. */
export function placeOf(record: CityResponse | null | undefined): Place {
  return {
    city: record?.city?.names?.en ?? null,
    country: record?.country?.names?.en ?? record?.registered_country?.names?.en ?? null,
  };
}

export function geoLookupFrom(reader: Pick<Reader<CityResponse>, 'get'>): GeoLookup {
  return (ip) => {
    try {
      return placeOf(reader.get(ip));
    } catch {
      // Not an address the database can read (e.g. a malformed forwarded header).
      return { city: null, country: null };
    }
  };
}

/**
 * Opens the GeoLite2 City database named by GEOIP_DATABASE. MaxMind's licence does not let us
 * ship it: the operator downloads it. A missing or unreadable file stops the start with a clear
 * message rather than silently recording no places.
 */
export async function openGeoLookup(file: string | undefined): Promise<GeoLookup> {
  if (!file) return noGeoLookup;
  if (!fs.existsSync(file)) {
    throw new Error(`GEOIP_DATABASE: no file at ${file} (a GeoLite2-City.mmdb is expected)`);
  }
  const reader = await maxmind.open<CityResponse>(file);
  return geoLookupFrom(reader);
}
