import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SAVER_STORAGE_KEY, reloadDataSaver, setDataSaver } from '../../lib/data-saver';
import { i18nReady } from '../../lib/i18n';
import { makeProperty } from '../../testing/properties';
import { Gallery } from './gallery';
import { listingImages } from './property-image';

beforeAll(() => i18nReady);
afterEach(() => {
  window.localStorage.removeItem(DATA_SAVER_STORAGE_KEY);
  act(() => reloadDataSaver());
});

const images = () => listingImages(makeProperty());

describe('Gallery and data saver', () => {
  it('shows the photos at the size the screen picks, with thumbnails, normally', () => {
    const list = images();
    const { container } = render(<Gallery images={list} title="Flat" />);
    const photos = container.querySelectorAll('img');
    expect(photos.length).toBe(1 + list.length);
    expect(photos[0]!.getAttribute('srcset')).toContain('1200w');
  });

  it('with data saver, loads only the photo on screen, at the smallest size, and the next one when opened', async () => {
    act(() => setDataSaver(true));
    const user = userEvent.setup();
    const list = images();
    const { container } = render(<Gallery images={list} title="Flat" />);
    let photos = container.querySelectorAll('img');
    expect(photos).toHaveLength(1);
    expect(photos[0]!.getAttribute('src')).toMatch(/-400\.webp$/);
    expect(photos[0]!.hasAttribute('srcset')).toBe(false);

    await user.click(screen.getByRole('button', { name: /2 of/ }));
    photos = container.querySelectorAll('img');
    expect(photos).toHaveLength(1);
    const second = list[1]!;
    if (!('photo' in second)) throw new Error('the test listing has photos');
    expect(photos[0]!.getAttribute('src')).toBe(`/files/${second.photo.key}-400.webp`);
  });
});
