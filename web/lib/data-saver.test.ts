import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_SAVER_STORAGE_KEY, reloadDataSaver, setDataSaver, useDataSaver } from './data-saver';

const connection = (saveData: boolean) =>
  Object.defineProperty(navigator, 'connection', { value: { saveData }, configurable: true });

afterEach(() => {
  window.localStorage.removeItem(DATA_SAVER_STORAGE_KEY);
  Reflect.deleteProperty(navigator, 'connection');
  act(() => reloadDataSaver());
});

describe('data saver', () => {
  it('is off by default', () => {
    expect(renderHook(() => useDataSaver()).result.current).toBe(false);
  });

  it('is on when the browser asks to save data (Save-Data), until the reader chooses', () => {
    connection(true);
    act(() => reloadDataSaver());
    const { result } = renderHook(() => useDataSaver());
    expect(result.current).toBe(true);
    act(() => setDataSaver(false));
    expect(result.current).toBe(false);
    // Remembered: the reader's choice wins over the browser's on the next visit.
    act(() => reloadDataSaver());
    expect(result.current).toBe(false);
    expect(window.localStorage.getItem(DATA_SAVER_STORAGE_KEY)).toBe('off');
  });

  it('remembers the footer switch', () => {
    const { result } = renderHook(() => useDataSaver());
    act(() => setDataSaver(true));
    expect(result.current).toBe(true);
    act(() => reloadDataSaver());
    expect(result.current).toBe(true);
  });
});
