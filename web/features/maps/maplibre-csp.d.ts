// MapLibre's CSP build ships without its own types: they are the main build's.
declare module 'maplibre-gl/dist/maplibre-gl-csp.js' {
  import * as maplibre from 'maplibre-gl';
  export default maplibre;
}
