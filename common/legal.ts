import { z } from 'zod';

/**
 * GET /api/legal/operator (issue 51): who runs the site, as the legal pages name it: the
 * company's name, its registered address, the jurisdiction it is registered in and whose law
 * governs the terms, where disputes are arbitrated, and the e-mail address for legal matters.
 * Set by the operator (OPERATOR_* in server/config.ts), the same for every reader, in the
 * words the operator wrote (the pages' own words are translated around them).
 */
export const operatorSchema = z.object({
  name: z.string(),
  address: z.string(),
  jurisdiction: z.string(),
  disputeVenue: z.string(),
  email: z.string(),
});
export type Operator = z.infer<typeof operatorSchema>;
