import { useEffect, useRef, type ReactNode } from 'react';
import type { Point } from '#common/geo';
import { MAP_ATTRIBUTE, MAP_PROPS_ATTRIBUTE } from './map-attributes';
import type { MapProps } from './map-props';

/**
 * A map's place on a page (issue 39). The server renders it with its props and what stands in
 * for it until it is drawn (`children`: the area in words, the results' count); the map code
 * (mount-map.ts: MapLibre and its worker, about 300 KB of brotli) loads only when a map is
 * shown: in the app when this mounts, on a visitor's page when it comes into view (the boot
 * script). Markers, circles and pins are drawn over the tiles, or over a plain background
 * when there are none.
 */
export function MapElement({
  props,
  className,
  children,
  onPin,
  lazy = false,
}: {
  props: MapProps;
  className?: string;
  children?: ReactNode;
  /** A pin map's new point. */
  onPin?: (point: Point) => void;
  /** Wait until a press on the element (data saver). */
  lazy?: boolean;
}) {
  const element = useRef<HTMLDivElement>(null);
  const pinListener = useRef(onPin);
  useEffect(() => {
    pinListener.current = onPin;
  });
  const json = JSON.stringify(props);
  useEffect(() => {
    const target = element.current;
    if (!target || lazy) return;
    let unmount: (() => void) | undefined;
    let gone = false;
    const draw = () =>
      void import('./mount-map')
        .then(({ mountMap }) =>
          mountMap(target, { onPin: (point) => pinListener.current?.(point) }),
        )
        .then((remove) => {
          if (gone) remove();
          else unmount = remove;
        })
        .catch((error: unknown) => console.warn('Map not drawn', error));
    // Drawn when it comes into view, as on a visitor's page (islands/boot.ts).
    const inView =
      'IntersectionObserver' in window
        ? new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              inView?.disconnect();
              draw();
            },
            { rootMargin: '200px' },
          )
        : null;
    if (inView) inView.observe(target);
    else draw();
    return () => {
      gone = true;
      inView?.disconnect();
      unmount?.();
    };
    // Drawn again only when what it shows changes.
  }, [json, lazy]);
  return (
    <div
      ref={element}
      {...{ [MAP_ATTRIBUTE]: props.kind, [MAP_PROPS_ATTRIBUTE]: json }}
      className={`relative overflow-hidden rounded-lg border border-border bg-[#e8eee9] ${className ?? ''}`}
    >
      {/* Full size, not absolute: MapLibre makes its container position: relative. */}
      <div data-map-canvas className="size-full" />
      {children}
    </div>
  );
}
