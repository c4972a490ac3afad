import { describe, expect, it } from 'vitest';
import {
  changedFields,
  changesAwaitingReview,
  changesSinceApproval,
  pendingChangesJson,
  reviewedValuesOf,
  type ApprovedSnapshot,
} from './listing-changes';

const approved: ApprovedSnapshot = {
  title: 'Flat',
  description: null,
  price: 100,
  currency: '$',
  pricingPeriod: 'month',
  city: 'Accra',
  address: 'Accra, Ghana',
  country: 'Ghana',
  advanceMonths: 6,
  depositAmount: 0,
  agentFeeKind: 'percent',
  agentFeeValue: 10,
  agentFeePayer: 'tenant',
  photoKeys: ['a', 'b'],
  approvedAt: '2026-11-20T10:00:00.000Z',
};

describe('changesSinceApproval', () => {
  it('lists changed fields in a fixed order and photos added or removed; reordering is no change', () => {
    const changes = changesSinceApproval(approved, {
      ...approved,
      description: 'Now with a fee',
      price: 120,
      photoKeys: ['c', 'b'],
    });
    expect(changes).toEqual({
      approvedAt: approved.approvedAt,
      fields: [
        { field: 'description', before: null, after: 'Now with a fee' },
        { field: 'price', before: 100, after: 120 },
      ],
      photosAdded: ['c'],
      photosRemoved: ['a'],
    });
    expect(changesSinceApproval(approved, { ...approved, photoKeys: ['b', 'a'] })).toMatchObject({
      fields: [],
      photosAdded: [],
      photosRemoved: [],
    });
  });

  it('counts a raised advance or agent fee as a change of price (issue 20)', () => {
    const changes = changesSinceApproval(approved, {
      ...approved,
      advanceMonths: 24,
      agentFeePayer: 'shared',
    });
    expect(changes.fields).toEqual([
      { field: 'advanceMonths', before: 6, after: 24 },
      { field: 'agentFeePayer', before: 'tenant', after: 'shared' },
    ]);
  });
});

describe('changedFields', () => {
  const form = {
    title: 'Flat',
    pricePerNight: 100,
    currency: '$' as const,
    pricingPeriod: 'month' as const,
    city: 'Accra',
    address: 'Accra, Ghana',
    country: 'Ghana',
  };

  it('takes the agent fee as its three columns', () => {
    const after = reviewedValuesOf({
      ...form,
      advanceMonths: 6,
      depositAmount: 0,
      agentFee: { kind: 'months', value: 1, payer: 'tenant' },
    });
    expect(changedFields(approved, after)).toEqual(['agentFeeKind', 'agentFeeValue']);
  });

  it('reviews the kind of place and the terms a renter decides on; utilities in any order are the same (issue 34)', () => {
    const before = {
      ...approved,
      propertyType: 'apartment' as const,
      category: 'general' as const,
      furnished: 'semi' as const,
      utilitiesIncluded: ['water', 'security'],
      minLeaseMonths: 12,
      availableFrom: null,
    };
    const after = reviewedValuesOf({
      ...form,
      propertyType: 'house',
      category: 'student',
      furnished: 'furnished',
      utilitiesIncluded: ['security', 'water'],
      minLeaseMonths: 6,
      availableFrom: '2027-01-01',
    });
    expect(changedFields(before, after)).toEqual([
      'propertyType',
      'category',
      'furnished',
      'minLeaseMonths',
      'availableFrom',
    ]);
    // An approval recorded before they were reviewed does not state them: no change.
    expect(changedFields(approved, after)).toEqual([]);
  });

  it('leaves terms an edit does not send as they are', () => {
    expect(changedFields(approved, reviewedValuesOf(form))).toEqual([]);
  });
});

describe('changesAwaitingReview', () => {
  it('compares the approved listing with what waits, photos by key (issue 34)', () => {
    const photo = (key: string) => ({ key, width: 4, height: 3, widths: [400] });
    const pending = {
      values: { price: 90 },
      photos: [photo('b'), photo('c')],
      submittedAt: '2026-11-27T10:00:00.000Z',
    };
    expect(changesAwaitingReview(approved, null, pending)).toEqual({
      approvedAt: null,
      fields: [{ field: 'price', before: 100, after: 90 }],
      photosAdded: ['c'],
      photosRemoved: ['a'],
    });
    expect(pendingChangesJson(pending)).toEqual({
      fields: ['price', 'photos'],
      values: { price: 90 },
      photos: pending.photos,
      submittedAt: pending.submittedAt,
    });
    expect(pendingChangesJson(null)).toBeNull();
  });
});
