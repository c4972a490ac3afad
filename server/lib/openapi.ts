import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The name of the session cookie's security scheme in the OpenAPI document. */
export const SESSION_SCHEME = 'session';

/** The OpenAPI document's security schemes: the session cookie a sign-in sets. */
export const securitySchemes = (cookieName: string) => ({
  [SESSION_SCHEME]: {
    type: 'apiKey' as const,
    in: 'cookie' as const,
    name: cookieName,
    description: 'The session a sign-in (POST /api/auth/login, /api/auth/register) sets.',
  },
});

/**
 * An operation's id from its method and path, for clients generated from the document:
 * `GET /api/properties/:id/reviews` is `getPropertiesIdReviews`. Method and path name one
 * route, so ids are unique (the document's test checks it).
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .flatMap((segment) => segment.replace(/^:/, '').split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [
    method.toLowerCase(),
    ...words.map((word) => word[0]!.toUpperCase() + word.slice(1)),
  ].join('');
}

/**
 * The routes' schemas as the document gives them (issue 51): Zod's JSON Schema, each operation
 * with an `operationId`, and the signed-in and administrators' routes (config `access`) under
 * the session cookie's security scheme.
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const { route } = input;
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const access = (route.config as { access?: string } | undefined)?.access;
  const schema = transformed.schema as Record<string, unknown>;
  return {
    ...transformed,
    schema: {
      ...schema,
      operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, input.url),
      ...(access ? { security: [{ [SESSION_SCHEME]: [] }] } : {}),
    },
  };
};

/**
 * OpenAPI 3.0 reads `nullable: true` beside an `enum` as allowed only when the enum lists
 * null (3.0.3, Schema Object); Zod's schemas leave it out, so a validator refused a `plan: null`
 * the API answers. Adds it wherever it is missing, in place.
 */
export function listNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) listNullInNullableEnums(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  for (const value of Object.values(schema)) listNullInNullableEnums(value);
}
