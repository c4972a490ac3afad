import {
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';

/** How the reader used a deferred control before its code arrived. */
export type DeferredStart = {
  /** They pressed it: the real control opens at once. */
  open: boolean;
  /** It has the keyboard focus: the real trigger takes it over. */
  focus: boolean;
};

/** What the stand-in trigger of a deferred control listens to. */
export type StandInHandlers = {
  onPointerEnter: () => void;
  onFocus: () => void;
  onBlur: (event: FocusEvent) => void;
  onPointerDown: (event: PointerEvent) => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  'aria-expanded': false;
};

const loadedModules = new Map<() => Promise<unknown>, unknown>();

/**
 * A control whose real implementation (a Radix menu or drawer, with its positioning and
 * focus-trapping code) is not needed to show the page: a stand-in trigger that looks the same
 * is shown first, and the code loads on the first sign of use (pointer over it, focus, press).
 * Pressed before the code arrived, the control opens as soon as it has; focused, the real
 * trigger keeps the focus. `load` must be a module-level function (it keys a cache, so a
 * remount shows the real control at once).
 */
export function Deferred<M>({
  load,
  standIn,
  children,
}: {
  load: () => Promise<M>;
  standIn: (handlers: StandInHandlers) => ReactNode;
  children: (module: M, start: DeferredStart) => ReactNode;
}) {
  const [module, setModule] = useState(() => loadedModules.get(load) as M | undefined);
  const [requested, setRequested] = useState(false);
  const [start, setStart] = useState<DeferredStart>({ open: false, focus: false });

  if (module) return children(module, start);

  const request = () => {
    if (requested) return;
    setRequested(true);
    load().then(
      (loaded) => {
        loadedModules.set(load, loaded);
        setModule(() => loaded);
      },
      // Offline for a moment: the next sign of use tries again.
      () => setRequested(false),
    );
  };
  const open = () => {
    request();
    setStart((s) => ({ ...s, open: true }));
  };
  return standIn({
    onPointerEnter: request,
    onFocus: () => {
      request();
      setStart((s) => ({ ...s, focus: true }));
    },
    onBlur: () => setStart((s) => ({ ...s, focus: false })),
    onPointerDown: (event) => {
      if (event.button === 0 && !event.ctrlKey) open();
    },
    onClick: open,
    onKeyDown: (event) => {
      if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
        event.preventDefault();
        open();
      }
    },
    'aria-expanded': false,
  });
}
