import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema';
import { citiesOf } from '#common/locations';
import { createSession } from './features/auth/sessions';
import { createListing } from './testing/builders';
import { answerProblems } from './testing/fuzz/check-answer';
import type { MultipartModel, Part } from './testing/fuzz/multipart';
import { operationsOf, type OpenApiDocument, type Operation } from './testing/fuzz/openapi';
import {
  requestArbitrary,
  type FuzzContext,
  type FuzzRequest,
  type Persona,
} from './testing/fuzz/requests';
import { plainEmail, type Hint } from './testing/fuzz/schema-arbitraries';
import { createTestApp, signUp, signUpAdmin } from './testing/test-app';
import { imageFile, uploadImages, verifyContact } from './testing/uploads';
import {
  aviFile,
  EICAR,
  fakeScanner,
  formData,
  infectedMp4,
  movFile,
  mp4File,
  uploadVideos,
  videoPart,
  waitForScans,
} from './testing/videos';
import { properties } from './features/listings/service';

/**
 * Property-based fuzzing of the whole HTTP API (issue 9). Every operation of the OpenAPI
 * document the server serves at /api/docs, and the routes it leaves out, gets requests
 * generated from its schemas: valid ones (against real listings, users, providers, photos
 * and videos made below, so they get past 404s) and every kind of wrong one (types, ranges,
 * missing and extra fields, control characters, broken JSON and percent-encoding, wrong
 * content types, ids that are not ids, broken multipart). They are sent as a visitor, as a
 * renter, an owner and an administrator, and with a cookie no session has. No answer may be
 * a 5xx; every 4xx has the error shape of docs/design.md; a success the route documents as JSON
 * is JSON.
 *
 * The run's seed is random unless FUZZ_SEED is set; a failure prints it (and fast-check's
 * own seed and path for the operation), so `FUZZ_SEED=<seed> npx vitest run
 * server/api-fuzz.test.ts` replays it. FUZZ_REPORT=1 prints the statuses each operation got.
 */

const seed = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
/**
 * Requests each operation gets; the expensive ones (password hashing, image encoding, the
 * OpenAPI document) fewer.
 */
const RUNS = 165;
const expensiveRuns: Record<string, number> = {
  'POST /api/auth/register': 90,
  'POST /api/auth/login': 90,
  'PUT /api/auth/change-password': 90,
  'POST /api/admin/change-password': 90,
  'POST /api/auth/reset-password': 120,
  'POST /api/upload/property-images': 150,
  // A fixed document (250 KB since its shared schemas are components; 3.3 MB before) that reads
  // nothing of the request: each answer is its whole text, parsed again by the check.
  'GET /api/docs': 20,
  // Fixed too: the reference page, and its script (5 MB, 1.2 MB in brotli).
  'GET /api/reference': 20,
  'GET /api/reference/scalar.js': 20,
};
/** Batches of requests sent at the same time (2 to 5 each). */
const CONCURRENT_RUNS = 150;
const MIN_REQUESTS = 10_000;

const scanner = fakeScanner();
const testApp = await createTestApp({}, { scanner });
const { app, database } = testApp;
const db = database.db;
const document = (await app.inject({ method: 'GET', url: '/api/docs' })).json<OpenApiDocument>();

/** Routes /api/docs leaves out (hidden ones) and paths no route serves. */
const extraOperations: Operation[] = [
  {
    method: 'GET',
    path: '/api/docs',
    key: 'GET /api/docs',
    pathParams: [],
    query: [],
    consumes: [],
    jsonSuccess: new Set([200]),
  },
  {
    method: 'GET',
    path: '/api/reference/scalar.js',
    key: 'GET /api/reference/scalar.js',
    pathParams: [],
    query: [{ name: 'v', required: false, schema: { type: 'string' } }],
    consumes: [],
    jsonSuccess: new Set(),
  },
  {
    method: 'GET',
    path: '/robots.txt',
    key: 'GET /robots.txt',
    pathParams: [],
    query: [],
    consumes: [],
    jsonSuccess: new Set(),
  },
  {
    method: 'GET',
    path: '/sitemap.xml',
    key: 'GET /sitemap.xml',
    pathParams: [],
    query: [],
    consumes: [],
    jsonSuccess: new Set(),
  },
  {
    method: 'GET',
    path: '/sitemaps/:name',
    key: 'GET /sitemaps/:name',
    pathParams: [{ name: 'name', required: true, schema: { type: 'string' } }],
    query: [],
    consumes: [],
    jsonSuccess: new Set(),
  },
  {
    method: 'GET',
    path: '/api/:unknown',
    key: 'GET /api/:unknown (no such route)',
    pathParams: [{ name: 'unknown', required: true, schema: { type: 'string' } }],
    query: [],
    consumes: [],
    jsonSuccess: new Set(),
  },
  {
    method: 'POST',
    path: '/api/properties/:id/:unknown',
    key: 'POST /api/properties/:id/:unknown (no such route)',
    pathParams: [
      { name: 'id', required: true, schema: { type: 'string' } },
      { name: 'unknown', required: true, schema: { type: 'string' } },
    ],
    query: [],
    body: { required: false, content: { 'application/json': { type: 'object' } } },
    consumes: ['application/json'],
    jsonSuccess: new Set(),
  },
];

const operations = [...operationsOf(document), ...extraOperations];

// The world the requests act on; restored between operations (a fuzzed request may delete a
// listing, revoke an administrator or sign a persona out).
type Account = { userId: string; email: string; cookie: string };
const personas = {} as Record<Exclude<Persona, 'visitor' | 'stranger'>, Account> & {
  otherOwner: Account;
  otherAdmin: Account;
};
type PoolListing = { id: string; ownerId: string; kind: 'live' | 'pending' | 'hidden' };
const listings: PoolListing[] = [];
const deletedIds: string[] = [randomUUID(), '00000000-0000-0000-0000-000000000000'];
const providerIds: string[] = [];
const photoUrls: string[] = [];
const pendingVideos: string[] = [];
const editedVideos: string[] = [];
const files: Buffer[] = [];
const goodImages: Buffer[] = [];
const goodVideos: Buffer[] = [];
const PASSWORD = 'correct horse battery';
const phones = ['+233 24 412 3456', '+233 20 123 4567', '+1 415 555 2671', '024 412 3456'];

async function newListing(ownerId: string, kind: PoolListing['kind']): Promise<PoolListing> {
  const id = await createListing(db, ownerId, {
    isVerified: kind !== 'pending',
    isActive: kind !== 'hidden',
  });
  return { id, ownerId, kind };
}

async function restoreWorld(): Promise<void> {
  const ids = listings.map((l) => l.id);
  const existing = new Set(
    (
      await db.select({ id: properties.id }).from(properties).where(inArray(properties.id, ids))
    ).map((row) => row.id),
  );
  const replaced: string[] = [];
  for (const [index, listing] of listings.entries()) {
    if (existing.has(listing.id)) continue;
    deletedIds.push(listing.id);
    listings[index] = await newListing(listing.ownerId, listing.kind);
    replaced.push(listings[index]!.id);
  }
  if (replaced.length > 0) await app.listingSearch.changed(replaced);
  for (const [name, account] of Object.entries(personas)) {
    const isAdmin = name === 'admin' || name === 'otherAdmin';
    await db.update(users).set({ isAdmin }).where(eq(users.id, account.userId));
    const [row] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, account.userId));
    account.email = row?.email ?? account.email;
    account.cookie = `abode_session=${(await createSession(db, account.userId)).token}`;
  }
}

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const allUserIds = () => Object.values(personas).map((p) => p.userId);
const propertyIds = () =>
  fc.oneof(
    { weight: 6, arbitrary: pick(listings.map((l) => l.id)) },
    { weight: 1, arbitrary: pick([...deletedIds, ...allUserIds(), ...providerIds]) },
  );

const context: FuzzContext = {
  origin: testApp.config.publicUrl,
  personas(operation) {
    return operation.path.includes('/admin')
      ? ['admin', 'admin', 'admin', 'admin', 'visitor', 'renter', 'owner', 'stranger']
      : [
          'visitor',
          'visitor',
          'renter',
          'renter',
          'owner',
          'owner',
          'owner',
          'admin',
          'admin',
          'stranger',
        ];
  },
  repair(_operation, body) {
    // A listing's city must be one of its country's.
    if (body === null || typeof body !== 'object' || !('country' in body) || !('city' in body)) {
      return body;
    }
    const cities = citiesOf(String(body.country));
    const title = 'title' in body ? String(body.title) : '';
    return cities.length > 0 ? { ...body, city: cities[title.length % cities.length] } : body;
  },
  pathValue(operation, name) {
    const { path: route } = operation;
    if (route.startsWith('/api/admin/admins/')) return pick([...allUserIds(), ...deletedIds]);
    if (route.startsWith('/api/service-providers/')) return pick([...providerIds, ...deletedIds]);
    if (name === 'id' || name === 'propertyId') return propertyIds();
    if (name === 'userId') {
      // The owner has the videos.
      return fc.oneof(
        { weight: 3, arbitrary: fc.constant(personas.owner.userId) },
        { weight: 1, arbitrary: pick([...allUserIds(), ...deletedIds]) },
      );
    }
    if (name === 'fileName') {
      return route.startsWith('/api/admin')
        ? pick([...pendingVideos, ...editedVideos])
        : pick([...editedVideos, ...pendingVideos]);
    }
    if (route === '/files/:name') return pick(photoUrls.map((url) => path.posix.basename(url)));
    if (route === '/sitemaps/:name') {
      return pick([
        'pages.xml',
        'listings-1.xml',
        'listings-2.xml',
        'listings-9999.xml',
        'listings-0.xml',
      ]);
    }
    return undefined;
  },
  hint(operation): Hint {
    const emails = () => pick(Object.values(personas).map((p) => p.email));
    return (name) => {
      switch (name) {
        case 'email':
          return fc.oneof(plainEmail, emails());
        case 'phone':
          return pick(phones);
        case 'password':
          return operation.key === 'POST /api/auth/login' ? fc.constant(PASSWORD) : undefined;
        case 'propertyId':
        case 'id':
          return propertyIds();
        case 'fileNames':
          return fc.subarray([...pendingVideos, ...editedVideos], { minLength: 1 });
        case 'images':
          return fc.subarray(photoUrls, { maxLength: Math.min(5, photoUrls.length) });
        default:
          return undefined;
      }
    };
  },
  multipart(operation): MultipartModel | undefined {
    const contents = pick(files);
    const file = (name: string, data: fc.Arbitrary<Buffer>): fc.Arbitrary<Part> =>
      data.map((buffer) => ({
        kind: 'file',
        name,
        filename: 'upload',
        type: 'application/octet-stream',
        data: buffer,
      }));
    const field = (name: string, value: fc.Arbitrary<string>): fc.Arbitrary<Part> =>
      value.map((text) => ({ kind: 'field', name, value: text }));
    switch (operation.key) {
      case 'POST /api/upload/property-images':
        return {
          fileFields: ['images'],
          textFields: {},
          files: contents,
          wellFormed: fc.array(file('images', pick(goodImages)), { minLength: 1, maxLength: 3 }),
        };
      case 'POST /api/upload/property-videos':
        return {
          fileFields: ['videos'],
          textFields: { propertyId: propertyIds() },
          files: contents,
          wellFormed: fc
            .tuple(
              fc.option(field('propertyId', propertyIds())),
              fc.array(file('videos', pick(goodVideos)), { minLength: 1, maxLength: 2 }),
            )
            .map(([id, videos]) => (id ? [id, ...videos] : videos)),
        };
      case 'POST /api/account/verifications':
        return {
          fileFields: ['photo'],
          textFields: {
            kind: fc.constantFrom('identity', 'agent_licence'),
            document: fc.constantFrom('ghana_card', 'passport'),
            documentNumber: fc.constantFrom('GHA-123456789-0', 'G1234567', 'REA/2026/1'),
          },
          files: contents,
          wellFormed: fc.tuple(
            field('kind', fc.constantFrom('identity', 'agent_licence')),
            field('document', fc.constantFrom('ghana_card', 'passport')),
            field('documentNumber', fc.constantFrom('GHA-123456789-0', 'G1234567')),
            file('photo', pick(goodImages)),
          ),
        };
      case 'POST /api/admin/upload-edited-video/:userId':
        return {
          fileFields: ['editedVideo'],
          textFields: { originalFileName: pick([...pendingVideos, ...editedVideos]) },
          files: contents,
          wellFormed: fc.tuple(
            field('originalFileName', pick(pendingVideos)),
            file('editedVideo', pick(goodVideos)),
          ),
        };
      default:
        return undefined;
    }
  },
};

// What the run saw, for the summary and the last checks.
let sent = 0;
let injectMs = 0;
const statuses = new Map<number, number>();
const successesByOperation = new Map<string, number>();
const statusesByOperation: Record<string, Record<number, number>> = {};

/** A distinct client address per request, so per-IP rate limits rarely answer instead. */
function clientAddress(n: number): string {
  if (n % 7 === 0) return `2001:db8::${n.toString(16)}`;
  return `172.${16 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}`;
}

function cookieOf(persona: Persona): string | undefined {
  // A stranger's cookie header comes with the request.
  if (persona === 'visitor' || persona === 'stranger') return undefined;
  return personas[persona].cookie;
}

async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
  sent += 1;
  const cookie = cookieOf(request.persona);
  const t0 = performance.now();
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
    remoteAddress: clientAddress(sent),
  });
  injectMs += performance.now() - t0;
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  const byOperation = (statusesByOperation[request.operation] ??= {});
  byOperation[response.statusCode] = (byOperation[response.statusCode] ?? 0) + 1;
  if (response.statusCode < 300) {
    successesByOperation.set(
      request.operation,
      (successesByOperation.get(request.operation) ?? 0) + 1,
    );
  }
  return response;
}

function describeFailure(
  request: FuzzRequest,
  response: LightMyRequestResponse,
  problems: string[],
) {
  const payload =
    request.payload === undefined
      ? '(none)'
      : Buffer.isBuffer(request.payload)
        ? `${request.payload.length} bytes: ${JSON.stringify(request.payload.subarray(0, 300).toString('latin1'))}`
        : JSON.stringify(request.payload.slice(0, 500));
  return [
    problems.join('; '),
    `  ${request.method} ${request.url.slice(0, 500)} as ${request.persona} (${request.shape})`,
    `  headers ${JSON.stringify(request.headers).slice(0, 300)}`,
    `  payload ${payload}`,
    `  answer ${response.statusCode} ${response.body.slice(0, 500)}`,
    `  replay the run with FUZZ_SEED=${seed}`,
  ].join('\n');
}

beforeAll(async () => {
  const renter = await signUp(app, { userType: 'renter' });
  const owner = await signUp(app, { userType: 'owner' });
  const otherOwner = await signUp(app, { userType: 'agent', businessName: 'Osu Lettings' });
  // The listers' e-mail addresses are verified: photo uploads need it (issue 50), so their
  // uploads reach the files; the renter's are refused before the body (403).
  for (const lister of [owner, otherOwner]) await verifyContact(db, lister.userId);
  const admin = await signUpAdmin(testApp);
  const otherAdmin = await signUpAdmin(testApp);
  for (const [name, account] of Object.entries({ renter, owner, otherOwner, admin, otherAdmin })) {
    personas[name as keyof typeof personas] = {
      userId: account.userId,
      email: account.body.email!,
      cookie: account.cookie,
    };
  }

  // Photos: real uploads, so listings and /files/:name have real names.
  const photos = await uploadImages(app, owner.cookie, [
    {
      filename: 'a.png',
      type: 'image/png',
      data: await imageFile('png', { width: 60, height: 40 }),
    },
    {
      filename: 'b.jpg',
      type: 'image/jpeg',
      data: await imageFile('jpeg', { width: 60, height: 40 }),
    },
  ]);
  expect(photos.statusCode).toBe(201);
  photoUrls.push(...photos.json<{ images: string[] }>().images);

  for (const kind of ['live', 'live', 'live', 'live', 'pending', 'pending', 'hidden'] as const) {
    listings.push(await newListing(owner.userId, kind));
  }
  for (const kind of ['live', 'live', 'pending'] as const) {
    listings.push(await newListing(otherOwner.userId, kind));
  }

  for (const [n, categoryId] of (['plumber', 'electrician', 'gardener'] as const).entries()) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/service-providers',
      headers: { cookie: owner.cookie },
      payload: {
        categoryId,
        businessName: `Fuzz Services ${n}`,
        contactPerson: 'Kofi Mensah',
        email: `provider${n}@example.com`,
        phone: phones[n],
        businessAddress: '12 Ring Road, Accra',
        serviceArea: 'Accra',
        yearsExperience: 4,
        servicesOffered: 'Repairs',
      },
      remoteAddress: `10.9.0.${n}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    providerIds.push(response.json<{ id: string }>().id);
  }

  // Videos: two waiting for review, one approved with an edited file.
  for (const data of [mp4File(), movFile(), aviFile()]) {
    const response = await uploadVideos(app, owner.cookie, [videoPart(data)], '10.9.1.1');
    expect(response.statusCode, response.body).toBe(201);
    pendingVideos.push(response.json<{ videos: { fileName: string }[] }>().videos[0]!.fileName);
  }
  await waitForScans(db);
  const edit = formData([
    { name: 'originalFileName', value: pendingVideos[0]! },
    { name: 'editedVideo', filename: 'edited.mp4', type: 'video/mp4', data: mp4File() },
  ]);
  const edited = await app.inject({
    method: 'POST',
    url: `/api/admin/upload-edited-video/${owner.userId}`,
    headers: { ...edit.headers, cookie: admin.cookie },
    payload: edit.payload,
  });
  expect(edited.statusCode, edited.body).toBe(200);
  editedVideos.push(edited.json<{ editedFileName: string }>().editedFileName);

  // What upload parts carry: real images and videos, and things that only look like them.
  const png = await imageFile('png', { width: 30, height: 20 });
  goodImages.push(
    png,
    await imageFile('jpeg', { width: 30, height: 20 }),
    await imageFile('gif', { width: 30, height: 20 }),
    await imageFile('webp', { width: 30, height: 20 }),
  );
  goodVideos.push(mp4File(randomBytes(256)), movFile(randomBytes(256)), aviFile(randomBytes(256)));
  files.push(
    ...goodImages,
    ...goodVideos,
    png.subarray(0, 40),
    Buffer.concat([png.subarray(0, 16), randomBytes(200)]),
    mp4File(randomBytes(256)).subarray(0, 20),
    infectedMp4(),
    Buffer.from(EICAR),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    Buffer.from('just text'),
    Buffer.alloc(0),
    randomBytes(1024),
  );
  await restoreWorld();
}, 60_000);

afterAll(() => {
  if (process.env.FUZZ_REPORT) {
    for (const [key, counts] of Object.entries(statusesByOperation)) {
      console.log(key.padEnd(50), JSON.stringify(counts));
    }
  }
  const table = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  console.log(
    `api fuzz: ${sent} requests, seed ${seed}; answers ${table.join(', ')}; ` +
      `${successesByOperation.size} of ${operations.length} operations answered 2xx; inject ${Math.round(injectMs)} ms`,
  );
});

describe(`API fuzz (seed ${seed})`, () => {
  it.each(operations.map((operation, index) => [operation.key, operation, index] as const))(
    '%s: no 5xx, errors in the API shape',
    async (_key, operation, index) => {
      await restoreWorld();
      const arbitrary = requestArbitrary(operation, context);
      await fc.assert(
        fc.asyncProperty(arbitrary, async (request) => {
          const response = await send(request);
          const problems = answerProblems(response, {
            method: request.method,
            jsonSuccess: request.method === operation.method ? operation.jsonSuccess : new Set(),
          });
          if (problems.length > 0) throw new Error(describeFailure(request, response, problems));
        }),
        { numRuns: expensiveRuns[operation.key] ?? RUNS, seed: seed + index },
      );
    },
  );

  // Races: the same request sent several times at once (a double submit), or a few requests of
  // one operation or of several at once.
  it('requests sent at the same time: no 5xx, errors in the API shape', async () => {
    await restoreWorld();
    const byKey = new Map(operations.map((operation) => [operation.key, operation]));
    const one = operations.map((operation) => requestArbitrary(operation, context));
    const batches = fc.oneof(
      fc
        .tuple(fc.oneof(...one), fc.integer({ min: 2, max: 4 }))
        .map(([request, times]) => Array.from({ length: times }, () => request)),
      fc
        .constantFrom(...one)
        .chain((arbitrary) => fc.array(arbitrary, { minLength: 2, maxLength: 4 })),
      fc.array(fc.oneof(...one), { minLength: 2, maxLength: 5 }),
    );
    await fc.assert(
      fc.asyncProperty(batches, async (batch) => {
        const responses = await Promise.all(batch.map((request) => send(request)));
        for (const [index, response] of responses.entries()) {
          const request = batch[index]!;
          const operation = byKey.get(request.operation)!;
          const problems = answerProblems(response, {
            method: request.method,
            jsonSuccess: request.method === operation.method ? operation.jsonSuccess : new Set(),
          });
          if (problems.length > 0) {
            throw new Error(
              `${describeFailure(request, response, problems)}\n  sent at once with ` +
                batch.map((other) => `${other.method} ${other.url.slice(0, 80)}`).join(', '),
            );
          }
        }
      }),
      { numRuns: CONCURRENT_RUNS, seed: seed + operations.length },
    );
  });

  it(`sent at least ${MIN_REQUESTS} requests, most of them past the rate limits`, () => {
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    expect(statuses.get(429) ?? 0).toBeLessThan(sent * 0.03);
  });
});
