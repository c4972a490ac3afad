import outlines from './country-outlines.json' with { type: 'json' };

/**
 * Whether a listing's map point lies in its country: the countries' outlines
 * (country-outlines.json, written by scripts/country-outlines.mjs from Natural Earth and the US
 * Census Bureau) and a point-in-polygon test, with no geocoding service to ask.
 */

/**
 * How far outside an outline a point may be and still count as in the country. The outlines are
 * small-scale maps (1:10m, a few hundred points a country): their coast runs in straight chords
 * that cut off beaches, spits and small peninsulas, and a house on the coast must not be
 * refused. 2 km still refuses the neighbours' towns (Lomé, Port-au-Prince) and the open sea.
 */
export const BORDER_TOLERANCE_METERS = 2000;

/** Metres in a degree of latitude, and of longitude at the equator (WGS 84). */
const METERS_PER_DEGREE_LAT = 110_574;
const METERS_PER_DEGREE_LNG = 111_320;

type Ring = [number, number][];
/** A polygon's rings: its outline first, then any holes. Points are [longitude, latitude]. */
type Polygon = { rings: Ring[]; minLng: number; maxLng: number; minLat: number; maxLat: number };

/**
 * Each polygon with its bounding box grown by the tolerance, computed once: a point far from a
 * polygon is rejected by four comparisons, so a call costs microseconds.
 */
const countries = new Map(
  Object.entries(outlines as unknown as Record<string, Ring[][]>).map(([country, polygons]) => [
    country,
    polygons.map((rings): Polygon => {
      const points = rings.flat();
      const lats = points.map(([, lat]) => lat);
      const lngs = points.map(([lng]) => lng);
      const marginLat = BORDER_TOLERANCE_METERS / METERS_PER_DEGREE_LAT;
      // A degree of longitude is shortest at the latitude farthest from the equator.
      const maxAbsLat = Math.max(...lats.map(Math.abs)) + marginLat;
      const marginLng =
        BORDER_TOLERANCE_METERS / (METERS_PER_DEGREE_LNG * Math.cos((maxAbsLat * Math.PI) / 180));
      return {
        rings,
        minLng: Math.min(...lngs) - marginLng,
        maxLng: Math.max(...lngs) + marginLng,
        minLat: Math.min(...lats) - marginLat,
        maxLat: Math.max(...lats) + marginLat,
      };
    }),
  ]),
);

/** Ray casting: whether a horizontal ray from the point crosses the ring an odd number of times. */
function inRing(ring: Ring, lat: number, lng: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [lngI, latI] = ring[i]!;
    const [lngJ, latJ] = ring[j]!;
    if (latI > lat !== latJ > lat && lng < ((lngJ - lngI) * (lat - latI)) / (latJ - latI) + lngI) {
      inside = !inside;
    }
  }
  return inside;
}

/**
 * Whether any edge of the ring passes within the tolerance of the point. Distances are in a
 * local equirectangular projection around the point: exact enough over 2 km, and cheap.
 */
function nearRing(ring: Ring, lat: number, lng: number): boolean {
  const scaleX = Math.cos((lat * Math.PI) / 180) * METERS_PER_DEGREE_LNG;
  const limit = BORDER_TOLERANCE_METERS * BORDER_TOLERANCE_METERS;
  for (let i = 1; i < ring.length; i += 1) {
    const [lngA, latA] = ring[i - 1]!;
    const [lngB, latB] = ring[i]!;
    // The segment A→B with the point at the origin, in metres.
    const ax = (lngA - lng) * scaleX;
    const ay = (latA - lat) * METERS_PER_DEGREE_LAT;
    const dx = (lngB - lngA) * scaleX;
    const dy = (latB - latA) * METERS_PER_DEGREE_LAT;
    const length = dx * dx + dy * dy;
    // Where along the segment the point's foot falls, held to its ends.
    const t = length === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / length));
    const x = ax + t * dx;
    const y = ay + t * dy;
    if (x * x + y * y <= limit) return true;
  }
  return false;
}

/**
 * Whether the point lies inside the country's outline (not in one of its holes) or within
 * BORDER_TOLERANCE_METERS of its edge. A country without an outline has no point in it.
 */
export function pointInCountry(country: string, latitude: number, longitude: number): boolean {
  const polygons = countries.get(country);
  if (!polygons) return false;
  for (const polygon of polygons) {
    if (
      latitude < polygon.minLat ||
      latitude > polygon.maxLat ||
      longitude < polygon.minLng ||
      longitude > polygon.maxLng
    ) {
      continue;
    }
    const [outer, ...holes] = polygon.rings;
    if (!outer) continue;
    if (
      inRing(outer, latitude, longitude) &&
      !holes.some((hole) => inRing(hole, latitude, longitude))
    ) {
      return true;
    }
    // Outside, or in a hole: near enough to any of the polygon's edges still counts.
    if (polygon.rings.some((ring) => nearRing(ring, latitude, longitude))) return true;
  }
  return false;
}
