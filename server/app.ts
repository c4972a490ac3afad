import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
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
import { isVisitor, SESSION_COOKIE } from './features/auth/plugin';
import { serverFeatures, serverNotificationTemplates, type FeatureOverrides } from './features';
import {
  addFeatureHooks,
  composeFeatures,
  startSchedules,
  type Platform,
} from './lib/feature-module';
import { serverPhotoQueue, type PhotoQueue } from './lib/photo-queue';
import { UPLOAD_TIMEOUTS, type UploadTimeouts } from './lib/upload-body-timeout';
import { openApiHead, openApiTransform, openApiTransformObject } from './lib/openapi';
import { registerComponentSchemas } from './lib/openapi-components';
import { registerApiReference } from './lib/api-reference';
import { registerRequestLog } from './lib/request-log';
import { frameworkErrorHandler, registerErrorHandler } from './lib/error-handler';
import { registerTextGuard } from './lib/text-guard';
import { registerOriginCheck } from './lib/origin-check';
import { registerDevHostCheck, registerLoopbackOnlyDevTools } from './lib/loopback-only';
import { createNotifier, type Notifier, type SmsProvider } from './lib/notifier';
import { createEventOutbox } from './lib/events';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './lib/job-queue';
import { deleteOldNoticeTallies } from './lib/notice-cap';
import { createQueuedNotifier, forgetFailedSecrets } from './lib/queued-notifier';
import { rateLimitStore } from './lib/rate-limits';
import { liveUpdates } from './lib/live-updates';
import { createSmsProvider } from './lib/sms';
import { registerOutboxRoute } from './lib/outbox';
import {
  createShortLinks,
  deleteExpiredShortLinks,
  registerShortLinkRoute,
} from './lib/short-links';
import { createSignedTokens } from './lib/signed-tokens';
import { registerAccessCheck } from './lib/request-user';
import { registerIdCheck } from './lib/ids';
import type { FileStorage } from './lib/storage';
import type { Listen } from './db/notifications';
import { loadPageRenderer, serverPageRender } from './lib/page-render';
import { registerWebApp } from './lib/web-app';
import { fromRepoRoot } from './paths';
import type { PageRenderer } from '#common/page-render';

export const defaultWebRoot = fromRepoRoot('dist/web');

export type AppDeps = FeatureOverrides & {
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
  notifier?: Notifier;
  /** How text messages leave when no notifier is given; default: SMS_PROVIDER (or the outbox). */
  smsProvider?: SmsProvider;
  /** The time codes and reset links are checked against (tests move it). */
  clock?: () => Date;
  /** How the job queue's workers poll (a test of work due later polls more often). */
  jobQueue?: JobQueueOptions;
  /** LISTEN on the database, for live updates (DatabaseHandle.listen); else none arrive live. */
  listen?: Listen;
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

/** The hosts the map reads from: the style's, unless the PMTiles file is served here. */
function mapOrigins(map: Config['map']): string[] {
  return map.pmtiles ? [] : [new URL(map.styleUrl).origin];
}

/** The whole server as one Fastify instance; main.ts listens, tests use app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, storage } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // One line per request instead (lib/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestLog(app, { production: config.isProduction });
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
        // The map's style, tiles, fonts and icons (issue 39): the configured host and no other.
        connectSrc: ["'self'", ...mapOrigins(config.map)],
        // MapLibre's worker is a file of ours (its CSP build), never a blob.
        workerSrc: ["'self'"],
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
  registerComponentSchemas();
  await app.register(fastifySwagger, {
    openapi: openApiHead({
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
      cookieName: SESSION_COOKIE,
    }),
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });

  const clock = deps.clock ?? (() => new Date());
  // Work that runs once however many servers share the database (decision 013).
  const jobs = createJobQueue(db, app.log, deps.jobQueue);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  // Every notification is queued with the action that causes it and delivered by a worker
  // (issue 18); the direct notifier is what the worker hands it to.
  const directNotifier =
    deps.notifier ??
    createNotifier({
      db,
      config,
      log: app.log,
      smsProvider: deps.smsProvider ?? (await createSmsProvider(config.sms)),
      // Each kind is rendered by the template of the feature that owns it.
      templates: serverNotificationTemplates(),
    });
  // Each person's notices of the day are capped (issue 50, lib/notice-cap.ts).
  const notifier = createQueuedNotifier(directNotifier, jobs, app.log, { db, clock });
  app.decorate('notifier', notifier);
  const platform: Platform = {
    config,
    db,
    storage,
    clock,
    notifier,
    jobs,
    events: createEventOutbox(jobs),
    live: liveUpdates,
    listen: deps.listen ?? null,
    tokens: createSignedTokens(db),
    links: createShortLinks(db, config.publicUrl),
    photoQueue: deps.photoQueue ?? serverPhotoQueue(),
    uploadTimeouts: deps.uploadTimeouts ?? UPLOAD_TIMEOUTS,
  };
  const features = serverFeatures(deps);

  registerOriginCheck(app, config.publicUrl);
  if (!config.isProduction) registerDevHostCheck(app, config.publicUrl);
  registerLoopbackOnlyDevTools(app);
  registerTextGuard(app);
  addFeatureHooks(app, platform, features);
  registerAccessCheck(app);
  registerIdCheck(app);

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
      if (!app.listingSearch.ready()) {
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
  // The OpenAPI document is the same for the life of the process: written out once, not on
  // every request (165 requests took 10 s of the API fuzz test to serialise it again).
  let docs: string | undefined;
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) => {
    docs ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(docs);
  });
  // The same to browse, for people (lib/api-reference.ts).
  registerApiReference(app);
  registerShortLinkRoute(app, db, clock);
  // Without a mail transport the outbox is how codes and links reach a developer; never in
  // production, where it would expose other people's messages.
  if (!config.isProduction) registerOutboxRoute(app, db);

  // Each feature's routes, workers and decorations (server/features/index.ts); main.ts starts
  // their schedules.
  const composed = await composeFeatures(app, platform, features);
  composed.sweeps.push(
    { what: 'expired short links', run: () => deleteExpiredShortLinks(db) },
    // The codes and links of messages that failed for good.
    { what: 'the codes of failed messages', run: () => forgetFailedSecrets(db) },
    { what: 'notice tallies of past days', run: () => deleteOldNoticeTallies(db, clock()) },
  );
  app.decorate('startSchedules', () => startSchedules(app, platform, composed));

  const webRoot = deps.webRoot ?? defaultWebRoot;
  if (fs.existsSync(path.join(webRoot, 'index.html'))) {
    const renderer =
      deps.pageRenderer === undefined
        ? await loadPageRenderer(webRoot, app.log)
        : (deps.pageRenderer ?? undefined);
    const pageBody = renderer
      ? serverPageRender(app, renderer, {
          pagesVersion: () => app.listingSearch.pagesVersion(),
          isVisitor,
        })
      : undefined;
    await registerWebApp(app, webRoot, app.pageHead, pageBody);
  }

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ message: errorText('not_found'), code: 'not_found' }),
  );

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Mail and SMS (lib/notifier.ts). */
    notifier: Notifier;
    /** The job queue (lib/job-queue.ts). */
    jobs: JobQueue;
    /**
     * Starts the features' schedules and the hourly sweep of their clean-ups (main.ts; tests
     * run a feature's work directly).
     */
    startSchedules: () => void;
  }
}
