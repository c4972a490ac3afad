import { useSyncExternalStore } from 'react';

/**
 * Toasts: one at a time (spec), so a new toast replaces the current one. A small external
 * store lets any module raise a toast without a provider in its way.
 */
export type ToastMessage = {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A link under the text, to the page where the reader follows up (a saved search's alerts). */
  action?: { label: string; to: string };
  open: boolean;
};

let current: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function toast(message: Omit<ToastMessage, 'id' | 'open'>): void {
  current = [{ ...message, id: nextId++, open: true }];
  emit();
}

export function dismissToast(id: number): void {
  current = current.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
}

/** Drops every toast at once (tests start each case with none on screen). */
export function clearToasts(): void {
  current = [];
  emit();
}

/** No page is rendered with a toast on it (the server renderer, and hydration after it). */
const noToasts: ToastMessage[] = [];

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => noToasts,
  );
}
