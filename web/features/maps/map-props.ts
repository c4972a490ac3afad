/**
 * What a map on a page shows (issue 39), as JSON in its element, so that a visitor's page
 * (no React, decision 030) and the app mount it the same way (mount-map.ts). Texts come
 * translated with it: the map's code carries no words of its own.
 */

export type MapTexts = {
  /** The map's name for screen readers. */
  region: string;
  /** Shown when the tiles cannot be had (no network, the tile host down). */
  noTiles: string;
  /** Shown when the device cannot draw a map (no WebGL). */
  noMap: string;
};

export type MapMarker = {
  id: string;
  latitude: number;
  longitude: number;
  /**
   * What the marker says: the rent with its period ("GH₵2,500/month"), or, when the results
   * mix currencies or periods, the converted figure the cards compare ("≈ GH₵18,560/month").
   */
  price: string;
  /** The listing's own rent with its period, on the marker's card (issue 51). */
  rent: string;
  title: string;
  place: string;
  href: string;
  image: string | null;
};

/** A listing's area: the 300 m circle around its public point, never a pin. */
export type AreaMapProps = {
  kind: 'area';
  latitude: number;
  longitude: number;
  radiusMeters: number;
  texts: MapTexts;
};

/** Search results as markers, clustered; "Search this area" sets the search's box. */
export type SearchMapProps = {
  kind: 'search';
  markers: MapMarker[];
  /** The box searched, `minLng,minLat,maxLng,maxLat`, to show; else the markers' extent. */
  bbox: string | null;
  /** Where the map looks with no marker and no box (the city searched, or Accra). */
  centre: { latitude: number; longitude: number };
  /** The search's address without its box and page: the area's search adds them. */
  searchUrl: string;
  texts: MapTexts & { searchArea: string; cluster: string; view: string };
};

/**
 * A listing's pin, dragged by its owner (the app only: the form hears of each move), or fixed:
 * the house a renter's confirmed viewing leads to (issue 50).
 */
export type PinMapProps = {
  kind: 'pin';
  latitude: number;
  longitude: number;
  /** Shown, not moved: no drag, no tap to move it. */
  fixed?: boolean;
  texts: MapTexts & { pin: string };
};

/**
 * Where a listing waiting for review is (issue 51), for administrators: the exact pin, the
 * circle renters see, the city's centre and, when the pin moved, the approved pin it left
 * (joined to the new one by a dashed line). Nothing moves.
 */
export type ReviewMapProps = {
  kind: 'review';
  pin: { latitude: number; longitude: number };
  previousPin: { latitude: number; longitude: number } | null;
  area: { latitude: number; longitude: number; radiusMeters: number };
  cityCentre: { latitude: number; longitude: number } | null;
  texts: MapTexts & { pin: string; previousPin: string; cityCentre: string };
};

export type MapProps = AreaMapProps | SearchMapProps | PinMapProps | ReviewMapProps;
