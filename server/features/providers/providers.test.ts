import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProviderRegistration } from '#common/providers';
import { auditLog } from '../admin/service';
import { createTestApp, signUp, signUpAdmin } from '../../testing/test-app';

const { app, database } = await createTestApp();
const db = database.db;

type Account = Awaited<ReturnType<typeof signUp>>;
let renter: Account;
let owner: Account;
let admin: Account;
beforeAll(async () => {
  renter = await signUp(app);
  owner = await signUp(app, { userType: 'owner' });
  admin = await signUpAdmin({ app, database });
});

let sequence = 0;
const registration = (overrides: Partial<ProviderRegistration> = {}): ProviderRegistration => ({
  categoryId: 'plumber',
  businessName: 'Osu Pipes',
  contactPerson: 'Kwame Boateng',
  email: `pipes${(sequence += 1)}@example.com`,
  phone: '024 123 4567',
  businessAddress: '4 Cantonments Road, Accra',
  serviceArea: 'Greater Accra',
  yearsExperience: 7,
  monthsExperience: 11,
  servicesOffered: 'Leaks, boreholes, water heaters',
  emergencyAvailable: true,
  description: '',
  ...overrides,
});

let address = 0;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who?: Account, payload?: object) =>
  app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    // Each registration from its own address, so the per-IP limit bites only where tested.
    remoteAddress: `10.9.${Math.floor((address += 1) / 250)}.${address % 250}`,
    ...(payload ? { payload } : {}),
  });

async function register(overrides: Partial<ProviderRegistration> = {}, who?: Account) {
  const answer = await call('POST', '/api/service-providers', who, registration(overrides));
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { id: string; status: string };
}

const setStatus = (id: string, status: string, who: Account | null = admin) =>
  call('PATCH', `/api/service-providers/${id}/status`, who ?? undefined, { status });

describe('POST /api/service-providers', () => {
  it('takes a registration from anyone as pending, phone normalised, experience in whole years', async () => {
    const created = await register({ businessName: 'Wa Wiring', categoryId: 'electrician' });
    expect(created).toMatchObject({
      status: 'pending',
      categoryId: 'electrician',
      phone: '+233241234567',
      yearsExperience: 7,
      emergencyAvailable: true,
      description: null,
    });
  });

  it('refuses each missing or bad field with 400 and names it', async () => {
    const cases: [Partial<Record<keyof ProviderRegistration, unknown>>, string][] = [
      [{ businessName: ' ' }, 'businessName'],
      [{ contactPerson: '' }, 'contactPerson'],
      [{ email: 'not-an-address' }, 'email'],
      [{ phone: 'call me' }, 'phone'],
      [{ businessAddress: '' }, 'businessAddress'],
      [{ serviceArea: '' }, 'serviceArea'],
      [{ servicesOffered: '' }, 'servicesOffered'],
      [{ categoryId: 'roofer' }, 'categoryId'],
      [{ yearsExperience: 51 }, 'yearsExperience'],
      [{ yearsExperience: -1 }, 'yearsExperience'],
      [{ yearsExperience: 2.5 }, 'yearsExperience'],
      [{ monthsExperience: 12 }, 'monthsExperience'],
      [{ description: 'x'.repeat(2001) }, 'description'],
    ];
    for (const [override, field] of cases) {
      const answer = await call('POST', '/api/service-providers', undefined, {
        ...registration(),
        ...override,
      });
      expect(answer.statusCode, field).toBe(400);
      expect(Object.keys(answer.json().fields), field).toContain(field);
    }
    const [fiftyYears] = [await register({ yearsExperience: 50, monthsExperience: 0 })];
    expect(fiftyYears).toMatchObject({ yearsExperience: 50 });
  });

  it('answers 409 to a second open registration of one business for one trade', async () => {
    const email = 'twice@example.com';
    await register({ email });
    const again = await call('POST', '/api/service-providers', undefined, registration({ email }));
    expect(again.statusCode).toBe(409);
    await register({ email, categoryId: 'painter' });
  });

  it('limits registrations per address', async () => {
    const from = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/service-providers',
        remoteAddress: '10.250.0.1',
        payload: registration({ businessName: `Spam ${i}` }),
      });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await from(i)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('GET /api/service-providers', () => {
  it('needs a signed-in user and shows members only approved providers, filtered', async () => {
    const tag = `Area${Date.now()}`;
    const approved = await register({ serviceArea: `Kumasi ${tag}`, categoryId: 'gardener' });
    await register({ serviceArea: `Kumasi ${tag}` });
    expect((await setStatus(approved.id, 'approved')).statusCode).toBe(200);

    expect((await call('GET', '/api/service-providers')).statusCode).toBe(401);
    const directory = (
      await call('GET', `/api/service-providers?serviceArea=${tag.toLowerCase()}`, renter)
    ).json();
    expect(directory.map((p: { id: string }) => p.id)).toEqual([approved.id]);
    const asked = await call(
      'GET',
      `/api/service-providers?status=approved&serviceArea=${tag}`,
      owner,
    );
    expect(asked.json()).toHaveLength(1);
    const plumbers = await call(
      'GET',
      `/api/service-providers?categoryId=plumber&serviceArea=${tag}`,
      renter,
    );
    expect(plumbers.json()).toEqual([]);

    expect((await call('GET', '/api/service-providers?status=pending', renter)).statusCode).toBe(
      403,
    );
    const all = (await call('GET', `/api/service-providers?serviceArea=${tag}`, admin)).json();
    expect(all.map((p: { status: string }) => p.status).sort()).toEqual(['approved', 'pending']);
    const pending = await call(
      'GET',
      `/api/service-providers?status=pending&serviceArea=${tag}`,
      admin,
    );
    expect(pending.json()).toHaveLength(1);
    expect((await call('GET', '/api/service-providers?categoryId=roofer', admin)).statusCode).toBe(
      400,
    );
  });
});

describe('PATCH /api/service-providers/:id/status', () => {
  it('is for administrators: 401 visitor, 403 renter and owner', async () => {
    const { id } = await register();
    expect((await setStatus(id, 'approved', null)).statusCode).toBe(401);
    expect((await setStatus(id, 'approved', renter)).statusCode).toBe(403);
    expect((await setStatus(id, 'approved', owner)).statusCode).toBe(403);
  });

  it('allows only the spec transitions, and logs each', async () => {
    const { id } = await register();
    expect((await setStatus(id, 'pending')).statusCode).toBe(409);
    expect((await setStatus(id, 'approved')).json().status).toBe('approved');
    expect((await setStatus(id, 'approved')).statusCode).toBe(409);
    expect((await setStatus(id, 'rejected')).json().status).toBe('rejected'); // revoke
    expect((await setStatus(id, 'rejected')).statusCode).toBe(409);
    expect((await setStatus(id, 'approved')).json().status).toBe('approved');
    expect((await setStatus(id, 'pending')).statusCode).toBe(409);

    const rejected = await register();
    expect((await setStatus(rejected.id, 'rejected')).json().status).toBe('rejected');

    const log = await db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(log.map((entry) => entry.action).sort()).toEqual(['approve', 'approve', 'revoke']);
    expect(log[0]).toMatchObject({ targetType: 'service-provider', actorId: admin.userId });
  });

  it('answers 404 for unknown ids and 400 for unknown statuses', async () => {
    expect((await setStatus('00000000-0000-4000-8000-000000000000', 'approved')).statusCode).toBe(
      404,
    );
    expect((await setStatus('nope', 'approved')).statusCode).toBe(404);
    const { id } = await register();
    expect((await setStatus(id, 'archived')).statusCode).toBe(400);
  });

  it('answers 409 when approving an old rejection while a newer application is open', async () => {
    const email = 'again@example.com';
    const first = await register({ email });
    await setStatus(first.id, 'rejected');
    await register({ email });
    expect((await setStatus(first.id, 'approved')).statusCode).toBe(409);
  });
});
