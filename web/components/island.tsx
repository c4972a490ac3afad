import type { ComponentType } from 'react';
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, type IslandName } from './island-names';

export type { IslandName } from './island-names';

/**
 * A part of a page that a visitor's browser brings to life on its own (decision 030): the
 * server renders it with the rest of the page, inside an element that names it and carries its
 * props; a visitor's first load runs no React at all, and the first touch of the island (a
 * press, a key, focus) loads React and the component and hydrates this element alone. In the
 * full app (signed-in readers, in-app pages) it is an ordinary part of the page.
 *
 * `props` must survive JSON (no functions, no dates): they are what the browser hydrates with.
 * The element takes no room of its own (`display: contents`), so layouts are unchanged.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  return (
    <div
      {...{ [ISLAND_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props) }}
      className="contents"
    >
      <Component {...props} />
    </div>
  );
}
