import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  providerIdParamsSchema,
  providerListQuerySchema,
  providerRegistrationSchema,
  providerStatusBodySchema,
  serviceProviderSchema,
} from '#common/providers';
import type { Database } from '../../db/client';
import { idParam } from '../../lib/ids';
import { ipLimit } from '../../lib/rate-limits';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../lib/request-user';
import { rateLimits } from './rate-limits';
import { changeProviderStatus, listProviders, registerProvider } from './service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Home maintenance providers: registration (anyone), directory (members), review (admins). */
export function providerRoutes(deps: { db: Database }) {
  const { db } = deps;
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/service-providers',
      {
        config: ipLimit(rateLimits.providerRegistrationsPerIp),
        schema: {
          tags: ['providers'],
          summary: 'Register a business for review (approved within 24 hours)',
          body: providerRegistrationSchema,
          response: { 201: serviceProviderSchema, ...errors, ...errorResponses(429) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await registerProvider(db, request.body, request.user)),
    );

    app.get(
      '/api/service-providers',
      {
        config: signedIn,
        schema: {
          tags: ['providers'],
          summary: 'Approved providers for signed-in users; any status for administrators',
          querystring: providerListQuerySchema,
          response: { 200: z.array(serviceProviderSchema), ...errors },
        },
      },
      async (request) => listProviders(db, requireUser(request), request.query),
    );

    app.patch(
      '/api/service-providers/:id/status',
      {
        config: { ...adminOnly, ...idParam('id', 'provider_not_found') },
        schema: {
          tags: ['providers', 'admin'],
          summary: 'Approve, reject or revoke a provider (spec transitions only; else 409)',
          params: providerIdParamsSchema,
          body: providerStatusBodySchema,
          response: { 200: serviceProviderSchema, ...errors },
        },
      },
      async (request) =>
        changeProviderStatus(db, requireAdmin(request), request.params.id, request.body.status),
    );
  };
}
