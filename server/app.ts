import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { apiErrorSchema } from '#common/api-error';
import { errorText } from '#common/error-codes';
import type { Config } from './config';
import type { Database } from './db/client';
import { accountRoutes } from './features/accounts/routes';
import { deliveryRoutes } from './features/admin/deliveries-routes';
import { adminRoutes } from './features/admin/routes';
import { openGeoLookup, type GeoLookup } from './features/analytics/geo';
import { analyticsRoutes } from './features/analytics/routes';
import { passwordRoutes } from './features/auth/password-routes';
import { authRoutes } from './features/auth/routes';
import { verificationRoutes } from './features/auth/verification-routes';
import { exchangeRateRoutes } from './features/exchange-rate/routes';
import { readExchangeRate, watchExchangeRate } from './features/exchange-rate/service';
import { reportRoutes } from './features/reports/routes';
import { listerVerificationRoutes } from './features/verifications/routes';
import { registerSessionLoader } from './features/auth/session-plugin';
import { registerPrivateAnswers } from './features/auth/private-answers';
import { SESSION_COOKIE } from './features/auth/service';
import { favoriteRoutes } from './features/favorites/routes';
import { messageRoutes } from './features/messages/routes';
import { propertyRoutes } from './features/properties/routes';
import { providerRoutes } from './features/providers/routes';
import { createPageHead, seoRoutes } from './features/seo/routes';
import {
  createListingSearch,
  createListingWrites,
  freshnessRoutes,
  runListingFreshness,
  type ListingSearch,
} from './features/properties/service';
import { fileRoutes, uploadRoutes } from './features/uploads/routes';
import { savedSearchRoutes } from './features/saved-searches/routes';
import { matchListings, notifyPriceDrops, sendDueAlerts } from './features/saved-searches/service';
import type { VirusScanner } from './features/videos/scanner';
import { serverPhotoQueue, type PhotoQueue } from './lib/photo-queue';
import { UPLOAD_TIMEOUTS, type UploadTimeouts } from './lib/upload-body-timeout';
import { videoRoutes } from './features/videos/routes';
import { frameworkErrorHandler, registerErrorHandler } from './lib/error-handler';
import { registerTextGuard } from './lib/text-guard';
import { registerOriginCheck } from './lib/origin-check';
import { registerLoopbackOnlyDevTools } from './lib/loopback-only';
import { createMessenger, type Messenger, type SmsProvider } from './lib/messenger';
import { createJobQueue, type JobQueue } from './lib/job-queue';
import { createQueuedMessenger } from './lib/queued-messenger';
import { rateLimitStore } from './lib/rate-limits';
import { createSmsProvider } from './lib/sms';
import { registerOutboxRoute } from './lib/outbox';
import { createShortLinks, registerShortLinkRoute } from './lib/short-links';
import { createSignedTokens } from './lib/signed-tokens';
import { registerAccessCheck } from './lib/request-user';
import type { FileStorage } from './lib/storage';
import { loadPageRenderer, serverPageRender } from './lib/page-render';
import { registerWebApp } from './lib/web-app';
import { fromRepoRoot } from './paths';
import type { PageRenderer } from '#common/page-render';

export const defaultWebRoot = fromRepoRoot('dist/web');

export type AppDeps = {
  config: Config;
  db: Database;
  storage: FileStorage;
  /** Folder of the built web app; served when it holds an index.html. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * How mail and SMS leave once the queue's worker takes them (tests inject one); default:
   * SMTP_URL and SMS_PROVIDER, or the outbox.
   */
  messenger?: Messenger;
  /** How text messages leave when no messenger is given; default: SMS_PROVIDER (or the outbox). */
  smsProvider?: SmsProvider;
  /** The time codes and reset links are checked against (tests move it). */
  clock?: () => Date;
  /** City and country of an address; default: GEOIP_DATABASE when set, else none. */
  geoLookup?: GeoLookup;
  /** How uploaded videos are scanned (tests inject one); default: VIRUS_SCANNER. */
  scanner?: VirusScanner;
  /** How photos wait their turn (tests use a small one); else serverPhotoQueue(). */
  photoQueue?: PhotoQueue;
  /** How long upload bodies may take (tests shorten them); else UPLOAD_TIMEOUTS. */
  uploadTimeouts?: UploadTimeouts;
  /**
   * Renders the public pages on the server (tests give one); else the renderer the build
   * wrote beside the web app, if any (server/lib/page-render.ts). Null: none.
   */
  pageRenderer?: PageRenderer | null;
};

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes proxy-addr's own hop rule (the socket's
 * peer and the next hops - 1 entries of X-Forwarded-For, counted from the right, are proxies):
 * Fastify 5 ignores a bare number, which cannot tell its proxy from a client that reaches the
 * server directly; with a count, the servers must be reachable only through the proxy
 * (README, Behind a reverse proxy), or TRUST_PROXY names the proxies' addresses instead.
 */
function trustProxyOption(trustProxy: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/** The whole server as one Fastify instance; main.ts listens, tests use app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, storage } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: trustProxyOption(config.trustProxy),
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // The API speaks JSON (and multipart where files go up); a text body is answered 415
  // rather than parsed into a string that then fails validation.
  app.removeContentTypeParser('text/plain');

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  // In memory, or in Redis (REDIS_URL) so that several servers share the limits.
  const limits = await rateLimitStore(config, app.log);
  app.addHook('onClose', limits.close);
  await app.register(fastifyRateLimit, { global: false, ...limits.options });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Abode API',
        version: '0.1.0',
        description: 'The HTTP API of Abode, the rental-property marketplace.',
      },
    },
    transform: jsonSchemaTransform,
  });

  registerOriginCheck(app, config.publicUrl);
  registerLoopbackOnlyDevTools(app);
  registerTextGuard(app);
  registerSessionLoader(app, db);
  registerPrivateAnswers(app);
  registerAccessCheck(app);

  // One search index per app, loaded when the server starts listening (or on the first
  // search); kept in step by the listing writes below and by a periodic check.
  const listingSearch = createListingSearch(db, app.log, { useIndex: config.searchIndex });
  app.decorate('listingSearch', listingSearch);
  // Every write to listings, whichever feature makes it, goes through these (issue 16).
  const clock = deps.clock ?? (() => new Date());
  // Work that runs once however many servers share the database (decision 013).
  const jobs = createJobQueue(db, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  // A listing that goes live is tried against saved searches (issue 21), queued with the write.
  const listingWrites = createListingWrites(db, listingSearch, clock, {
    wentLive: async (ids, tx) => {
      await jobs.send('listing-live', { ids }, { db: tx });
    },
  });
  app.addHook('onListen', async () => {
    void listingSearch.warm();
  });
  app.addHook('onClose', async () => listingSearch.close());
  // The rate searches compare cedis and dollars at (issue 20): read now, then every 15 s, so a
  // rate another server set reaches this one's searches.
  const rateWatch = watchExchangeRate(db, (rate) => listingSearch.rateChanged(rate), app.log);
  app.addHook('onClose', async () => rateWatch.stop());
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers and the search index is loaded',
        description:
          '503 `starting` while the search index loads after start-up (searches are answered ' +
          'from SQL meanwhile): a load balancer should wait before sending traffic.',
        response: {
          200: z.object({ status: z.literal('ok') }),
          // Starting up; or the database is unreachable (the shared outage answer).
          503: z.union([z.object({ status: z.literal('starting') }), apiErrorSchema]),
        },
      },
    },
    async (_request, reply) => {
      await db.execute(sql`select 1`);
      if (!listingSearch.ready()) {
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({ status: 'starting' as const });
      }
      return { status: 'ok' as const };
    },
  );
  // The cheapest JSON answer the server gives: the yardstick of `npm run bench`.
  typed.get(
    '/api/ping',
    {
      schema: {
        tags: ['system'],
        summary: 'A trivial JSON answer (no database)',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async () => ({ ok: true as const }),
  );
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  // Every message is queued with the action that causes it and delivered by a worker
  // (issue 18); the direct messenger is what the worker hands it to.
  const directMessenger =
    deps.messenger ??
    createMessenger({
      db,
      config,
      log: app.log,
      smsProvider: deps.smsProvider ?? (await createSmsProvider(config.sms)),
    });
  const messenger = createQueuedMessenger(directMessenger, jobs, app.log);
  app.decorate('messenger', messenger);
  const accountDeps = { db, config, messenger, clock, publicUrl: config.publicUrl };
  await app.register(authRoutes(accountDeps));
  await app.register(verificationRoutes(accountDeps));
  await app.register(passwordRoutes(accountDeps));
  await app.register(accountRoutes(accountDeps));
  await app.register(propertyRoutes({ db, listingSearch, listingWrites, storage, clock }));
  // Listings confirmed monthly (issue 21): the job (main.ts schedules it) and the owner's answers.
  const tokens = createSignedTokens(db);
  const links = createShortLinks(db, config.publicUrl);
  const freshness = { db, writes: listingWrites, messenger, tokens, links, clock };
  app.decorate('listingFreshness', {
    run: () => runListingFreshness({ ...freshness, publicUrl: config.publicUrl, log: app.log }),
  });
  await app.register(freshnessRoutes({ listingWrites, tokens, clock }));
  // Saved searches and their alerts (issue 21): matched as listings go live, sent at once or
  // in the 08:00 digest (main.ts schedules the digest's pass).
  const alertDeps = {
    db,
    matching: listingSearch.matching,
    messenger,
    tokens,
    links,
    publicUrl: config.publicUrl,
    log: app.log,
    clock,
  };
  app.decorate('savedSearchAlerts', { sendDue: () => sendDueAlerts(alertDeps) });
  const ghsPerUsd = async () => (await readExchangeRate(db)).ghsPerUsd;
  jobs.work<{ ids: string[] }>('listing-live', async (job) => {
    const matched = await matchListings(alertDeps, job.data.ids);
    const sent = matched > 0 ? await sendDueAlerts(alertDeps) : 0;
    const priceDrops = await notifyPriceDrops({ ...alertDeps, ghsPerUsd }, job.data.ids);
    return { done: { matched, sent, priceDrops } };
  });
  await app.register(savedSearchRoutes({ db, tokens, clock }));
  registerShortLinkRoute(app, db, clock);
  await app.register(favoriteRoutes({ db }));
  await app.register(
    adminRoutes({ db, listingWrites, storage, messenger, publicUrl: config.publicUrl }),
  );
  const geo = deps.geoLookup ?? (await openGeoLookup(config.geoipDatabase));
  const photoQueue = deps.photoQueue ?? serverPhotoQueue();
  const uploadTimeouts = deps.uploadTimeouts ?? UPLOAD_TIMEOUTS;
  await app.register(analyticsRoutes({ db, geo, clock }));
  await app.register(providerRoutes({ db }));
  await app.register(messageRoutes({ db, messenger, supportEmail: config.supportEmail }));
  await app.register(deliveryRoutes({ db, jobs }));
  await app.register(
    listerVerificationRoutes({
      db,
      storage,
      messenger,
      publicUrl: config.publicUrl,
      log: app.log,
      listingsChanged: () => listingSearch.changed(),
      photoQueue,
      bodyTimeouts: uploadTimeouts.photos,
    }),
  );
  await app.register(
    reportRoutes({
      db,
      writes: listingWrites,
      messenger,
      publicUrl: config.publicUrl,
      clock,
      log: app.log,
    }),
  );
  await app.register(
    exchangeRateRoutes({
      db,
      writes: listingWrites,
      rateChanged: (rate) => listingSearch.rateChanged(rate),
    }),
  );
  await app.register(fileRoutes(storage));
  await app.register(
    uploadRoutes({ db, storage, photoQueue, bodyTimeouts: uploadTimeouts.photos }),
  );
  await app.register(
    videoRoutes({
      db,
      storage,
      messenger,
      config,
      scanner: deps.scanner,
      bodyTimeouts: uploadTimeouts.videos,
    }),
  );
  // Without a mail transport the outbox is how codes and links reach a developer; never in
  // production, where it would expose other people's messages.
  if (!config.isProduction) registerOutboxRoute(app, db);
  // Crawlers and link previews: /robots.txt, /sitemap.xml, and each page's head (below).
  await app.register(seoRoutes({ db, publicUrl: config.publicUrl }));

  const webRoot = deps.webRoot ?? defaultWebRoot;
  const pageHead = createPageHead({ listingSearch, publicUrl: config.publicUrl });
  if (fs.existsSync(path.join(webRoot, 'index.html'))) {
    const renderer =
      deps.pageRenderer === undefined
        ? await loadPageRenderer(webRoot, app.log)
        : (deps.pageRenderer ?? undefined);
    const pageBody = renderer
      ? serverPageRender(app, renderer, {
          pagesVersion: () => listingSearch.pagesVersion(),
          isVisitor: (request) => !request.cookies[SESSION_COOKIE],
        })
      : undefined;
    await registerWebApp(app, webRoot, pageHead, pageBody);
  }

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ message: errorText('not_found'), code: 'not_found' }),
  );

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Search over the in-memory listing index (features/properties/listing-search.ts). */
    listingSearch: ListingSearch;
    /** Mail and SMS (lib/messenger.ts). */
    messenger: Messenger;
    /** The job queue (lib/job-queue.ts). */
    jobs: JobQueue;
    /** One pass over the due alerts of saved searches (features/saved-searches/alerts.ts). */
    savedSearchAlerts: { sendDue: () => Promise<number> };
    /** One run of the monthly confirmation of listings (features/properties/freshness.ts). */
    listingFreshness: { run: () => Promise<{ expired: string[]; reminded: string[] }> };
  }
}
