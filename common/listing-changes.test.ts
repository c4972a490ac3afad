import { describe, expect, it } from 'vitest';
import { changesSinceApproval, type ApprovedSnapshot } from './listing-changes';

const approved: ApprovedSnapshot = {
  title: 'Flat',
  description: null,
  price: 100,
  currency: '$',
  pricingPeriod: 'month',
  city: 'Accra',
  address: 'Accra, Ghana',
  country: 'Ghana',
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
});
