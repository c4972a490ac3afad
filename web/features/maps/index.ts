/** Maps (issue 39): what other features use of this one. */
export { MapElement } from './map-element';
export type {
  AreaMapProps,
  MapMarker,
  PinMapProps,
  ReviewMapProps,
  SearchMapProps,
} from './map-props';
