import type { AdminProperty, Administrator, AuditEntry } from '#common/admin';
import type { User } from '#common/auth';
import { makeProperty, renter } from './properties';

/** A listing as the admin API answers it (any status, with its owner); override what matters. */
export function makeAdminProperty(overrides: Partial<AdminProperty> = {}): AdminProperty {
  return {
    ...makeProperty(),
    ownerId: '00000000-0000-4000-8000-999999999999',
    ownerFirstName: 'Kwame',
    ownerLastName: 'Boateng',
    ownerEmail: 'kwame@example.com',
    ownerPhone: '+233241234567',
    ownerBusinessName: null,
    changesSinceApproval: null,
    photoMatches: [],
    place: {
      pin: { latitude: 5.556, longitude: -0.182 },
      previousPin: null,
      publicArea: { latitude: 5.5571, longitude: -0.1818, radiusMeters: 300 },
      ghanaPostGps: null,
      cityCentre: { latitude: 5.6037, longitude: -0.187 },
      cityCentreMeters: 5333,
    },
    ...overrides,
  };
}

export function makeAdminProperties(
  count: number,
  overrides: Partial<AdminProperty> = {},
): AdminProperty[] {
  return Array.from({ length: count }, () => makeAdminProperty(overrides));
}

/** A listing waiting for review. */
export const pending = (overrides: Partial<AdminProperty> = {}) =>
  makeAdminProperty({ isVerified: false, verified: false, ...overrides });

/** The signed-in administrator of the admin tests. */
export const adminUser: User = {
  ...renter,
  id: '00000000-0000-4000-8000-adadadadadad',
  firstName: 'Ama',
  lastName: 'Mensah',
  email: 'admin@example.com',
  isAdmin: true,
};

export const asAdministrator = (user: User): Administrator => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone,
  createdAt: user.createdAt,
});

let sequence = 0;
export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  sequence += 1;
  return {
    id: `audit-${sequence}`,
    action: 'approve',
    targetType: 'property',
    targetId: '00000000-0000-4000-8000-000000000001',
    details: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    actor: {
      id: adminUser.id,
      firstName: adminUser.firstName,
      lastName: adminUser.lastName,
      email: adminUser.email,
      phone: null,
    },
    listing: null,
    person: null,
    ...overrides,
  };
}
