import { memo, Suspense, use, useEffect, useRef, type ComponentType, type ReactNode } from 'react';

/*
 * Hydration that waits for the reader (issue 22; decision 020). A server-rendered page is
 * readable and its links work before any script runs; what makes a slow phone freeze is
 * React taking over every listing card at once. Parts wrapped in `HydrateOnInteraction` keep
 * the server's HTML, untouched by React, until the reader first presses, touches or tabs:
 * then they hydrate in slices, and the one pressed first at once (React hydrates the part an
 * event lands in before it handles the event). Pages drawn in the browser, and every page
 * after the first, render them straight away.
 */

/**
 * What the parts wait for: a promise the first interaction resolves, or, when nothing is
 * held, one marked resolved the way React marks the promises it tracks, so `use` returns at
 * once (a component must call `use` on every render once it has suspended on it).
 */
const open = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
let gate: Promise<void> = open;
let release: (() => void) | null = null;

const firstSigns = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Lets held parts hydrate (the first sign of the reader, or the app moving to another page). */
export function releaseHydration(): void {
  if (!release) return;
  for (const type of firstSigns) window.removeEventListener(type, releaseHydration, true);
  release();
  release = null;
}

/** Holds the wrapped parts of the page about to be hydrated (web/main.tsx) until the reader acts. */
export function holdHydrationUntilInteraction(): void {
  if (release) return;
  gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const type of firstSigns) {
    window.addEventListener(type, releaseHydration, { capture: true, passive: true });
  }
}

function WaitForTheReader({ children }: { children: ReactNode }) {
  use(gate);
  return children;
}

/**
 * A part of a page that hydrates on the reader's first interaction. Its parent must not
 * re-render it with new props before then (memoise it), or React draws it anew.
 */
export function HydrateOnInteraction({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WaitForTheReader>{children}</WaitForTheReader>
    </Suspense>
  );
}

/**
 * `Component` hydrating on the reader's first interaction, memoised so that its parent
 * re-rendering with the same props leaves it waiting (props from the query cache keep their
 * identity).
 */
export function hydratedOnInteraction<P extends object>(Component: ComponentType<P>) {
  return memo(function HydratedOnInteraction(props: P) {
    return (
      <HydrateOnInteraction>
        <Component {...props} />
      </HydrateOnInteraction>
    );
  });
}

/**
 * Releases held parts when the app moves to another address without a press (a redirect, a
 * search past its last page sent to the last one): what it mounts there must not wait.
 */
export function useReleaseHydrationOnNavigation(locationKey: string): void {
  const first = useRef(locationKey);
  useEffect(() => {
    if (locationKey !== first.current) releaseHydration();
  }, [locationKey]);
}
