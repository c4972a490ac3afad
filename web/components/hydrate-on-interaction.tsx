import { memo, Suspense, use, useEffect, type ComponentType, type ReactNode } from 'react';

/**
 * Hydration that waits for the reader (issue 22; decision 020). A server-rendered page is
 * readable and its links work before any script runs; what makes a slow phone freeze is
 * React taking over every listing card at once. Parts wrapped in `HydrateOnInteraction` keep
 * the server's HTML, untouched by React, until the reader first presses, touches or tabs:
 * then they hydrate in slices, and the one pressed first at once (React hydrates the part an
 * event lands in before it handles the event). Pages drawn in the browser, and every page
 * after the first, render them straight away.
 */
let held: Promise<void> | null = null;
let release: () => void = () => {};

const firstSigns = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Lets held parts hydrate (the first sign of the reader, or the app moving to another page). */
export function releaseHydration(): void {
  if (!held) return;
  held = null;
  for (const type of firstSigns) window.removeEventListener(type, releaseHydration, true);
  release();
}

/** Holds the wrapped parts of the page about to be hydrated (web/main.tsx) until the reader acts. */
export function holdHydrationUntilInteraction(): void {
  if (held) return;
  held = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const type of firstSigns) {
    window.addEventListener(type, releaseHydration, { capture: true, passive: true });
  }
}

function WaitForTheReader({ children }: { children: ReactNode }) {
  if (held) use(held);
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

/** Releases held parts when the app moves to another page without a press (a redirect). */
export function useReleaseHydrationOnNavigation(pathname: string): void {
  useEffect(() => {
    return () => releaseHydration();
  }, [pathname]);
}
