import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServiceProvider } from '#common/providers';
import { i18nReady, json, refusal, mockApi, renderRoute, router } from '../../testing/render';
import { renter } from '../../testing/properties';
import { registrationPayload, emptyRegistration } from './registration-form';
import ServicesPage from './services-page';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(text);

const plumber: ServiceProvider = {
  id: 'p1',
  categoryId: 'plumber',
  businessName: 'Osu Pipes',
  contactPerson: 'Kwame Boateng',
  email: 'pipes@example.com',
  phone: '+233241234567',
  businessAddress: '4 Cantonments Road',
  serviceArea: 'Greater Accra',
  yearsExperience: 7,
  servicesOffered: 'Leaks and boreholes',
  emergencyAvailable: true,
  description: null,
  status: 'approved',
  createdAt: '2026-11-20T10:00:00Z',
};

const show = (handlers: Parameters<typeof mockApi>[0] = {}, url = '/services') => {
  const api = mockApi(handlers);
  renderRoute(<ServicesPage />, { path: '/services', url });
  return api;
};

describe('registration payload', () => {
  it('sends experience in whole years (years × 12 + months, rounded down) and the months', () => {
    const payload = registrationPayload('painter', {
      ...emptyRegistration,
      years: '3',
      months: '11',
    });
    expect(payload).toMatchObject({
      categoryId: 'painter',
      yearsExperience: 3,
      monthsExperience: 11,
    });
  });
});

describe('/services', () => {
  it('opens the registration dialog from a category card, checks the fields and sends', async () => {
    const api = show({
      'POST /api/service-providers': () => json({ ...plumber, status: 'pending' }, 201),
    });
    await userEvent.click(await screen.findByRole('button', { name: /Plumber/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Register as Plumber' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Registration' }));
    expect(within(dialog).getAllByText('This field is required').length).toBe(7);
    // The intro says required fields are marked: the seven are, the description is not.
    const requiredLabels = [...dialog.querySelectorAll('label')].filter((label) =>
      label.textContent?.endsWith('* (required)'),
    );
    expect(
      requiredLabels.map((label) =>
        label.textContent?.replace(' * (required)', '').replace('* (required)', ''),
      ),
    ).toEqual([
      'Business name',
      'Contact person',
      'Email',
      'Phone',
      'Business address',
      'Service coverage area',
      'Services offered',
    ]);

    await userEvent.type(within(dialog).getByLabelText(/^Business name/), 'Osu Pipes');
    await userEvent.type(within(dialog).getByLabelText(/^Contact person/), 'Kwame Boateng');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'pipes@example.com');
    await userEvent.type(within(dialog).getByLabelText(/^Phone/), '024 123 4567');
    await userEvent.type(within(dialog).getByLabelText(/^Business address/), '4 Cantonments Road');
    await userEvent.type(within(dialog).getByLabelText(/^Service coverage area/), 'Greater Accra');
    await userEvent.type(within(dialog).getByLabelText(/^Services offered/), 'Leaks');
    const years = within(dialog).getByLabelText('Years (0–50)');
    await userEvent.clear(years);
    await userEvent.type(years, '51');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Registration' }));
    expect(await within(dialog).findByText('Enter whole years from 0 to 50')).toBeTruthy();
    await userEvent.clear(years);
    await userEvent.type(years, '7');
    const months = within(dialog).getByLabelText('Months (0–11)');
    await userEvent.clear(months);
    await userEvent.type(months, '6');
    await userEvent.click(within(dialog).getByLabelText('Available for emergency call-outs'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Registration' }));

    expect(await toastWith('Registration Submitted Successfully!')).toBeTruthy();
    const [, init] = api.fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      categoryId: 'plumber',
      yearsExperience: 7,
      monthsExperience: 6,
      emergencyAvailable: true,
      businessName: 'Osu Pipes',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the failure toast when the server refuses', async () => {
    show({
      'POST /api/service-providers': () =>
        refusal('invalid_input', { fields: { email: 'emailInvalid' }, message: 'Invalid body' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: /Painter/ }));
    const dialog = await screen.findByRole('dialog');
    for (const [label, value] of [
      ['Business name', 'Brush'],
      ['Contact person', 'Ama'],
      ['Email', 'ama@example.com'],
      ['Phone', '0241234567'],
      ['Business address', 'Kumasi'],
      ['Service coverage area', 'Ashanti'],
      ['Services offered', 'Walls'],
    ]) {
      await userEvent.type(within(dialog).getByLabelText(new RegExp(`^${label}`)), value!);
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Registration' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Registration Failed: Please check all required fields and try again.',
    );
    expect(within(dialog).getByText('Invalid email address')).toBeTruthy();
  });

  // Issue 51: a renter comes for the directory; a business for registration.
  it('opens on the directory for a signed-in reader, on registration for a visitor', async () => {
    show({
      'GET /api/auth/user': () => json(renter),
      'GET /api/service-providers': () => json([plumber]),
    });
    expect(await screen.findByRole('heading', { name: 'Osu Pipes' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Service Directory' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Choose your service category' })).toBeNull();
  });

  it('opens on registration for a visitor, and for anyone arriving from “Register your business”', async () => {
    show();
    expect(
      await screen.findByRole('heading', { name: 'Choose your service category' }),
    ).toBeTruthy();
    cleanup();

    show({ 'GET /api/auth/user': () => json(renter) }, '/services?view=register');
    expect(
      await screen.findByRole('heading', { name: 'Choose your service category' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Register Your Business' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('sends visitors who open the directory to sign up', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Service Directory' }));
    expect(await toastWith('Sign up or log in')).toBeTruthy();
    await waitFor(() => expect(router.location?.pathname).toBe('/register'));
  });

  it('shows signed-in users approved providers with the Verified badge, filtered by trade and area', async () => {
    const api = show({
      'GET /api/auth/user': () => json(renter),
      'GET /api/service-providers': () => json([plumber]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Service Directory' }));
    expect(await screen.findByRole('heading', { name: 'Osu Pipes' })).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'plumber');
    await userEvent.type(screen.getByLabelText('Service area'), 'Accra');
    await waitFor(() => {
      const last = api.calls('GET', '/api/service-providers').at(-1)!;
      expect(last.searchParams.get('categoryId')).toBe('plumber');
      expect(last.searchParams.get('serviceArea')).toBe('Accra');
      expect(last.searchParams.get('status')).toBe('approved');
    });
  });

  it('says when the directory cannot be loaded', async () => {
    show(
      {
        'GET /api/auth/user': () => json(renter),
        'GET /api/service-providers': () => json({ message: 'Down' }, 503),
      },
      '/services?view=directory',
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to fetch service providers',
    );
  });
});
