import { apiErrorSchema } from '#common/api-error';

/**
 * A route schema's error answers: each status named answers the API's error shape
 * (docs/design.md, API contract). `response: { 200: listingSchema, ...errorResponses(400, 404) }`
 * documents them in the OpenAPI document and serialises them alike.
 */
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): { [S in Status]: typeof apiErrorSchema } {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [S in Status]: typeof apiErrorSchema;
  };
}
