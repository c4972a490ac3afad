import type { StyleSpecification } from 'maplibre-gl';
import type { MapSource } from '#common/maps';
import type { MapLibre } from './load-maplibre';

/**
 * The style a map draws with (issue 39), as the server is configured (GET /api/map): the style
 * at MAP_STYLE_URL, fetched here with a time limit, or Protomaps' basemap over the PMTiles file
 * the server serves (no labels: their fonts would come from a third party). When neither can
 * be had (no network, the host down or slow), a plain background: the markers and circles
 * still show, with a notice, never an error page.
 */
const STYLE_TIMEOUT_MS = 4000;

/** A plain background, in the page's muted green-grey. */
export const plainStyle: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e8eee9' } }],
};

let source: Promise<MapSource> | undefined;

function mapSource(): Promise<MapSource> {
  source ??= fetch('/api/map')
    .then((response) => response.json())
    // Typed, not parsed: the server checks every answer against the schema before it sends
    // it, and the schemas' code (Zod) would be the map's largest part after MapLibre.
    .then((body) => body as MapSource)
    .catch((error: unknown) => {
      source = undefined; // try again with the next map
      throw error;
    });
  return source;
}

export type ResolvedStyle = { style: StyleSpecification; plain: boolean; attribution: string };

export async function resolveStyle(maplibre: MapLibre): Promise<ResolvedStyle> {
  let configured: MapSource;
  try {
    configured = await mapSource();
  } catch {
    return { style: plainStyle, plain: true, attribution: '' };
  }
  const { attribution } = configured;
  try {
    if (configured.pmtilesUrl) {
      return {
        style: await pmtilesStyle(maplibre, configured.pmtilesUrl),
        plain: false,
        attribution,
      };
    }
    const response = await fetch(configured.styleUrl!, {
      signal: AbortSignal.timeout(STYLE_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`style: HTTP ${response.status}`);
    const style = (await response.json()) as StyleSpecification;
    if (style?.version !== 8) throw new Error('style: not a MapLibre style');
    return { style, plain: false, attribution: '' };
  } catch {
    return { style: plainStyle, plain: true, attribution };
  }
}

let protocolAdded = false;

async function pmtilesStyle(maplibre: MapLibre, url: string): Promise<StyleSpecification> {
  const [{ Protocol }, { layers, namedFlavor }] = await Promise.all([
    import('pmtiles'),
    import('@protomaps/basemaps'),
  ]);
  if (!protocolAdded) {
    maplibre.addProtocol('pmtiles', new Protocol().tile);
    protocolAdded = true;
  }
  return {
    version: 8,
    sources: {
      protomaps: { type: 'vector', url: `pmtiles://${new URL(url, window.location.href).href}` },
    },
    layers: layers('protomaps', namedFlavor('light')),
  };
}
