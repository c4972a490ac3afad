import { z } from 'zod';
import { MAX_GHS_PER_USD } from './money';

/**
 * The cedis-per-dollar rate renters' searches compare rents with (issue 20): anyone reads it
 * (GET /api/exchange-rate), administrators set it (PUT /api/admin/exchange-rate).
 */
export const exchangeRateSchema = z.object({
  ghsPerUsd: z.number(),
  /** When an administrator set it (ISO 8601). */
  setAt: z.string(),
});

/** Above 0, at most 1000, to four decimals (as the database keeps it). */
export const exchangeRateInputSchema = z.object({
  ghsPerUsd: z
    .number({ error: 'invalidValue' })
    .gt(0, { error: 'invalidValue' })
    .max(MAX_GHS_PER_USD, { error: 'invalidValue' })
    .refine((rate) => Math.abs(rate * 10_000 - Math.round(rate * 10_000)) < 1e-6, {
      error: 'invalidValue',
    }),
});
export type ExchangeRateInput = z.infer<typeof exchangeRateInputSchema>;
