/**
 * Points on the map (issue 39): how far renters are kept from a listing's exact pin, when a
 * moved pin needs review, and the distance between two points.
 */

/** The public point is at most this far from the pin (the blur, migration 0041). */
export const LOCATION_RADIUS_METERS = 300;

/** An approved listing's pin moved further than this goes back for review. */
export const POINT_REVIEW_METERS = 1000;

export type Point = { latitude: number; longitude: number };

const EARTH_RADIUS_METERS = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points (haversine), in metres. */
export function distanceMeters(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}
