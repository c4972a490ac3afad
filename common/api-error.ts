import { z } from 'zod';
import { errorCodeList } from './error-codes';
import { validationMessages } from './messages';

const fieldCodeList = [...errorCodeList, ...Object.keys(validationMessages)] as [
  string,
  ...string[],
];

/**
 * The one error shape of every non-2xx API answer (docs/design.md, API contract): `message` in
 * English, a stable `code` (common/error-codes.ts) with the `params` its text names, and, for
 * a form, each field's English message in `fields` and its code in `fieldCodes` (a validation
 * key of common/messages.ts, or an error code). Clients translate by code, never by text.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(errorCodeList),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  fields: z.record(z.string(), z.string()).optional(),
  fieldCodes: z.record(z.string(), z.enum(fieldCodeList)).optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;
