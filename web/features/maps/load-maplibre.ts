import type * as maplibreTypes from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';

/**
 * MapLibre GL JS, loaded when a map is shown and never before (issue 39: about 200 KB of
 * brotli the first pages must not carry). Its CSP build: the worker is a file of ours
 * (worker-src 'self'), not a blob, and nothing is evaluated from strings.
 */
export type MapLibre = typeof maplibreTypes;

let loading: Promise<MapLibre> | undefined;

export function loadMaplibre(): Promise<MapLibre> {
  loading ??= Promise.all([
    import('maplibre-gl/dist/maplibre-gl-csp.js'),
    import('maplibre-gl/dist/maplibre-gl.css'),
  ])
    .then(([module]) => {
      // A UMD bundle: the namespace arrives as the CommonJS default.
      const maplibre = ((module as { default?: MapLibre }).default ?? module) as MapLibre;
      maplibre.setWorkerUrl(workerUrl);
      return maplibre;
    })
    .catch((error: unknown) => {
      loading = undefined; // a failed download is tried again by the next map
      throw error;
    });
  return loading;
}
