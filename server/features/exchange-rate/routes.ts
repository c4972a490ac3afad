import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exchangeRateInputSchema, exchangeRateSchema } from '#common/exchange-rate';
import { accountLimiter, ipLimit } from '../../lib/rate-limits';
import { adminOnly, requireAdmin } from '../../lib/request-user';
import { rateLimits } from './rate-limits';
import { readExchangeRate, setExchangeRate, type RateDeps } from './service';
import { errorResponses } from '../../lib/error-responses';

/** The exchange rate renters' searches compare currencies with, and its setting (issue 20). */
export function exchangeRateRoutes(deps: RateDeps) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const perAdmin = accountLimiter(
      fastify,
      'exchange-rate-changes',
      rateLimits.exchangeRateChangesPerAccount,
    );

    app.get(
      '/api/exchange-rate',
      {
        schema: {
          tags: ['properties'],
          summary: 'Cedis per US dollar, as searches compare rents in both currencies',
          response: { 200: exchangeRateSchema },
        },
      },
      async (_request, reply) => {
        // Changes a few times a month at most: caches may keep it a minute.
        reply.header('cache-control', 'public, max-age=60');
        return readExchangeRate(deps.db);
      },
    );

    app.put(
      '/api/admin/exchange-rate',
      {
        config: { ...adminOnly, ...ipLimit(rateLimits.exchangeRateChangesPerIp) },
        schema: {
          tags: ['admin'],
          summary: 'Set cedis per US dollar (0 < rate ≤ 1000, four decimals at most)',
          description:
            'Every dollar listing is compared at the new rate from now on: price filters, ' +
            'price order and the move-in cap, on every server. Audit-logged.',
          body: exchangeRateInputSchema,
          response: {
            200: exchangeRateSchema,
            ...errorResponses(400, 401, 403, 429),
          },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        await perAdmin.check(request);
        const rate = await setExchangeRate(deps, admin, request.body.ghsPerUsd);
        await perAdmin.consume(request);
        return rate;
      },
    );
  };
}
