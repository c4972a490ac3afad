import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SAVER_STORAGE_KEY, reloadDataSaver } from '../lib/data-saver';
import i18next, { i18nReady } from '../lib/i18n';
import { DataSaverSwitch } from './data-saver-switch';

beforeAll(() => i18nReady);
afterEach(async () => {
  window.localStorage.removeItem(DATA_SAVER_STORAGE_KEY);
  act(() => reloadDataSaver());
  await i18next.changeLanguage('en');
});

describe('DataSaverSwitch', () => {
  it('is a named switch that turns data saver on and off, and says what it does', async () => {
    const user = userEvent.setup();
    render(<DataSaverSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Data saver' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Smaller photos, loaded only when you open them',
    );
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(window.localStorage.getItem(DATA_SAVER_STORAGE_KEY)).toBe('on');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('speaks the reader’s language', async () => {
    await i18next.changeLanguage('fr');
    render(<DataSaverSwitch />);
    expect(screen.getByRole('switch', { name: 'Économiseur de données' })).toBeTruthy();
  });
});
