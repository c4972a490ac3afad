import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProperty } from '#common/admin';
import { setDataSaver } from '../../lib/data-saver';
import { makeAdminProperty } from '../../testing/admin';
import { i18nReady, mockApi, renderRoute } from '../../testing/render';
import { ApprovalItem } from './approval-item';

beforeAll(() => i18nReady);
afterEach(() => setDataSaver(false));

function card(property: AdminProperty) {
  mockApi({});
  renderRoute(
    <ApprovalItem property={property} busy={false} onApprove={() => {}} onReject={() => {}} />,
    { path: '/', url: '/' },
  );
  return screen.getByRole('region', { name: 'Where it is' });
}

const mapProps = (section: HTMLElement) =>
  JSON.parse(section.querySelector('[data-map]')?.getAttribute('data-map-props') ?? '{}');

const value = (section: HTMLElement, label: string) =>
  within(section).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('approval card, where the place is (issue 51)', () => {
  it('draws the exact pin, the renters’ circle and the city’s centre, and says the code and the distance', () => {
    const section = card(
      makeAdminProperty({
        isVerified: false,
        place: {
          pin: { latitude: 5.5571234, longitude: -0.1829876 },
          previousPin: null,
          publicArea: { latitude: 5.5583, longitude: -0.1812, radiusMeters: 300 },
          ghanaPostGps: 'GA-183-8164',
          cityCentre: { latitude: 5.6037, longitude: -0.187 },
          cityCentreMeters: 5212,
        },
      }),
    );
    expect(section.querySelector('[data-map]')?.getAttribute('data-map')).toBe('review');
    expect(mapProps(section)).toMatchObject({
      kind: 'review',
      pin: { latitude: 5.5571234, longitude: -0.1829876 },
      previousPin: null,
      area: { latitude: 5.5583, longitude: -0.1812, radiusMeters: 300 },
      cityCentre: { latitude: 5.6037, longitude: -0.187 },
      texts: { pin: 'Exact pin', cityCentre: 'Centre of Accra' },
    });
    expect(value(section, 'Exact pin')).toBe('5.557123, -0.182988');
    expect(value(section, 'GhanaPost GPS code')).toBe('GA-183-8164');
    expect(value(section, 'Centre of Accra')).toBe('5.2 km from the pin');
    expect(value(section, 'What renters see')).toBe(
      'A circle of 300 m around a point near the pin, never the pin',
    );
  });

  it('shows a moved pin’s old and new points, joined, and the change list says how far', () => {
    const section = card(
      makeAdminProperty({
        isVerified: true,
        changesSinceApproval: {
          approvedAt: '2026-02-01T10:00:00.000Z',
          fields: [
            { field: 'latitude', before: 5.556, after: 5.635 },
            { field: 'longitude', before: -0.182, after: -0.16 },
          ],
          photosAdded: [],
          photosRemoved: [],
        },
        place: {
          pin: { latitude: 5.635, longitude: -0.16 },
          previousPin: { latitude: 5.556, longitude: -0.182 },
          publicArea: { latitude: 5.5571, longitude: -0.1818, radiusMeters: 300 },
          ghanaPostGps: null,
          cityCentre: { latitude: 5.6037, longitude: -0.187 },
          cityCentreMeters: 4548,
        },
      }),
    );
    expect(mapProps(section)).toMatchObject({
      pin: { latitude: 5.635, longitude: -0.16 },
      previousPin: { latitude: 5.556, longitude: -0.182 },
      texts: { pin: 'New pin (waiting for review)', previousPin: 'Approved pin (before the move)' },
    });
    expect(value(section, 'New pin (waiting for review)')).toBe('5.635000, -0.160000');
    expect(value(section, 'Approved pin (before the move)')).toBe(
      '5.556000, -0.182000 · moved 9.1 km',
    );
    expect(value(section, 'GhanaPost GPS code')).toBe('None given');
    expect(value(section, 'What renters see')).toMatch(/moves with the pin once approved/);
    // One line in the changes, not the raw latitude and longitude.
    expect(screen.getByText('Pin: moved 9.1 km (the map below shows both points)')).toBeTruthy();
    expect(screen.queryByText(/admin\.approval\.changes\.fields/)).toBeNull();
  });

  it('says when the city has no known centre', () => {
    const section = card(
      makeAdminProperty({
        city: 'Nowhere',
        place: { ...makeAdminProperty().place, cityCentre: null, cityCentreMeters: null },
      }),
    );
    expect(value(section, 'Centre of Nowhere')).toBe('Not on the city lists: no centre to compare');
  });

  it('waits for “Show the map” with the data saver on', async () => {
    setDataSaver(true);
    const section = card(makeAdminProperty());
    const show = within(section).getByRole('button', { name: 'Show the map' });
    await userEvent.click(show);
    expect(within(section).queryByRole('button', { name: 'Show the map' })).toBeNull();
  });
});
