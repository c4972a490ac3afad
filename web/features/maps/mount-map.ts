import type { LngLatBoundsLike, Map as MapLibreMap, Marker } from 'maplibre-gl';
import type { Point } from '#common/geo';
import { loadMaplibre, type MapLibre } from './load-maplibre';
import { resolveStyle } from './map-style';
import { MAP_PROPS_ATTRIBUTE } from './map-attributes';
import type {
  AreaMapProps,
  MapMarker,
  MapProps,
  PinMapProps,
  ReviewMapProps,
  SearchMapProps,
} from './map-props';

/**
 * Draws a map into its element (map-element.tsx) from the props the element carries (issue
 * 39): a visitor's page calls this from the boot script when the map comes into view, the app
 * from the component. No React: a visitor's page runs none until touched (decision 030), and
 * a map is drawn the same either way. Returns a function that removes the map.
 */
export type MountOptions = {
  /** A pin map's new point, each time its owner lets go of the pin. */
  onPin?: (point: Point) => void;
};

const canvasOf = (element: HTMLElement) =>
  element.querySelector<HTMLElement>('[data-map-canvas]') ?? element;

/**
 * The map drawn in each element, and the latest call to draw one: one map per element, the
 * latest call's, whoever asks (the boot script, a component drawn again with new props).
 */
const drawnIn = new WeakMap<HTMLElement, { call: object; remove?: () => void }>();

export async function mountMap(element: HTMLElement, options: MountOptions = {}) {
  const props = JSON.parse(element.getAttribute(MAP_PROPS_ATTRIBUTE) ?? 'null') as MapProps;
  if (!props) return () => undefined;
  const call = {};
  const state = drawnIn.get(element) ?? {};
  drawnIn.set(element, { ...state, call });
  const maplibre = await loadMaplibre();
  const { style, plain, attribution } = await resolveStyle(maplibre);
  const current = drawnIn.get(element);
  // A later call draws instead; the map drawn before it goes.
  if (current?.call !== call) return () => undefined;
  current.remove?.();
  const container = canvasOf(element);
  let map: MapLibreMap;
  try {
    map = new maplibre.Map({
      container,
      style,
      ...viewOf(props),
      attributionControl: {
        compact: true,
        ...(attribution ? { customAttribution: attribution } : {}),
      },
      // A page scrolls under a finger: the map moves with two (or Ctrl and the wheel).
      cooperativeGestures:
        props.kind === 'area' ||
        props.kind === 'review' ||
        (props.kind === 'pin' && props.fixed === true),
      interactive: true,
    });
  } catch {
    // No WebGL on this device: the page's list (or address) stays the way through.
    container.replaceChildren();
    notice(element, props.texts.noMap);
    return () => undefined;
  }
  map.getCanvas().setAttribute('aria-label', props.texts.region);
  map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
  if (plain) notice(element, props.texts.noTiles);
  // Tiles or their source failing after the style came (the host down mid-way, the archive
  // unreachable): the same notice, once.
  map.on('error', (event) => {
    const failed = event as { tile?: unknown; sourceId?: unknown };
    if (failed.tile !== undefined || failed.sourceId !== undefined) {
      notice(element, props.texts.noTiles);
    }
  });
  element.setAttribute('data-map-ready', plain ? 'plain' : 'tiles');
  const drawn =
    props.kind === 'area'
      ? drawArea(map, props)
      : props.kind === 'search'
        ? await drawSearch(maplibre, map, element, props)
        : props.kind === 'review'
          ? drawReview(maplibre, map, props)
          : drawPin(maplibre, map, props, options);
  const remove = () => {
    drawn?.();
    map.remove();
    element.removeAttribute('data-map-ready');
    if (drawnIn.get(element)?.remove === remove) drawnIn.delete(element);
  };
  drawnIn.set(element, { call, remove });
  return remove;
}

/** A review map frames the city's centre too when it is at most this far from the pin. */
const REVIEW_CENTRE_SHOWN_METERS = 2000;

/** Where a map first looks. */
function viewOf(props: MapProps): {
  center?: [number, number];
  zoom?: number;
  bounds?: LngLatBoundsLike;
  fitBoundsOptions?: {
    padding: number | { top: number; right: number; bottom: number; left: number };
    maxZoom: number;
  };
} {
  if (props.kind === 'area') return { center: [props.longitude, props.latitude], zoom: 14 };
  if (props.kind === 'pin') return { center: [props.longitude, props.latitude], zoom: 15 };
  const fit = { padding: 40, maxZoom: 15 };
  if (props.kind === 'review') {
    // The pin, the circle and the pin it moved from; the city's centre when it is near (a far
    // one would leave the circle a dot: the card says how far it is, and zooming out shows it).
    const { area, pin, cityCentre } = props;
    const scale = Math.cos((area.latitude * Math.PI) / 180);
    const dLat = area.radiusMeters / 111_320;
    const dLng = dLat / scale;
    const near =
      cityCentre &&
      Math.hypot(
        cityCentre.latitude - pin.latitude,
        (cityCentre.longitude - pin.longitude) * scale,
      ) *
        111_320 <=
        REVIEW_CENTRE_SHOWN_METERS;
    const points = [
      pin,
      { latitude: area.latitude - dLat, longitude: area.longitude - dLng },
      { latitude: area.latitude + dLat, longitude: area.longitude + dLng },
      ...(props.previousPin ? [props.previousPin] : []),
      ...(near ? [cityCentre] : []),
    ];
    const lngs = points.map((p) => p.longitude);
    const lats = points.map((p) => p.latitude);
    return {
      bounds: [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)],
      // Clear of the zoom buttons (right) and the attribution (bottom); a pin stands above its
      // point (top).
      fitBoundsOptions: { padding: { top: 52, right: 56, bottom: 44, left: 32 }, maxZoom: 15 },
    };
  }
  if (props.bbox) {
    const [w, s, e, n] = props.bbox.split(',').map(Number) as [number, number, number, number];
    return { bounds: [w, s, e, n], fitBoundsOptions: { padding: 0, maxZoom: 17 } };
  }
  if (props.markers.length > 0) {
    const lngs = props.markers.map((m) => m.longitude);
    const lats = props.markers.map((m) => m.latitude);
    return {
      bounds: [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)],
      fitBoundsOptions: fit,
    };
  }
  return { center: [props.centre.longitude, props.centre.latitude], zoom: 11 };
}

/** A short line over the map saying what it cannot show, above the attribution. */
function notice(element: HTMLElement, text: string): void {
  if (element.querySelector('[data-map-notice]')) return;
  const line = document.createElement('p');
  line.setAttribute('data-map-notice', '');
  line.setAttribute('role', 'status');
  line.className =
    'absolute bottom-9 left-2 z-10 max-w-[80%] rounded bg-white/90 px-2 py-1 text-xs text-zinc-700 shadow';
  line.textContent = text;
  element.append(line);
}

/** The area of a listing: a circle of its radius around its public point, no pin. */
function drawArea(map: MapLibreMap, props: AreaMapProps): () => void {
  const add = () => {
    map.addSource('area', { type: 'geojson', data: circle(props, props.radiusMeters) });
    map.addLayer({
      id: 'area-fill',
      type: 'fill',
      source: 'area',
      paint: { 'fill-color': '#0f766e', 'fill-opacity': 0.18 },
    });
    map.addLayer({
      id: 'area-line',
      type: 'line',
      source: 'area',
      paint: { 'line-color': '#0f766e', 'line-width': 2 },
    });
  };
  if (map.isStyleLoaded()) add();
  else map.once('load', add);
  return () => undefined;
}

/**
 * A listing under review (issue 51): the circle renters see, the exact pin (the colour of the
 * app's pins), the approved pin it moved from (grey, a dashed line to the new one) and the
 * city's centre (a ringed dot). Each marker is named for screen readers and on hover.
 */
function drawReview(maplibre: MapLibre, map: MapLibreMap, props: ReviewMapProps): () => void {
  const add = () => {
    map.addSource('review-area', {
      type: 'geojson',
      data: circle(props.area, props.area.radiusMeters),
    });
    map.addLayer({
      id: 'review-area-fill',
      type: 'fill',
      source: 'review-area',
      paint: { 'fill-color': '#0f766e', 'fill-opacity': 0.18 },
    });
    map.addLayer({
      id: 'review-area-line',
      type: 'line',
      source: 'review-area',
      paint: { 'line-color': '#0f766e', 'line-width': 2 },
    });
    if (props.previousPin) {
      const from = props.previousPin;
      map.addSource('review-move', {
        type: 'geojson',
        data: {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [from.longitude, from.latitude],
              [props.pin.longitude, props.pin.latitude],
            ],
          },
        },
      });
      map.addLayer({
        id: 'review-move-line',
        type: 'line',
        source: 'review-move',
        paint: { 'line-color': '#3f3f46', 'line-width': 2, 'line-dasharray': [2, 2] },
      });
    }
  };
  if (map.isStyleLoaded()) add();
  else map.once('load', add);
  const named = (marker: Marker, text: string) => {
    marker.getElement().setAttribute('aria-label', text);
    marker.getElement().setAttribute('title', text);
    return marker;
  };
  const markers: Marker[] = [];
  if (props.cityCentre) {
    const dot = document.createElement('div');
    dot.className = 'size-4 rounded-full border-[3px] border-zinc-800 bg-white shadow';
    markers.push(
      named(
        new maplibre.Marker({ element: dot })
          .setLngLat([props.cityCentre.longitude, props.cityCentre.latitude])
          .addTo(map),
        props.texts.cityCentre,
      ),
    );
  }
  if (props.previousPin) {
    markers.push(
      named(
        new maplibre.Marker({ color: '#a1a1aa' })
          .setLngLat([props.previousPin.longitude, props.previousPin.latitude])
          .addTo(map),
        props.texts.previousPin,
      ),
    );
  }
  markers.push(
    named(
      new maplibre.Marker({ color: '#0f766e' })
        .setLngLat([props.pin.longitude, props.pin.latitude])
        .addTo(map),
      props.texts.pin,
    ),
  );
  return () => {
    for (const marker of markers) marker.remove();
  };
}

/** A circle as a polygon of 64 points (metres to degrees at its latitude). */
function circle(centre: Point, metres: number): GeoJSON.Feature<GeoJSON.Polygon> {
  const dLat = metres / 111_320;
  const dLng = metres / (111_320 * Math.cos((centre.latitude * Math.PI) / 180));
  const ring: [number, number][] = [];
  for (let i = 0; i <= 64; i++) {
    const angle = (i / 64) * 2 * Math.PI;
    ring.push([
      centre.longitude + dLng * Math.cos(angle),
      centre.latitude + dLat * Math.sin(angle),
    ]);
  }
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
}

/** A pin its owner drags; the form hears where it was let go. */
function drawPin(
  maplibre: MapLibre,
  map: MapLibreMap,
  props: PinMapProps,
  options: MountOptions,
): () => void {
  const marker = new maplibre.Marker({ draggable: !props.fixed, color: '#0f766e' })
    .setLngLat([props.longitude, props.latitude])
    .addTo(map);
  marker.getElement().setAttribute('aria-label', props.texts.pin);
  if (props.fixed) return () => marker.remove();
  marker.on('dragend', () => {
    const { lng, lat } = marker.getLngLat();
    options.onPin?.({ latitude: round(lat), longitude: round(lng) });
  });
  // A tap on the map puts the pin there too (easier than a drag on a small screen).
  map.on('click', (event) => {
    marker.setLngLat(event.lngLat);
    options.onPin?.({ latitude: round(event.lngLat.lat), longitude: round(event.lngLat.lng) });
  });
  return () => marker.remove();
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Search results as markers with their rent, clustered where they crowd (supercluster); a
 * marker's card on a tap; "Search this area" once the map has moved. Markers are buttons, in
 * the order of the results, so Tab reaches them.
 */
async function drawSearch(
  maplibre: MapLibre,
  map: MapLibreMap,
  element: HTMLElement,
  props: SearchMapProps,
): Promise<() => void> {
  const { default: Supercluster } = await import('supercluster');
  const index = new Supercluster<{ marker: MapMarker }>({ radius: 56, maxZoom: 16 });
  index.load(
    props.markers.map((marker) => ({
      type: 'Feature',
      properties: { marker },
      geometry: { type: 'Point', coordinates: [marker.longitude, marker.latitude] },
    })),
  );
  let shown: Marker[] = [];
  const popup = new maplibre.Popup({ closeButton: true, maxWidth: '260px', offset: 18 });
  const render = () => {
    for (const marker of shown) marker.remove();
    const bounds = map.getBounds();
    const clusters = index.getClusters(
      [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
      Math.floor(map.getZoom()),
    );
    shown = clusters.map((feature) => {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const cluster = feature.properties as {
        cluster?: boolean;
        cluster_id?: number;
        point_count?: number;
      };
      const button = document.createElement('button');
      button.type = 'button';
      if (cluster.cluster) {
        button.className =
          'grid size-10 place-items-center rounded-full border-2 border-white bg-primary text-sm font-semibold text-white shadow';
        button.textContent = String(cluster.point_count);
        button.setAttribute(
          'aria-label',
          props.texts.cluster.replace('{{count}}', String(cluster.point_count)),
        );
        button.addEventListener('click', () =>
          map.easeTo({
            center: [lng, lat],
            zoom: index.getClusterExpansionZoom(cluster.cluster_id!),
          }),
        );
      } else {
        const { marker } = feature.properties as { marker: MapMarker };
        button.className =
          'rounded-full border border-zinc-300 bg-white px-2 py-1 text-xs font-semibold text-zinc-900 shadow hover:bg-zinc-100 aria-expanded:bg-primary aria-expanded:text-white';
        button.textContent = marker.price;
        button.setAttribute('aria-label', `${marker.title}, ${marker.price}`);
        button.setAttribute('data-listing-id', marker.id);
        button.addEventListener('click', (event) => {
          event.stopPropagation();
          popup.setLngLat([lng, lat]).setDOMContent(card(marker, props.texts.view)).addTo(map);
        });
      }
      return new maplibre.Marker({ element: button }).setLngLat([lng, lat]).addTo(map);
    });
  };
  map.on('moveend', render);
  if (map.loaded()) render();
  else map.once('load', render);
  render();

  // "Search this area": shown once the reader moved the map; searches the box they look at.
  const searchArea = element.querySelector<HTMLAnchorElement>('[data-map-search-area]');
  const areaUrl = () => {
    const b = map.getBounds();
    const box = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]
      .map((n) => n.toFixed(5))
      .join(',');
    const url = new URL(props.searchUrl, window.location.href);
    url.searchParams.set('bbox', box);
    url.searchParams.delete('page');
    return url.pathname + url.search;
  };
  const moved = (event: { originalEvent?: unknown }) => {
    if (!searchArea || !event.originalEvent) return;
    searchArea.href = areaUrl();
    searchArea.hidden = false;
  };
  map.on('moveend', moved);
  return () => {
    for (const marker of shown) marker.remove();
    popup.remove();
  };
}

/** A marker's card: its photo, title, place and rent, and the way to its page. */
function card(marker: MapMarker, view: string): HTMLElement {
  const link = document.createElement('a');
  link.href = marker.href;
  link.className = 'grid gap-1 text-sm text-zinc-900 no-underline';
  if (marker.image) {
    const image = document.createElement('img');
    image.src = marker.image;
    image.alt = '';
    // Short, so that the card fits over a phone's map with its link.
    image.width = 240;
    image.height = 96;
    image.className = 'h-24 w-full rounded object-cover';
    link.append(image);
  }
  const title = document.createElement('span');
  title.className = 'font-semibold';
  title.textContent = marker.title;
  const place = document.createElement('span');
  place.className = 'text-zinc-600';
  place.textContent = marker.place;
  const rent = document.createElement('span');
  rent.className = 'font-semibold';
  rent.textContent = marker.rent;
  // The converted figure the marker showed, when the results mix currencies or periods.
  const compared = marker.price === marker.rent ? [] : [document.createElement('span')];
  for (const line of compared) {
    line.className = 'text-zinc-700';
    line.textContent = marker.price;
  }
  const more = document.createElement('span');
  more.className = 'text-primary-hover underline';
  more.textContent = view;
  link.append(title, place, rent, ...compared, more);
  return link;
}
