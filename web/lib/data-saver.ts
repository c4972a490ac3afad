import { useSyncExternalStore } from 'react';

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
  if (next === on) return;
  on = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => on;

export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, current, current);
}

/** Reads the choice again (tests change storage and the browser's flag between cases). */
export function reloadDataSaver(): void {
  on = chosen() ?? browserAsksToSaveData();
  for (const listener of listeners) listener();
}
