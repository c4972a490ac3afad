import { Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { createListing } from '../testing/builders';
import { dereference } from '../testing/fuzz/openapi';
import { createTestApp, signUp } from '../testing/test-app';

/**
 * The OpenAPI document (GET /api/docs) as outside tools read it (issue 51): small enough to
 * load (the shared schemas are components), every schema valid for a JSON Schema validator in
 * OpenAPI 3.0's dialect, the API's real answers valid against it, and Spectral's OpenAPI
 * ruleset content with it. web-app.test.ts checks what it lists (operation ids, the session's
 * security scheme, nullable enums).
 */
const testApp = await createTestApp();
const { app, database } = testApp;
const docs = await app.inject({ method: 'GET', url: '/api/docs' });
const document = docs.json() as OpenApiDocument;

type Schema = Record<string, unknown>;
type Operation = {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** Every schema of the document, where it stands: components, and each operation's. */
function schemasOf(): [where: string, schema: Schema][] {
  const found: [string, Schema][] = Object.entries(document.components.schemas).map(
    ([name, schema]) => [`components.schemas.${name}`, schema],
  );
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const { name, schema } of operation.parameters ?? [])
        found.push([`${at} ${name}`, schema]);
      for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
        found.push([`${at} body ${type}`, schema]);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [type, { schema }] of Object.entries(response.content ?? {})) {
          found.push([`${at} ${status} ${type}`, schema]);
        }
      }
    }
  }
  return found;
}

/**
 * ajv in strict mode (unknown keywords, formats and types are errors), reading OpenAPI 3.0's
 * dialect: `nullable` (ajv's own support, which wants a `type` beside it), the formats OpenAPI
 * names besides JSON Schema's, its annotations, and `exclusiveMinimum: true` beside `minimum`
 * (3.0's boolean form, JSON Schema's number since draft 6). The document's components are its
 * schemas' `$ref`s, as `openapi.json#/components/schemas/…`.
 */
function openApiAjv() {
  const ajv = new Ajv({ strict: true, allErrors: true, discriminator: true, inlineRefs: false });
  addFormats(ajv);
  for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) {
    ajv.addFormat(format, true);
  }
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'components']);
  ajv.addSchema(asJsonSchema({ components: document.components }), 'openapi.json');
  // One validator for each distinct schema (the error answer is the same 474 times).
  const compiled = new Map<string, ValidateFunction>();
  return (schema: Schema): ValidateFunction => {
    const text = JSON.stringify(asJsonSchema(schema)).replaceAll(
      '"#/components/schemas/',
      '"openapi.json#/components/schemas/',
    );
    let validate = compiled.get(text);
    if (!validate) compiled.set(text, (validate = ajv.compile(JSON.parse(text) as Schema)));
    return validate;
  };
}

/** OpenAPI 3.0's `exclusiveMinimum: true, minimum: n` as JSON Schema's `exclusiveMinimum: n`. */
function asJsonSchema<T>(node: T): T {
  if (Array.isArray(node)) return node.map(asJsonSchema) as T;
  if (!node || typeof node !== 'object') return node;
  const copy = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, asJsonSchema(value)]),
  ) as Schema;
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof copy[exclusive] !== 'boolean') continue;
    if (copy[exclusive]) copy[exclusive] = copy[bound];
    else delete copy[exclusive];
    if (copy[exclusive] !== undefined) delete copy[bound];
  }
  return copy as T;
}

describe('the OpenAPI document', () => {
  it('is under 600 KB: the shared schemas are components, named by $ref', () => {
    expect(docs.statusCode).toBe(200);
    expect(Buffer.byteLength(docs.body)).toBeLessThan(600_000);
    const { schemas } = document.components;
    for (const name of ['ApiError', 'User', 'Property', 'ConversationSummary', 'Viewing']) {
      expect(Object.keys(schemas)).toContain(name);
    }
    // Every error answer names the one error shape.
    const refusal = document.paths['/api/auth/login']!.post!.responses['401']!;
    expect(refusal.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
    expect(
      document.paths['/api/viewings/{id}']!.get!.responses['200']!.content!['application/json']!
        .schema,
    ).toEqual({ $ref: '#/components/schemas/Viewing' });
    // Every $ref names a component (dereference throws otherwise), and every component is named.
    expect(JSON.stringify(dereference(document))).not.toContain('"$ref"');
    const named = new Set(
      [...docs.body.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]),
    );
    expect(Object.keys(schemas).filter((name) => !named.has(name))).toEqual([]);
  });

  it('writes no object schema of 1 KB or more twice (a shared one is a component)', () => {
    const seen = new Map<string, string[]>();
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const text = JSON.stringify(node);
      if ('properties' in node && text.length >= 1024)
        seen.set(text, [...(seen.get(text) ?? []), at]);
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    };
    walk(document, '#');
    const repeated = [...seen.values()].filter((places) => places.length > 1);
    expect(repeated).toEqual([]);
  });

  it('compiles with ajv in strict mode, every schema: components, parameters, bodies, answers', () => {
    const validator = openApiAjv();
    const schemas = schemasOf();
    expect(schemas.length).toBeGreaterThan(400);
    const refused: string[] = [];
    for (const [where, schema] of schemas) {
      try {
        validator(schema);
      } catch (error) {
        refused.push(`${where}: ${(error as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('describes real answers: a signed-in GET /api/auth/user (plan: null), a listing, a search', async () => {
    const validator = openApiAjv();
    const renter = await signUp(app, { userType: 'renter' });
    const owner = await signUp(app, { userType: 'owner' });
    const listingId = await createListing(database.db, owner.userId);
    const answers = [
      ['/api/auth/user', '/api/auth/user', renter.cookie],
      ['/api/auth/user', '/api/auth/user', owner.cookie],
      ['/api/properties/{id}', `/api/properties/${listingId}`, renter.cookie],
      ['/api/properties/search', '/api/properties/search', undefined],
    ] as const;
    for (const [path, url, cookie] of answers) {
      const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode, url).toBe(200);
      const body = response.json();
      if (path === '/api/auth/user') expect(body.plan).toBeNull();
      const validate = validator(
        document.paths[path]!.get!.responses['200']!.content!['application/json']!.schema,
      );
      expect(validate(body) ? [] : validate.errors, url).toEqual([]);
    }
  });

  it('passes Spectral’s spectral:oas ruleset: no error, fewer than 50 warnings', async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
    const results = await spectral.run(docs.body);
    const severities = ['error', 'warning', 'information', 'hint'];
    const found = results.map(
      (result) =>
        `${severities[result.severity]} ${result.code} at ${result.path.join('.')}: ${result.message}`,
    );
    expect(found.filter((line) => line.startsWith('error '))).toEqual([]);
    const warnings = found.filter((line) => line.startsWith('warning '));
    expect(warnings.length, warnings.join('\n')).toBeLessThan(50);
  }, 60_000);
});
