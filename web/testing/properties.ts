import type { Property } from '#common/properties';
import type { User } from '#common/auth';

let sequence = 0;

/** A live listing as the API answers it; override what a test is about. */
export function makeProperty(overrides: Partial<Property> = {}): Property {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    title: `Sunny flat ${sequence}`,
    description: 'Two bedrooms close to the university.',
    propertyType: 'apartment',
    category: 'student',
    address: '12 Oxford Street',
    city: 'Accra',
    country: 'Ghana',
    location: { latitude: 5.5571, longitude: -0.1818, approximate: true, radiusMeters: 300 },
    locationText: 'Accra, Ghana',
    pricePerNight: 2500,
    price: 2500,
    currency: 'GH₵',
    pricingPeriod: 'month',
    bedrooms: 2,
    bathrooms: 1,
    amenities: ['wifi', 'kitchen'],
    advanceMonths: 0,
    depositAmount: 0,
    agentFee: { kind: 'none', value: 0, payer: 'tenant' },
    availableFrom: null,
    minLeaseMonths: null,
    furnished: 'unfurnished',
    utilitiesIncluded: [],
    moveInCost: { advance: 0, firstRent: 0, deposit: 0, agentFee: 0, total: 0 },
    images: [`/files/p${sequence}a-800.webp`, `/files/p${sequence}b-800.webp`],
    image: `/files/p${sequence}a-800.webp`,
    photos: [
      { key: `p${sequence}a`, width: 1600, height: 1200, widths: [400, 800, 1200, 1600] },
      { key: `p${sequence}b`, width: 1600, height: 1200, widths: [400, 800, 1200, 1600] },
    ],
    averageRating: 0,
    rating: 0,
    reviewCount: 0,
    isVerified: true,
    verified: true,
    isActive: true,
    isFeatured: false,
    featuredOrder: null,
    rejectionReason: null,
    hiddenByAdmin: false,
    hiddenReason: null,
    hiddenForReports: false,
    rentedAt: null,
    // Confirmed just now (the test's clock, fake or real): no card nears its expiry unless a
    // test says so.
    confirmedAt: new Date().toISOString(),
    expiredAt: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    isOwn: false,
    ownerUserType: 'owner',
    lister: {
      handle: 'kofi-3f9a1c0b',
      emailVerified: false,
      phoneVerified: false,
      identityVerified: false,
      licensedAgent: false,
      responseTime: null,
    },
    isFavorite: false,
    ...overrides,
  };
}

export function makeProperties(count: number, overrides: Partial<Property> = {}): Property[] {
  return Array.from({ length: count }, () => makeProperty(overrides));
}

export const renter: User = {
  id: '00000000-0000-4000-8000-aaaaaaaaaaaa',
  firstName: 'Abena',
  lastName: 'Sarpong',
  email: 'abena@example.com',
  phone: null,
  emailVerified: true,
  phoneVerified: false,
  isVerified: true,
  userType: 'renter',
  businessName: null,
  licenseNumber: null,
  profileImageUrl: null,
  isAdmin: false,
  plan: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
