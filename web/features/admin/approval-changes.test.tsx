import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminProperty } from '#common/admin';
import type { ListingChanges } from '#common/listing-changes';
import { adminUser, makeAdminProperty, pending } from '../../testing/admin';
import { i18nReady, json, mockApi, renderRoute } from '../../testing/render';
import { ApprovalChanges } from './approval-changes';
import ImageApprovalPage from './image-approval-page';

beforeAll(() => i18nReady);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const approvedAt = '2026-10-05T09:00:00.000Z';
const changes = (overrides: Partial<ListingChanges> = {}): ListingChanges => ({
  approvedAt,
  fields: [],
  photosAdded: [],
  photosRemoved: [],
  ...overrides,
});

function show(property: AdminProperty) {
  mockApi({});
  renderRoute(<ApprovalChanges property={property} />, { path: '/', url: '/' });
  return screen.getByRole('region', { name: /^(New listing|Changed since)/ });
}

/** Each line of the list as a reader sees it. */
const lines = (section: HTMLElement) =>
  within(section)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('approval screen, changes since the last approval', () => {
  it('says a listing never approved is new, and lists nothing', () => {
    const section = show(pending({ changesSinceApproval: null }));
    expect(
      within(section).getByRole('heading', { name: 'New listing: never approved before' }),
    ).toBeTruthy();
    expect(lines(section)).toEqual([]);
  });

  it('shows each changed field before → after, the price as money with its period, an empty value as (empty)', () => {
    const section = show(
      pending({
        // Sent back for review before issue 34: the listing holds the new values.
        pricingPeriod: 'week',
        changesSinceApproval: changes({
          fields: [
            { field: 'title', before: 'Garden flat', after: 'Garden flat, no fees' },
            { field: 'description', before: null, after: 'Pay GH₵200 to view.' },
            { field: 'price', before: 1850, after: 2500.5 },
            { field: 'pricingPeriod', before: 'month', after: 'week' },
            { field: 'address', before: '7 Palm Lane', after: '' },
          ],
          photosAdded: ['p5', 'p6'],
          photosRemoved: ['p1'],
        }),
      }),
    );
    expect(
      within(section).getByRole('heading', { name: 'Changed since its approval on Oct 5, 2026' }),
    ).toBeTruthy();
    expect(lines(section)).toEqual([
      'Title: Garden flat → Garden flat, no fees',
      'Description: (empty) → Pay GH₵200 to view.',
      'Price: GH₵1,850/month → GH₵2,500.50/week',
      'Pricing period: Per month → Per week',
      'Area: 7 Palm Lane → (empty)',
      '2 photos added',
      '1 photo removed',
    ]);
    // Before struck through, after marked as inserted.
    const price = within(section).getByText('Price:').parentElement!;
    expect(price.querySelector('del')?.textContent).toBe('GH₵1,850/month');
    expect(price.querySelector('ins')?.textContent).toBe('GH₵2,500.50/week');
  });

  it('shows photo changes alone, in the singular and plural', () => {
    const section = show(
      pending({
        changesSinceApproval: changes({ photosAdded: ['p9'], photosRemoved: ['a', 'b'] }),
      }),
    );
    expect(lines(section)).toEqual(['1 photo added', '2 photos removed']);
  });

  it('says nothing renters rely on changed when nothing did', () => {
    const section = show(pending({ changesSinceApproval: changes() }));
    expect(
      within(section).getByRole('heading', { name: 'Changed since its approval on Oct 5, 2026' }),
    ).toBeTruthy();
    expect(within(section).getByText('Nothing renters rely on changed.')).toBeTruthy();
    expect(lines(section)).toEqual([]);
  });

  it('compares an approved listing with its waiting changes: amounts in each side’s currency and fee kind (issue 34)', () => {
    const section = show(
      makeAdminProperty({
        currency: 'GH₵',
        agentFee: { kind: 'percent', value: 10, payer: 'tenant' },
        pendingChanges: {
          fields: ['currency', 'depositAmount', 'agentFeeKind', 'agentFeeValue', 'furnished'],
          values: {
            currency: '$',
            depositAmount: 500,
            agentFeeKind: 'fixed',
            agentFeeValue: 250,
            furnished: 'furnished',
          },
          photos: null,
          submittedAt: '2026-11-27T10:00:00.000Z',
        },
        changesSinceApproval: changes({
          approvedAt: null,
          fields: [
            { field: 'currency', before: 'GH₵', after: '$' },
            { field: 'depositAmount', before: 0, after: 500 },
            { field: 'agentFeeKind', before: 'percent', after: 'fixed' },
            { field: 'agentFeeValue', before: 10, after: 250 },
            { field: 'furnished', before: 'unfurnished', after: 'furnished' },
          ],
        }),
      }),
    );
    // Approved before approvals were dated (the demo data): no date, still before → after.
    expect(
      within(section).getByRole('heading', { name: 'Changed since its approval' }),
    ).toBeTruthy();
    expect(lines(section)).toEqual([
      'Currency: GH₵ → $',
      'Deposit: GH₵0 → $500',
      'Agent fee: Percentage → Fixed amount',
      'Agent fee amount: 10% → $250',
      'Furnishing: Unfurnished → Furnished',
    ]);
  });

  it('appears on each listing of the approval queue', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    const edited = pending({
      title: 'Edited flat',
      changesSinceApproval: changes({
        fields: [{ field: 'price', before: 1000, after: 1500 }],
      }),
    });
    const fresh = pending({ title: 'Fresh flat' });
    mockApi({
      'GET /api/auth/user': () => json(adminUser),
      'GET /api/admin/properties': () => json({ properties: [edited, fresh], total: 2 }),
    });
    renderRoute(<ImageApprovalPage />, {
      path: '/admin/image-approval',
      url: '/admin/image-approval',
    });
    const editedCard = await screen.findByRole('article', { name: 'Edited flat' });
    expect(within(editedCard).getByText('GH₵1,000/month')).toBeTruthy();
    expect(within(editedCard).getByText('GH₵1,500/month')).toBeTruthy();
    const freshCard = screen.getByRole('article', { name: 'Fresh flat' });
    expect(
      within(freshCard).getByRole('heading', { name: 'New listing: never approved before' }),
    ).toBeTruthy();
  });
});
