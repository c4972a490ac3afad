import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deliveryIdParamsSchema,
  deliveryListSchema,
  deliveryQuerySchema,
  deliverySchema,
} from '#common/deliveries';
import type { Database } from '../../db/client';
import { idParam } from '../../lib/ids';
import type { JobQueue } from '../../lib/job-queue';
import { accountLimiter, ipLimit, keyedLimiter } from '../../lib/rate-limits';
import { adminOnly, requireAdmin } from '../../lib/request-user';
import { recordAudit } from '../admin/service';
import { listDeliveries, retryDelivery } from './deliveries';
import { rateLimits } from './rate-limits';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The admin panel's Deliveries: e-mail and SMS waiting, sent and failed (issue 18). */
export function deliveryRoutes(deps: { db: Database; jobs: JobQueue }) {
  const { db, jobs } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // A retry sends a message: bounded per administrator and per message, as well as per IP.
    const perAdmin = accountLimiter(
      fastify,
      'delivery-retries',
      rateLimits.deliveryRetriesPerAccount,
    );
    const perDelivery = keyedLimiter(
      fastify,
      'delivery-retries-per-message',
      rateLimits.deliveryRetriesPerMessage,
      (request) => (request.params as { id: string }).id,
    );

    app.get(
      '/api/admin/deliveries',
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'E-mail and SMS deliveries: queued (or retrying), sent or failed, newest first',
          description:
            'Never a message’s text: what it is (`kind`), where it goes, how many tries, why ' +
            'the last one failed.',
          querystring: deliveryQuerySchema,
          response: { 200: deliveryListSchema, ...errors },
        },
      },
      async (request) => listDeliveries(db, request.query),
    );

    app.post(
      '/api/admin/deliveries/:id/retry',
      {
        config: {
          ...adminOnly,
          ...ipLimit(rateLimits.deliveryRetriesPerIp),
          ...idParam('id', 'delivery_not_found'),
        },
        schema: {
          tags: ['admin'],
          summary: 'Try a failed delivery once more, now',
          params: deliveryIdParamsSchema,
          response: { 200: deliverySchema, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        await perAdmin.check(request);
        await perDelivery.check(request);
        const delivery = await retryDelivery(db, jobs, request.params.id);
        await perAdmin.consume(request);
        await perDelivery.consume(request);
        await recordAudit(db, admin, 'retry-delivery', 'delivery', delivery.id, {
          kind: delivery.kind,
          channel: delivery.channel,
        });
        return delivery;
      },
    );
  };
}
