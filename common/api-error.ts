import { z } from 'zod';

/** The one error shape of every non-2xx API answer (docs/design.md, API contract). */
export const apiErrorSchema = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;
