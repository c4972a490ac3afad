import type { ComponentType } from 'react';
import type { IslandName } from '../components/island-names';

/**
 * Any island's component: its props are whatever JSON the page carries for it. `any`, because
 * a component of particular props is not a ComponentType<unknown> (props are contravariant).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type IslandComponent = ComponentType<any>;

/**
 * Where each island's code is (decision 030): loaded when a visitor first touches the island,
 * so a page's first load grows by nothing when a feature adds one. A new island is a name in
 * components/island-names.ts and a line here; the type refuses a name without its loader.
 */
export const islandLoaders: Record<IslandName, () => Promise<IslandComponent>> = {
  header: () => import('../layout/header').then((m) => m.Header),
  'search-form': () => import('../features/properties/search-form').then((m) => m.SearchPanel),
  gallery: () => import('../features/properties/gallery').then((m) => m.Gallery),
  share: () => import('../features/properties/share-button').then((m) => m.ShareButton),
  'data-saver': () => import('../layout/data-saver-switch').then((m) => m.DataSaverSwitch),
  'offline-notice': () => import('../features/offline/offline-notice').then((m) => m.OfflineNotice),
  'near-me': () => import('../features/properties/near-me-button').then((m) => m.NearMeButton),
};
