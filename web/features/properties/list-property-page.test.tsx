import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListingInput } from '#common/listings';
import { renter } from '../../testing/properties';
import { i18nReady, json, refusal, mockApi, renderRoute, router } from '../../testing/render';
import { answerUploads, installFakeUploads, photo } from '../../testing/uploads';
import ListPropertyPage from './list-property-page';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const owner = { ...renter, userType: 'owner' as const };
const signedIn = { 'GET /api/auth/user': () => json(owner) };

function openWizard(extra: Parameters<typeof mockApi>[0] = {}, url = '/list-property') {
  const api = mockApi({ ...signedIn, ...extra });
  renderRoute(<ListPropertyPage />, { path: '/list-property', url });
  return api;
}

/** The toast on screen with this text (the toaster is a "Notifications" region). */
const toastWith = async (text: string | RegExp) =>
  within(await screen.findByRole('region', { name: /Notifications/ })).findByText(
    text,
    {},
    { timeout: 2000 },
  );

async function fillBasics(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/Property title/), 'Sunny flat in Osu');
  await user.type(screen.getByLabelText(/Description/), 'Two bedrooms near the beach.');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Location & Details' });
}

describe('list property wizard', () => {
  it('sends visitors to sign in after "Please log in"', async () => {
    mockApi({});
    renderRoute(<ListPropertyPage />, { path: '/list-property', url: '/list-property?plan=pro' });
    expect(await toastWith('Please log in')).toBeTruthy();
    expect(router.location?.pathname).toBe('/list-property');
    await waitFor(() => expect(router.location?.pathname).toBe('/login'), { timeout: 2000 });
    expect(router.location?.search).toBe('?next=%2Flist-property%3Fplan%3Dpro');
  });

  it('shows three steps, the chosen plan, and the defaults of a new listing', async () => {
    openWizard({}, '/list-property?plan=premium');
    expect(await screen.findByRole('heading', { name: 'List Your Property' })).toBeTruthy();
    expect(screen.getByText('Plan: Premium')).toBeTruthy();
    const steps = within(screen.getByRole('navigation', { name: 'Listing steps' }));
    expect(steps.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '1Basic Information',
      '2Location & Details',
      '3Amenities & Images',
    ]);
    expect(steps.getByText('Basic Information').closest('li')!.getAttribute('aria-current')).toBe(
      'step',
    );
    expect((screen.getByLabelText('Property type') as HTMLSelectElement).value).toBe('apartment');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('general');
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
  });

  it('asks for the required fields of a step before moving on', async () => {
    const user = userEvent.setup();
    openWizard();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await toastWith('Please fill in all required fields')).toBeTruthy();
    expect(await toastWith('Missing: Property title, Description')).toBeTruthy();
    expect(screen.getByLabelText(/Property title/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Basic Information' })).toBeTruthy();
  });

  it('keeps the city disabled until a country is chosen and clears it when the country changes', async () => {
    const user = userEvent.setup();
    openWizard();
    await fillBasics(user);
    const country = screen.getByLabelText(/Country/) as HTMLSelectElement;
    const city = screen.getByLabelText(/City/) as HTMLSelectElement;
    const currency = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect(city.disabled).toBe(true);
    expect(currency.value).toBe('GH₵');
    expect((screen.getByLabelText('Pricing period') as HTMLSelectElement).value).toBe('month');
    expect((screen.getByLabelText('Bedrooms') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Bedrooms') as HTMLInputElement).min).toBe('0');
    expect((screen.getByLabelText('Bathrooms') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Bathrooms') as HTMLInputElement).min).toBe('1');

    await user.selectOptions(country, 'Ghana');
    expect(city.disabled).toBe(false);
    expect(within(city).getAllByRole('option')).toHaveLength(21);
    await user.selectOptions(city, 'Kumasi');
    expect(city.value).toBe('Kumasi');
    expect(currency.value).toBe('GH₵');

    await user.selectOptions(country, 'Jamaica');
    expect(city.value).toBe('');
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a city', 'Kingston', 'Montego Bay', 'Ocho Rios', 'Negril', 'Spanish Town']);
    expect(currency.value).toBe('$');

    // Once the owner picks a currency, the country no longer changes it.
    await user.selectOptions(currency, 'GH₵');
    await user.selectOptions(country, 'Dominican Republic');
    expect(currency.value).toBe('GH₵');
  });

  it('refuses a price that is not above 0', async () => {
    const user = userEvent.setup();
    openWizard();
    await fillBasics(user);
    await user.selectOptions(screen.getByLabelText(/Country/), 'Ghana');
    await user.selectOptions(screen.getByLabelText(/City/), 'Accra');
    await user.type(screen.getByLabelText(/Price/), 'GH₵ 0');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await toastWith('Please enter a valid price')).toBeTruthy();
    expect(screen.getByLabelText(/Price/).getAttribute('aria-invalid')).toBe('true');
  });

  it('creates the listing with the cleaned body and goes to the pending page', async () => {
    const user = userEvent.setup();
    installFakeUploads(answerUploads);
    let body: ListingInput | undefined;
    openWizard({
      'POST /api/properties': (_url, init) => {
        body = JSON.parse(String(init?.body)) as ListingInput;
        return json({ id: 'new-listing' }, 201);
      },
    });
    await fillBasics(user);
    await user.selectOptions(screen.getByLabelText(/Country/), 'Jamaica');
    await user.selectOptions(screen.getByLabelText(/City/), 'Kingston');
    await user.type(screen.getByLabelText(/Price/), '$ 1,200.50');
    await user.selectOptions(screen.getByLabelText('Pricing period'), 'week');
    const bedrooms = screen.getByLabelText('Bedrooms');
    await user.clear(bedrooms);
    await user.type(bedrooms, '2.7');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Amenities & Images' });

    await user.click(screen.getByLabelText('Wi-Fi'));
    await user.click(screen.getByLabelText('Air conditioning'));
    await user.upload(screen.getByLabelText(/Choose photos/), [
      photo('front.jpg'),
      photo('kitchen.png', 'image/png'),
    ]);
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'List Property' }));
    await waitFor(() => expect(router.location?.pathname).toBe('/images-pending-approval'));
    expect(router.location?.search).toBe('?propertyId=new-listing');
    expect(body).toEqual({
      title: 'Sunny flat in Osu',
      description: 'Two bedrooms near the beach.',
      propertyType: 'apartment',
      category: 'general',
      address: 'Kingston, Jamaica',
      // Left empty: no street address (issue 50).
      streetAddress: '',
      city: 'Kingston',
      country: 'Jamaica',
      pricePerNight: 1200.5,
      currency: '$',
      pricingPeriod: 'week',
      bedrooms: 2,
      bathrooms: 1,
      amenities: ['wifi', 'air_conditioning'],
      // The terms left as they were: no advance, no deposit, no agent fee (issue 20).
      advanceMonths: 0,
      depositAmount: 0,
      agentFee: { kind: 'none', value: 0, payer: 'tenant' },
      availableFrom: null,
      minLeaseMonths: null,
      furnished: 'unfurnished',
      utilitiesIncluded: [],
      images: ['/files/front-800.webp', '/files/kitchen-800.webp'],
    });
  });

  it('checks the viewing hours before making the listing, then saves them to it (issue 38)', async () => {
    const user = userEvent.setup();
    installFakeUploads(answerUploads);
    let hours: unknown;
    const api = openWizard({
      'POST /api/properties': () => json({ id: 'new-listing' }, 201),
      'PUT /api/properties/new-listing/viewing-hours': (_url, init) => {
        hours = JSON.parse(String(init?.body));
        return json({ ...(hours as object), timeZone: 'Africa/Accra' });
      },
    });
    await fillBasics(user);
    await user.selectOptions(screen.getByLabelText(/Country/), 'Ghana');
    await user.selectOptions(screen.getByLabelText(/City/), 'Accra');
    await user.type(screen.getByLabelText(/Price/), '1500');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Amenities & Images' });
    await user.upload(screen.getByLabelText(/Choose photos/), [photo('front.jpg')]);
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Add hours' }));
    const end = screen.getByLabelText('To');
    await user.clear(end);
    await user.type(end, '09:00');
    await user.click(screen.getByRole('button', { name: 'List Property' }));
    expect(await screen.findByText('The end must be after the start')).toBeTruthy();
    expect(api.calls('POST', '/api/properties')).toHaveLength(0);

    await user.clear(end);
    await user.type(end, '12:00');
    await user.click(screen.getByRole('button', { name: 'List Property' }));
    await waitFor(() => expect(router.location?.pathname).toBe('/images-pending-approval'));
    await waitFor(() =>
      expect(hours).toEqual({
        slotMinutes: 30,
        windows: [{ weekday: 6, start: '10:00', end: '12:00' }],
        blockedDates: [],
      }),
    );
  });

  it('offers Ghana’s types and amenities in its words, and sends their ids (issue 34)', async () => {
    const user = userEvent.setup();
    installFakeUploads(answerUploads);
    let body: ListingInput | undefined;
    openWizard({
      'POST /api/properties': (_url, init) => {
        body = JSON.parse(String(init?.body)) as ListingInput;
        return json({ id: 'new-listing' }, 201);
      },
    });
    await screen.findByLabelText(/Property title/);
    const type = screen.getByLabelText('Property type') as HTMLSelectElement;
    expect([...type.options].map((option) => option.textContent)).toEqual([
      'Apartment',
      'House',
      'Townhouse',
      'Studio',
      'Single room',
      'Chamber and hall',
      'Self-contained',
      'Hostel',
    ]);
    await user.selectOptions(type, 'chamber_and_hall');
    await fillBasics(user);
    await user.selectOptions(screen.getByLabelText(/Country/), 'Ghana');
    await user.selectOptions(screen.getByLabelText(/City/), 'Kumasi');
    await user.type(screen.getByLabelText(/Price/), '600');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Amenities & Images' });
    for (const amenity of [
      'Borehole',
      'Polytank',
      'Prepaid meter',
      'Security',
      'Walled compound',
    ]) {
      await user.click(screen.getByLabelText(amenity));
    }
    await user.upload(screen.getByLabelText(/Choose photos/), [photo('front.jpg')]);
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'List Property' }));
    await waitFor(() => expect(router.location?.pathname).toBe('/images-pending-approval'));
    expect(body?.propertyType).toBe('chamber_and_hall');
    expect(body?.amenities).toEqual([
      'borehole',
      'polytank',
      'prepaid_meter',
      'security',
      'walled_compound',
    ]);
  });

  /** Step 2 with a rent of GH₵2,500 a month in Accra. */
  async function fillLocation(user: ReturnType<typeof userEvent.setup>) {
    await fillBasics(user);
    await user.selectOptions(screen.getByLabelText(/Country/), 'Ghana');
    await user.selectOptions(screen.getByLabelText(/City/), 'Accra');
    await user.type(screen.getByLabelText(/Price/), '2500');
  }

  const advanceHint = () => document.getElementById('list-advance-hint')!;

  it('sends the move-in terms in the API’s shape, with a live move-in cost and the Rent Act warning', async () => {
    const user = userEvent.setup();
    let body: ListingInput | undefined;
    openWizard({
      'POST /api/properties': (_url, init) => {
        body = JSON.parse(String(init?.body)) as ListingInput;
        return json({ id: 'new-listing' }, 201);
      },
    });
    await fillLocation(user);
    expect(screen.getByRole('heading', { name: 'Move-in terms' })).toBeTruthy();
    const advance = screen.getByLabelText('Advance rent (months)') as HTMLInputElement;
    expect(advance.value).toBe('0');
    expect((screen.getByLabelText('Deposit') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Agent fee') as HTMLSelectElement).value).toBe('none');
    expect(screen.queryByLabelText('Fee')).toBeNull();
    expect((screen.getByLabelText('Furnishing') as HTMLSelectElement).value).toBe('unfurnished');
    // No advance: the first month's GH₵2,500 is due at move-in (decision 026), never GH₵0.
    expect(screen.getByText('Move-in cost: GH₵2,500')).toBeTruthy();
    expect(advanceHint().textContent).toBe(
      'The Rent Act allows at most six months of rent in advance.',
    );

    await user.clear(advance);
    await user.type(advance, '12');
    // Above the Rent Act's six months: a warning beside the field, not an error.
    expect(advanceHint().textContent).toMatch(/above the Rent Act's limit/);
    expect(advance.getAttribute('aria-invalid')).toBe('false');
    expect(advance.getAttribute('aria-describedby')).toBe('list-advance-hint');
    await user.type(screen.getByLabelText('Deposit'), 'GH₵ 1,500');
    await user.selectOptions(screen.getByLabelText('Agent fee'), 'percent');
    const fee = screen.getByLabelText('Fee');
    expect(document.getElementById('list-fee-unit')?.textContent).toBe('%');
    await user.type(fee, '10');
    await user.selectOptions(screen.getByLabelText('Who pays the fee'), 'shared');
    // 12 × 2,500 advance + 1,500 deposit + half of 10 % of the advance.
    expect(screen.getByText('Move-in cost: GH₵33,000')).toBeTruthy();
    expect(screen.getByText('GH₵30,000 rent + GH₵1,500 deposit + GH₵1,500 agent fee')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Agent fee'), 'months');
    expect(document.getElementById('list-fee-unit')?.textContent).toBe('months of rent');
    await user.selectOptions(screen.getByLabelText('Agent fee'), 'percent');
    expect(document.getElementById('list-deposit-unit')?.textContent).toBe('GH₵');

    await user.type(screen.getByLabelText('Available from'), '2026-09-01');
    await user.type(screen.getByLabelText('Minimum lease (months)'), '12');
    await user.selectOptions(screen.getByLabelText('Furnishing'), 'semi');
    const included = within(screen.getByRole('group', { name: 'Utilities included in the rent' }));
    await user.click(included.getByLabelText('Water'));
    await user.click(included.getByLabelText('Security'));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Amenities & Images' });
    await user.click(screen.getByRole('button', { name: 'List Property' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({
      pricePerNight: 2500,
      advanceMonths: 12,
      depositAmount: 1500,
      agentFee: { kind: 'percent', value: 10, payer: 'shared' },
      availableFrom: '2026-09-01',
      minLeaseMonths: 12,
      furnished: 'semi',
      utilitiesIncluded: ['water', 'security'],
    });
  });

  it('keeps the owner on step 2 with the localized message when a term is out of range', async () => {
    const user = userEvent.setup();
    const api = openWizard();
    await fillLocation(user);
    const advance = screen.getByLabelText('Advance rent (months)');
    await user.clear(advance);
    await user.type(advance, '40');
    await user.selectOptions(screen.getByLabelText('Agent fee'), 'percent');
    await user.type(screen.getByLabelText('Fee'), '150');
    await user.type(screen.getByLabelText('Minimum lease (months)'), '0');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await toastWith('Check the marked fields and try again.')).toBeTruthy();
    expect(screen.getByText('Enter whole months from 0 to 36')).toBeTruthy();
    expect(screen.getByText('Enter a percentage from 0 to 100')).toBeTruthy();
    expect(screen.getByText('Enter whole months from 1 to 60')).toBeTruthy();
    expect(advance.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Fee').getAttribute('aria-invalid')).toBe('true');
    // No figure for terms that cannot be.
    expect(screen.queryByText(/^Move-in cost:/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Location & Details' })).toBeTruthy();
    expect(api.calls('POST', '/api/properties')).toHaveLength(0);
  });

  it('shows the server’s refusal of the agent fee beside it, back on step 2', async () => {
    const user = userEvent.setup();
    openWizard({
      'POST /api/properties': () =>
        refusal('invalid_input', { fields: { 'agentFee.value': 'feeMonthsRange' } }),
    });
    await fillLocation(user);
    await user.selectOptions(screen.getByLabelText('Agent fee'), 'months');
    await user.type(screen.getByLabelText('Fee'), '1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Amenities & Images' });
    await user.click(screen.getByRole('button', { name: 'List Property' }));
    expect(await toastWith('Failed to list property')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Location & Details' })).toBeTruthy();
    expect(screen.getByText('Enter months of rent from 0 to 12')).toBeTruthy();
    expect(screen.getByLabelText('Fee').getAttribute('aria-invalid')).toBe('true');
  });

  it('waits for uploads before it can be sent', async () => {
    const user = userEvent.setup();
    const xhr = installFakeUploads();
    openWizard();
    await fillBasics(user);
    await user.selectOptions(screen.getByLabelText(/Country/), 'Ghana');
    await user.selectOptions(screen.getByLabelText(/City/), 'Accra');
    await user.type(screen.getByLabelText(/Price/), '900');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.upload(await screen.findByLabelText(/Choose photos/), photo('slow.jpg'));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    const submit = screen.getByRole('button', { name: 'List Property' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('Wait until every photo has uploaded')).toBeTruthy();
    xhr.sent[0]!.answer(201, { images: ['/files/slow-800.webp'] });
    await waitFor(() => expect(submit.disabled).toBe(false));
  });

  it('sends videos at once, waits for them, then links them to the new listing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const xhr = installFakeUploads();
    let attached: unknown;
    openWizard({
      'POST /api/properties': () => json({ id: 'new-listing' }, 201),
      'POST /api/user/videos/attach': (_url, init) => {
        attached = JSON.parse(String(init?.body));
        return json({ attached: 1 });
      },
    });
    await fillBasics(user);
    await user.selectOptions(screen.getByLabelText(/Country/), 'Ghana');
    await user.selectOptions(screen.getByLabelText(/City/), 'Accra');
    await user.type(screen.getByLabelText(/Price/), '900');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const video = new File([new Uint8Array(4096)], 'tour.mp4', { type: 'video/mp4' });
    await user.upload(await screen.findByLabelText(/Choose photos/), video);
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0]!.url).toBe('/api/upload/property-videos');
    const submit = screen.getByRole('button', { name: 'List Property' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('Please wait until your videos have finished uploading.')).toBeTruthy();
    xhr.sent[0]!.answer(201, {
      videos: [
        {
          fileName: 'v0123456789abcdef01234567.mp4',
          originalName: 'tour.mp4',
          fileSize: 4096,
          status: 'scanning',
          propertyId: null,
          uploadedAt: '2026-11-21T09:00:00.000Z',
        },
      ],
    });
    expect(await screen.findByText(/We will notify you when they are ready/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'List Property' }));
    await waitFor(() => expect(router.location?.pathname).toBe('/images-pending-approval'));
    await waitFor(() =>
      expect(attached).toEqual({
        propertyId: 'new-listing',
        fileNames: ['v0123456789abcdef01234567.mp4'],
      }),
    );
  });

  it('moves back with Previous, keeping what was typed', async () => {
    const user = userEvent.setup();
    openWizard();
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(((await screen.findByLabelText(/Property title/)) as HTMLInputElement).value).toBe(
      'Sunny flat in Osu',
    );
  });

  async function fillAll(user: ReturnType<typeof userEvent.setup>) {
    await fillBasics(user);
    await user.selectOptions(screen.getByLabelText(/Country/), 'Ghana');
    await user.selectOptions(screen.getByLabelText(/City/), 'Accra');
    await user.type(screen.getByLabelText(/Price/), '2500');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Amenities & Images' });
    await user.click(screen.getByRole('button', { name: 'List Property' }));
  }

  it('says "Session expired" on a 401 and goes to sign in a second later', async () => {
    const user = userEvent.setup();
    openWizard({
      'POST /api/properties': () => json({ message: 'Unauthorized' }, 401),
    });
    await fillAll(user);
    expect(await toastWith('Session expired')).toBeTruthy();
    expect(screen.getByText('Please log in again to continue')).toBeTruthy();
    await waitFor(() => expect(router.location?.pathname).toBe('/login'), { timeout: 2000 });
  });

  it('shows the field errors of a refused listing, on their step', async () => {
    const user = userEvent.setup();
    openWizard({
      'POST /api/properties': () =>
        refusal('invalid_input', { fields: { title: 'tooLong' }, message: 'Invalid body' }),
    });
    await fillAll(user);
    expect(await toastWith('Failed to list property')).toBeTruthy();
    expect(screen.getByText('Check the marked fields and try again.')).toBeTruthy();
    expect(screen.queryByText('Invalid body')).toBeNull();
    // Back on the step with the field, its message beside it.
    expect(await screen.findByRole('heading', { name: 'Basic Information' })).toBeTruthy();
    expect(screen.getByText('This value is too long')).toBeTruthy();
  });
});
