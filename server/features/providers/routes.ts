import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#common/api-error';
import {
  providerIdParamsSchema,
  providerListQuerySchema,
  providerRegistrationSchema,
  providerStatusBodySchema,
  serviceProviderSchema,
} from '#common/providers';
import type { Database } from '../../db/client';
import { ipLimit, rateLimits } from '../../lib/rate-limits';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../lib/request-user';
import { changeProviderStatus, listProviders, registerProvider } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

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
          response: { 201: serviceProviderSchema, ...errors, 429: apiErrorSchema },
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
        config: adminOnly,
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
