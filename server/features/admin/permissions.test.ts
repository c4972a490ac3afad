import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createListing } from '../../testing/builders';
import { createTestApp, signUp } from '../../testing/test-app';

/**
 * Every administrator endpoint of the OpenAPI document, called as a visitor, a renter, an
 * owner and an administrator: 401, 403, 403, and for the administrator an answer past the
 * guard (2xx where the call can succeed on this data). A new admin endpoint without a row
 * here fails the first test.
 */
const { app, database } = await createTestApp();
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let renter: Account;
let owner: Account;
let admin: Account;
let grantee: Account;
let listingId: string;
let doomedId: string;
let providerId: string;

beforeAll(async () => {
  renter = await signUp(app);
  owner = await signUp(app, { userType: 'owner' });
  admin = await signUp(app);
  grantee = await signUp(app);
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
  listingId = await createListing(db, owner.userId, { isVerified: false });
  doomedId = await createListing(db, owner.userId);
  const provider = await app.inject({
    method: 'POST',
    url: '/api/service-providers',
    payload: {
      categoryId: 'gardener',
      businessName: 'Green Hands',
      contactPerson: 'Esi',
      email: 'green@example.com',
      phone: '+233241234567',
      businessAddress: 'Tamale',
      serviceArea: 'Northern',
      yearsExperience: 3,
      servicesOffered: 'Hedges',
    },
  });
  providerId = provider.json().id;
});

type Row = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, as the document writes it. */
  path: string;
  url: () => string;
  body?: () => object;
  /** 'ok': the administrator's call succeeds; 'guarded': only the guard is checked (files). */
  admin: 'ok' | 'guarded';
};

const missing = '00000000-0000-4000-8000-000000000000';
const rows: Row[] = [
  { method: 'GET', path: '/api/admin/properties', url: () => '/api/admin/properties', admin: 'ok' },
  {
    method: 'POST',
    path: '/api/admin/properties/{id}/approve',
    url: () => `/api/admin/properties/${listingId}/approve`,
    admin: 'ok',
  },
  {
    method: 'POST',
    path: '/api/admin/properties/{id}/reject',
    url: () => `/api/admin/properties/${listingId}/reject`,
    body: () => ({ reason: 'Please add a photo of the kitchen' }),
    admin: 'ok',
  },
  {
    method: 'PATCH',
    path: '/api/admin/properties/{id}/visibility',
    url: () => `/api/admin/properties/${listingId}/visibility`,
    body: () => ({ isActive: true }),
    admin: 'ok',
  },
  {
    method: 'GET',
    path: '/api/admin/featured-properties',
    url: () => '/api/admin/featured-properties',
    admin: 'ok',
  },
  {
    method: 'PATCH',
    path: '/api/admin/properties/{id}/featured',
    url: () => `/api/admin/properties/${doomedId}/featured`,
    body: () => ({ isFeatured: true }),
    admin: 'ok',
  },
  {
    method: 'POST',
    path: '/api/admin/reorder-featured-properties',
    url: () => '/api/admin/reorder-featured-properties',
    body: () => ({ propertyOrders: [{ id: doomedId, order: 1 }] }),
    admin: 'ok',
  },
  {
    method: 'DELETE',
    path: '/api/admin/properties/{id}',
    url: () => `/api/admin/properties/${doomedId}`,
    admin: 'ok',
  },
  { method: 'GET', path: '/api/admin/admins', url: () => '/api/admin/admins', admin: 'ok' },
  {
    method: 'POST',
    path: '/api/admin/admins',
    url: () => '/api/admin/admins',
    body: () => ({ email: grantee.body.email }),
    admin: 'ok',
  },
  {
    method: 'DELETE',
    path: '/api/admin/admins/{id}',
    url: () => `/api/admin/admins/${grantee.userId}`,
    admin: 'ok',
  },
  { method: 'GET', path: '/api/admin/audit-log', url: () => '/api/admin/audit-log', admin: 'ok' },
  {
    method: 'POST',
    path: '/api/admin/change-password',
    url: () => '/api/admin/change-password',
    body: () => ({ currentPassword: admin.body.password, newPassword: 'a brand new passphrase' }),
    admin: 'ok',
  },
  {
    method: 'GET',
    path: '/api/admin/visitor-analytics',
    url: () => '/api/admin/visitor-analytics?days=7',
    admin: 'ok',
  },
  {
    method: 'GET',
    path: '/api/admin/recent-visitors',
    url: () => '/api/admin/recent-visitors?limit=200',
    admin: 'ok',
  },
  {
    method: 'GET',
    path: '/api/admin/users-analytics',
    url: () => '/api/admin/users-analytics',
    admin: 'ok',
  },
  {
    method: 'PATCH',
    path: '/api/service-providers/{id}/status',
    url: () => `/api/service-providers/${providerId}/status`,
    body: () => ({ status: 'approved' }),
    admin: 'ok',
  },
  { method: 'GET', path: '/api/admin/messages', url: () => '/api/admin/messages', admin: 'ok' },
  {
    method: 'GET',
    path: '/api/admin/pending-videos',
    url: () => '/api/admin/pending-videos',
    admin: 'ok',
  },
  {
    method: 'GET',
    path: '/api/admin/download-video/{userId}/{fileName}',
    url: () => `/api/admin/download-video/${missing}/v${'0'.repeat(24)}.mp4`,
    admin: 'guarded',
  },
  {
    method: 'POST',
    path: '/api/admin/upload-edited-video/{userId}',
    url: () => `/api/admin/upload-edited-video/${missing}`,
    admin: 'guarded',
  },
];

const call = (row: Row, who?: Account) =>
  app.inject({
    method: row.method,
    url: row.url(),
    headers: who ? { cookie: who.cookie } : {},
    ...(row.body ? { payload: row.body() } : {}),
  });

describe('administrator endpoints', () => {
  it('are all in the table: every admin path or admin-tagged operation of the document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => path.startsWith('/api/admin') || op.tags?.includes('admin'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(rows.map((row) => `${row.method} ${row.path}`).sort());
  });

  it.each(rows.map((row) => [`${row.method} ${row.path}`, row] as const))(
    '%s: 401 visitor, 403 renter and owner, admin past the guard',
    async (_name, row) => {
      expect((await call(row)).statusCode).toBe(401);
      expect((await call(row, renter)).statusCode).toBe(403);
      expect((await call(row, owner)).statusCode).toBe(403);
      const answer = await call(row, admin);
      if (row.admin === 'ok') {
        expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(200);
        expect(answer.statusCode, answer.body).toBeLessThan(300);
      } else {
        expect([401, 403]).not.toContain(answer.statusCode);
        expect(answer.statusCode, answer.body).toBeLessThan(500);
      }
    },
  );
});
