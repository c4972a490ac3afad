import { createContext, useContext, useSyncExternalStore } from 'react';
import { DATA_SAVER_COOKIE } from '#common/page-render';
import { rememberInCookie } from './cookies';

/**
 * Data saver (issue 22): the smallest photo sizes, and gallery photos loaded only when the
 * reader opens them. On when the reader turned it on in the footer, or, until they choose,
 * when the browser asks to save data (`Save-Data`, `navigator.connection.saveData`: Chrome's
 * Lite mode and Android's data saver set it).
 */
export const DATA_SAVER_STORAGE_KEY = 'abode.dataSaver';

type NetworkInformation = { saveData?: boolean };

function browserAsksToSaveData(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (
    (navigator as Navigator & { connection?: NetworkInformation }).connection?.saveData === true
  );
}

/** The reader's own choice, if storage lets us read it; null until they choose. */
function chosen(): boolean | null {
  try {
    const value = window.localStorage.getItem(DATA_SAVER_STORAGE_KEY);
    return value === 'on' ? true : value === 'off' ? false : null;
  } catch {
    return null;
  }
}

let on = typeof window === 'undefined' ? false : (chosen() ?? browserAsksToSaveData());
const listeners = new Set<() => void>();

export function setDataSaver(next: boolean): void {
  try {
    window.localStorage.setItem(DATA_SAVER_STORAGE_KEY, next ? 'on' : 'off');
  } catch {
    // not remembered: this visit only
  }
  // The server reads the choice too, so a page it renders starts with the right photo sizes.
  rememberInCookie(DATA_SAVER_COOKIE, next ? 'on' : 'off');
  if (next === on) return;
  on = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => on;

/**
 * What a page rendered on the server was rendered with (web/app.tsx provides it): React
 * renders with it there, and hydrates with it in the browser, then applies the reader's own
 * setting if it differs, so the HTML and the first render agree.
 */
export const RenderedDataSaver = createContext(false);

export function useDataSaver(): boolean {
  const rendered = useContext(RenderedDataSaver);
  return useSyncExternalStore(subscribe, current, () => rendered);
}

/** Reads the choice again (tests change storage and the browser's flag between cases). */
export function reloadDataSaver(): void {
  on = chosen() ?? browserAsksToSaveData();
  for (const listener of listeners) listener();
}
