// Apart from island.tsx so the boot script reads them without React (decision 030).

/**
 * The parts of a public page that need a script to answer a reader (issue 36; decision 030).
 * Each name has a loader in web/islands/registry.ts, which the type checks.
 */
export type IslandName =
  'header' | 'search-form' | 'gallery' | 'share' | 'data-saver' | 'offline-notice' | 'near-me';

/** The attribute marking an island's element in the page's HTML. */
export const ISLAND_ATTRIBUTE = 'data-island';
/** The attribute holding the island's props, as JSON. */
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';
