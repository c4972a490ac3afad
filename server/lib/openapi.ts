import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The name of the session cookie's security scheme in the OpenAPI document. */
export const SESSION_SCHEME = 'session';

/**
 * The tags the routes are grouped by (each route's `tags`), in the order a reader meets them:
 * the reference at /api/reference lists them so, and Spectral wants each one defined.
 */
export const documentTags = [
  { name: 'system', description: 'Readiness for a load balancer, and a trivial answer.' },
  {
    name: 'auth',
    description:
      'Accounts and sessions: sign-up, sign-in, the signed-in user, e-mail and phone codes, password resets.',
  },
  {
    name: 'accounts',
    description:
      'The signed-in user’s own settings: profile, password, plan, notices, and a lister’s verifications.',
  },
  {
    name: 'properties',
    description:
      'Listings: the search, featured listings, a listing’s page, and a lister’s own listings and their changes.',
  },
  { name: 'favorites', description: 'A renter’s saved listings (and their price alerts).' },
  {
    name: 'saved-searches',
    description: 'Saved searches, their alerts, and the signed links that stop or restart them.',
  },
  {
    name: 'conversations',
    description: 'Enquiries and the messages between a renter and a lister about a listing.',
  },
  {
    name: 'viewings',
    description: 'A listing’s viewing hours, and the viewings renters request and listers answer.',
  },
  { name: 'reviews', description: 'Reviews of viewings, listers’ public profiles and replies.' },
  { name: 'uploads', description: 'Listing photos: uploads and the stored variants.' },
  { name: 'videos', description: 'Listing videos: uploads, their scan and editing, attaching.' },
  { name: 'providers', description: 'The directory of service providers, and registration.' },
  { name: 'support', description: 'The support and contact forms, and the inbox they fill.' },
  { name: 'analytics', description: 'Visitor analytics: a browser’s page loads.' },
  { name: 'live', description: 'The signed-in user’s live updates (Server-Sent Events).' },
  { name: 'legal', description: 'Who runs the site, as its legal pages name it.' },
  {
    name: 'admin',
    description:
      'Administrators’ moderation and settings: approvals, listings, featured order, reports, reviews, verifications, deliveries, analytics, administrators, the audit log.',
  },
  {
    name: 'dev',
    description:
      'Development only (never registered in production): the outbox of messages and the scans run at a given time.',
  },
];

/**
 * The document's own part (@fastify/swagger's `openapi` option): what it is, who answers for
 * it, the server it describes, its tags and the session cookie's scheme.
 */
export function openApiHead(options: {
  publicUrl: string;
  supportEmail: string;
  cookieName: string;
}) {
  return {
    info: {
      title: 'Abode API',
      version: '0.1.0',
      description:
        'The HTTP API of Abode, the rental-property marketplace. Its answers are JSON; every ' +
        'error is `ApiError`, a stable `code` with an English `message`. A signed-in call sends ' +
        'the session cookie a sign-in sets. This document is at `/api/docs`; the same, to ' +
        'browse, at `/api/reference`.',
      contact: { name: 'Abode support', email: options.supportEmail },
    },
    servers: [{ url: options.publicUrl, description: 'This server (PUBLIC_URL)' }],
    tags: documentTags,
    components: { securitySchemes: securitySchemes(options.cookieName) },
  };
}

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

/** What a route's config `access` means, as its description ends (registerAccessCheck). */
const accessText: Record<string, string> = {
  user: 'Signed in: needs the session cookie (401 without one).',
  admin:
    'Administrators only: needs an administrator’s session cookie (401 without a session, ' +
    '403 for any other account).',
};

/**
 * The routes' schemas as the document gives them (issue 51): Zod's JSON Schema, each operation
 * with an `operationId`, and the signed-in and administrators' routes (config `access`) under
 * the session cookie's security scheme, their description saying who may call them.
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform({
    ...input,
    schema: inlineParameters(input.schema),
  } as Parameters<typeof jsonSchemaTransform>[0]);
  const { route } = input;
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const access = (route.config as { access?: string } | undefined)?.access;
  const schema = transformed.schema as Record<string, unknown>;
  const description = [schema.description, access && accessText[access]].filter(Boolean);
  return {
    ...transformed,
    schema: {
      ...schema,
      operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, input.url),
      ...(description.length > 0 ? { description: description.join('\n\n') } : {}),
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

/**
 * A route's params, query and headers as the document lists them: one parameter per property,
 * which @fastify/swagger reads from the schema itself, never from a `$ref`. A component
 * schema (openapi-components.ts) used there is given as an unnamed copy, so it stays inline.
 */
function inlineParameters<Schema extends object>(schema: Schema | undefined): Schema | undefined {
  if (!schema) return schema;
  const inlined = { ...schema } as Record<string, unknown>;
  for (const key of ['params', 'querystring', 'headers']) {
    const value = inlined[key];
    if (value instanceof z.ZodType && z.globalRegistry.get(value)?.id) inlined[key] = value.clone();
  }
  return inlined as Schema;
}

/**
 * The whole document once its routes are written: the component schemas
 * (openapi-components.ts) under `components.schemas`, then what OpenAPI 3.0 and its validators
 * need of them: null in nullable enums, no keyword beside a `$ref`, and no component that
 * nothing names (fastify-type-provider-zod writes a request's and an answer's side of each).
 */
export const openApiTransformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as OpenApiObject;
  listNullInNullableEnums(document);
  writeRefsAndNullsFor30(document);
  dropUnnamedComponents(document);
  return document as ReturnType<SwaggerTransformObject>;
};

type OpenApiObject = { components?: { schemas?: Record<string, unknown> } } & Record<
  string,
  unknown
>;

/** Null as OpenAPI 3.0 writes it (it has no null type), as Zod writes `z.null()`. */
const NULL_ONLY = { type: 'string', nullable: true, enum: [null] } as const;

/**
 * What OpenAPI 3.0 and its validators read differently from Zod's output, rewritten in place:
 *
 * - Whatever stands beside a `$ref` is ignored in 3.0 (Spectral calls it an error): a described
 *   component `{ $ref, description }` becomes `{ description, allOf: [{ $ref }] }`.
 * - `nullable` counts only beside a `type` (3.0.3; ajv refuses it alone), so a nullable
 *   component (`{ nullable, allOf: [{ $ref }] }`) or union (`{ nullable, anyOf }`) would not let
 *   null through: null becomes one of its choices, `anyOf: [{ $ref }, null]`.
 */
export function writeRefsAndNullsFor30(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) writeRefsAndNullsFor30(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  for (const value of Object.values(schema)) writeRefsAndNullsFor30(value);
  if (typeof schema.$ref === 'string' && Object.keys(schema).length > 1) {
    schema.allOf = [{ $ref: schema.$ref }];
    delete schema.$ref;
  }
  if (schema.nullable !== true || 'type' in schema) return;
  delete schema.nullable;
  const choices = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (choices) {
    if (!choices.some(isNullOnly)) choices.push({ ...NULL_ONLY, enum: [null] });
  } else if (Array.isArray(schema.allOf)) {
    const all = schema.allOf as unknown[];
    schema.anyOf = [all.length === 1 ? all[0] : { allOf: all }, { ...NULL_ONLY, enum: [null] }];
    delete schema.allOf;
  }
}

function isNullOnly(schema: unknown): boolean {
  const { enum: values } = schema as { enum?: unknown[] };
  return Array.isArray(values) && values.length === 1 && values[0] === null;
}

const COMPONENT_REF = '#/components/schemas/';

/** Removes the component schemas that no operation names, directly or through another. */
export function dropUnnamedComponents(document: OpenApiObject): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const named = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith(COMPONENT_REF)) {
      const name = ref.slice(COMPONENT_REF.length);
      if (!named.has(name)) {
        named.add(name);
        visit(schemas[name]);
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit({ ...document, components: { ...document.components, schemas: {} } });
  for (const name of Object.keys(schemas)) if (!named.has(name)) delete schemas[name];
}
