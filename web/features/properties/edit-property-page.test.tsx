import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListingUpdate } from '#common/listings';
import type { Property } from '#common/properties';
import i18next from '../../lib/i18n';
import { makeProperty, renter } from '../../testing/properties';
import { i18nReady, json, mockApi, renderRoute, router } from '../../testing/render';
import { answerUploads, installFakeUploads, photo } from '../../testing/uploads';
import EditPropertyPage from './edit-property-page';

beforeAll(() => i18nReady);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18next.changeLanguage('en');
});

const owner = { ...renter, id: '00000000-0000-4000-8000-0000000000aa', userType: 'owner' as const };
const signedIn = { 'GET /api/auth/user': () => json(owner) };

function openEditor(property: Property, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...signedIn,
    [`GET /api/properties/${property.id}`]: () => json(property),
    ...extra,
  });
  renderRoute(<EditPropertyPage />, {
    path: '/property/:id/edit',
    url: `/property/${property.id}/edit`,
  });
  return api;
}

const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(
    text,
    {},
    { timeout: 2000 },
  );

const ownListing = (overrides: Partial<Property> = {}) =>
  makeProperty({
    isOwn: true,
    title: 'Garden house',
    address: '4 Palm Lane',
    city: 'Kumasi',
    country: 'Ghana',
    images: ['/files/one-800.webp', '/files/two-800.webp'],
    ...overrides,
  });

describe('edit property page', () => {
  it('sends visitors to sign in after "Please log in"', async () => {
    mockApi({});
    renderRoute(<EditPropertyPage />, { path: '/property/:id/edit', url: '/property/p1/edit' });
    expect(await toastWith('Please log in')).toBeTruthy();
    await waitFor(() => expect(router.location?.pathname).toBe('/login'), { timeout: 2000 });
    expect(router.location?.search).toBe('?next=%2Fproperty%2Fp1%2Fedit');
  });

  it('refuses anyone but the owner with "Access Denied" and goes to the dashboard', async () => {
    openEditor(makeProperty({ isOwn: false }));
    expect(await toastWith('Access Denied')).toBeTruthy();
    expect(await toastWith("You don't have permission to edit this property")).toBeTruthy();
    await waitFor(() => expect(router.location?.pathname).toBe('/dashboard'));
  });

  it('says a listing an administrator hid is hidden, with the reason, and keeps its switch off', async () => {
    openEditor(
      ownListing({
        isActive: false,
        hiddenByAdmin: true,
        hiddenReason: 'Renters were asked for a viewing fee.',
      }),
    );
    const note = await screen.findByText('Renters were asked for a viewing fee.');
    expect(note.closest('[role="status"]')?.textContent).toContain(
      'only an administrator can show it again',
    );
    expect(screen.getAllByText('Hidden by an administrator').length).toBeGreaterThan(0);
    const toggle = screen.getByRole('switch', { name: /Property is active/ });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
  });

  it('says "Property not found" for a missing listing', async () => {
    mockApi({
      ...signedIn,
      'GET /api/properties/gone': () => json({ message: 'Property not found' }, 404),
    });
    renderRoute(<EditPropertyPage />, { path: '/property/:id/edit', url: '/property/gone/edit' });
    expect(await screen.findByRole('heading', { name: 'Property not found' })).toBeTruthy();
  });

  it('shows the sections with the listing filled in, and saves the edit form with isActive', async () => {
    const user = userEvent.setup();
    const property = ownListing({
      isVerified: false,
      verified: false,
      isActive: true,
      pricePerNight: 1800,
      bedrooms: 3,
      amenities: ['wifi'],
    });
    let body: ListingUpdate | undefined;
    openEditor(property, {
      [`PUT /api/properties/${property.id}`]: (_url, init) => {
        body = JSON.parse(String(init?.body)) as ListingUpdate;
        return json({ id: property.id, status: 'pending' });
      },
    });
    expect(await screen.findByRole('heading', { name: 'Edit Property' })).toBeTruthy();
    for (const section of [
      'Basic Information',
      'Location',
      'Property Details',
      'Move-in terms',
      'Amenities',
      'Property Images',
      'Property Status',
    ]) {
      expect(screen.getByRole('heading', { name: section })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/dashboard');
    expect((screen.getByLabelText(/Property title/) as HTMLInputElement).value).toBe(
      'Garden house',
    );
    expect((screen.getByLabelText(/City/) as HTMLSelectElement).value).toBe('Kumasi');
    expect((screen.getByLabelText('Bedrooms') as HTMLInputElement).min).toBe('1');
    expect((screen.getByLabelText('Wi-Fi') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Pending Approval')).toBeTruthy();
    const active = screen.getByRole('switch', {
      name: 'Property is active and shown to renters',
    });
    expect(active.getAttribute('aria-checked')).toBe('true');

    await user.click(active);
    const price = screen.getByLabelText(/Price/);
    await user.clear(price);
    await user.type(price, '2,000');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await toastWith('Property updated')).toBeTruthy();
    await waitFor(() => expect(router.location?.pathname).toBe('/dashboard'));
    expect(body).toMatchObject({
      title: 'Garden house',
      address: '4 Palm Lane',
      city: 'Kumasi',
      country: 'Ghana',
      pricePerNight: 2000,
      bedrooms: 3,
      amenities: ['wifi'],
      images: ['/files/one-800.webp', '/files/two-800.webp'],
      isActive: false,
    });
  });

  /** A listing with every move-in term set (issue 20), not yet approved. */
  const withTerms = () =>
    ownListing({
      isVerified: false,
      verified: false,
      pricePerNight: 1800,
      pricingPeriod: 'month',
      currency: 'GH₵',
      advanceMonths: 3,
      depositAmount: 2000,
      agentFee: { kind: 'months', value: 1, payer: 'landlord' },
      availableFrom: '2026-10-01',
      minLeaseMonths: 12,
      furnished: 'furnished',
      utilitiesIncluded: ['water', 'internet'],
      moveInCost: { advance: 5400, firstRent: 0, deposit: 2000, agentFee: 0, total: 7400 },
    });
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

  it('shows the listing’s move-in terms and sends them back, changed, on save', async () => {
    const user = userEvent.setup();
    const property = withTerms();
    let body: ListingUpdate | undefined;
    openEditor(property, {
      [`PUT /api/properties/${property.id}`]: (_url, init) => {
        body = JSON.parse(String(init?.body)) as ListingUpdate;
        return json({ id: property.id, status: 'pending' });
      },
    });
    expect(await screen.findByRole('heading', { name: 'Move-in terms' })).toBeTruthy();
    expect(field('Advance rent (months)').value).toBe('3');
    expect(field('Deposit').value).toBe('2000');
    expect(field('Agent fee').value).toBe('months');
    expect(field('Fee').value).toBe('1');
    expect(field('Who pays the fee').value).toBe('landlord');
    expect(field('Available from').value).toBe('2026-10-01');
    expect(field('Minimum lease (months)').value).toBe('12');
    expect(field('Furnishing').value).toBe('furnished');
    const included = within(screen.getByRole('group', { name: 'Utilities included in the rent' }));
    expect(
      included
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual(['water', 'internet']);
    // The same figure as the server's (the landlord pays the fee).
    expect(screen.getByText('Move-in cost: GH₵7,400')).toBeTruthy();

    // Eight months in advance: warned, and still saved.
    const advance = field('Advance rent (months)');
    await user.clear(advance);
    await user.type(advance, '8');
    const hint = document.getElementById('edit-advance-hint')!;
    expect(hint.getAttribute('role')).toBe('status');
    expect(hint.textContent).toMatch(/above the Rent Act's limit. You can still save/);
    expect(screen.getByText('Move-in cost: GH₵16,400')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({
      advanceMonths: 8,
      depositAmount: 2000,
      agentFee: { kind: 'months', value: 1, payer: 'landlord' },
      availableFrom: '2026-10-01',
      minLeaseMonths: 12,
      furnished: 'furnished',
      utilitiesIncluded: ['water', 'internet'],
    });
  });

  it('clears terms to their "none" values: no fee, no date, no minimum lease', async () => {
    const user = userEvent.setup();
    const property = withTerms();
    let body: ListingUpdate | undefined;
    openEditor(property, {
      [`PUT /api/properties/${property.id}`]: (_url, init) => {
        body = JSON.parse(String(init?.body)) as ListingUpdate;
        return json({ id: property.id, status: 'pending' });
      },
    });
    await user.selectOptions(await screen.findByLabelText('Agent fee'), 'none');
    expect(screen.queryByLabelText('Fee')).toBeNull();
    await user.clear(field('Deposit'));
    await user.clear(field('Available from'));
    await user.clear(field('Minimum lease (months)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({
      depositAmount: 0,
      agentFee: { kind: 'none', value: 0, payer: 'tenant' },
      availableFrom: null,
      minLeaseMonths: null,
    });
  });

  it('refuses out-of-range terms in the reader’s language and sends nothing', async () => {
    await i18next.changeLanguage('fr');
    const user = userEvent.setup();
    const property = withTerms();
    const api = openEditor(property);
    const advance = (await screen.findByLabelText('Loyer d’avance (mois)')) as HTMLInputElement;
    await user.clear(advance);
    await user.type(advance, '37');
    const fee = screen.getByLabelText('Frais');
    await user.clear(fee);
    await user.type(fee, '13');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(await toastWith('Vérifiez les champs signalés et réessayez.')).toBeTruthy();
    expect(screen.getByText('Indiquez un nombre entier de mois de 0 à 36')).toBeTruthy();
    expect(screen.getByText('Indiquez un nombre de mois de loyer de 0 à 12')).toBeTruthy();
    expect(advance.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls('PUT', `/api/properties/${property.id}`)).toHaveLength(0);
  });

  it('asks for the required fields with "Validation Error"', async () => {
    const user = userEvent.setup();
    const property = ownListing();
    const api = openEditor(property);
    await user.clear(await screen.findByLabelText(/Property title/));
    await user.clear(screen.getByLabelText(/Area or neighbourhood/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toastWith('Validation Error')).toBeTruthy();
    expect(await toastWith('Please fill in all required fields')).toBeTruthy();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(api.calls('PUT', `/api/properties/${property.id}`)).toHaveLength(0);
  });

  it('refuses a price that is not a number, and one left empty', async () => {
    const user = userEvent.setup();
    openEditor(ownListing());
    const price = await screen.findByLabelText(/Price/);
    await user.clear(price);
    await user.type(price, 'ten cedis');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toastWith('Please enter a valid price')).toBeTruthy();
    await user.clear(price);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toastWith('Please fill in all required fields')).toBeTruthy();
  });

  it('follows the edit rules of spec 5: a price of 0 saves, an empty address or 0 bathrooms does not', async () => {
    const user = userEvent.setup();
    const property = ownListing();
    let body: ListingUpdate | undefined;
    openEditor(property, {
      [`PUT /api/properties/${property.id}`]: (_url, init) => {
        body = JSON.parse(String(init?.body)) as ListingUpdate;
        return json({ id: property.id, status: 'live' });
      },
    });
    const address = await screen.findByLabelText(/Area or neighbourhood/);
    await user.clear(address);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toastWith('Please fill in all required fields')).toBeTruthy();
    await user.type(address, '4 Palm Lane');
    const bathrooms = screen.getByLabelText(/Bathrooms/);
    await user.clear(bathrooms);
    await user.type(bathrooms, '0');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Bathrooms/).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(body).toBeUndefined();
    await user.clear(bathrooms);
    await user.type(bathrooms, '1');
    const price = screen.getByLabelText(/Price/);
    await user.clear(price);
    await user.type(price, '0');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    // A new price and address of a live listing need a new approval (issue 19): asked first.
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Send these changes for review?',
    });
    expect(
      within(dialog).getByText(
        /renters keep seeing the approved listing until the changes are approved/,
      ),
    ).toBeTruthy();
    expect(body).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Save and send for review' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({ pricePerNight: 0, address: '4 Palm Lane', bathrooms: 1 });
  });

  it('warns before saving new photos on a live listing, and saves after confirmation', async () => {
    const user = userEvent.setup();
    installFakeUploads(answerUploads);
    const property = ownListing();
    let body: ListingUpdate | undefined;
    openEditor(property, {
      [`PUT /api/properties/${property.id}`]: (_url, init) => {
        body = JSON.parse(String(init?.body)) as ListingUpdate;
        return json({ id: property.id, status: 'pending' });
      },
    });
    await screen.findByRole('heading', { name: 'Property Images' });
    expect(screen.getByText('Live')).toBeTruthy();

    // Reordering the same photos does not send the listing back to review.
    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(screen.queryByText('Changed photos wait for review')).toBeNull();

    await user.upload(screen.getByLabelText(/Choose photos/), photo('terrace.jpg'));
    expect(await screen.findByText('Changed photos wait for review')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Uploaded')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Send these changes for review?',
    });
    expect(body).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Save and send for review' }));
    expect(await toastWith(/pending approval until its photos are reviewed/)).toBeTruthy();
    expect(body?.images).toEqual([
      '/files/two-800.webp',
      '/files/one-800.webp',
      '/files/terrace-800.webp',
    ]);
  });

  it('keeps editing when the owner does not confirm', async () => {
    const user = userEvent.setup();
    const property = ownListing();
    const api = openEditor(property);
    await user.click(await screen.findByRole('button', { name: 'Remove photo 1' }));
    expect(screen.getByText('Changed photos wait for review')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('PUT', `/api/properties/${property.id}`)).toHaveLength(0);
  });

  it('says "Failed to update property. Please try again." when saving fails', async () => {
    const user = userEvent.setup();
    const property = ownListing({ isVerified: false, verified: false });
    openEditor(property, {
      [`PUT /api/properties/${property.id}`]: () => json({ message: 'Database unavailable' }, 503),
    });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await toastWith('Failed to update property. Please try again.')).toBeTruthy();
    expect(router.location?.pathname).toBe(`/property/${property.id}/edit`);
  });

  it('shows the changes waiting for review and fills the form with them; saving again keeps them (issue 34)', async () => {
    const user = userEvent.setup();
    let body: ListingUpdate | undefined;
    const property = ownListing({
      isVerified: true,
      price: 3000,
      pricePerNight: 3000,
      pendingChanges: {
        fields: ['title', 'price'],
        values: { title: 'Garden house, new kitchen', price: 2500 },
        photos: null,
        submittedAt: '2026-11-27T10:00:00.000Z',
      },
    });
    openEditor(property, {
      [`PUT /api/properties/${property.id}`]: (_url, init) => {
        body = JSON.parse(String(init?.body)) as ListingUpdate;
        return json({ id: property.id, status: 'live', pendingChanges: property.pendingChanges });
      },
    });
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Changes waiting for review');
    expect(note.textContent).toContain('Waiting: Title, Rent.');
    expect((screen.getByLabelText(/Property title/) as HTMLInputElement).value).toBe(
      'Garden house, new kitchen',
    );
    // Nothing new to review: saved without asking again.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({ title: 'Garden house, new kitchen', pricePerNight: 2500 });
  });
});
