/**
 * The attributes a map's element carries (issue 39). Apart from the rest, and imported by the
 * boot script, so that the map's code (mount-map.ts) shares nothing with the app's first-page
 * chunk: on a visitor's page, drawing a map must not load the app.
 */
export const MAP_ATTRIBUTE = 'data-map';
export const MAP_PROPS_ATTRIBUTE = 'data-map-props';
