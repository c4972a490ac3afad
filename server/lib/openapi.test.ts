import { describe, expect, it } from 'vitest';
import { dereference } from '../testing/fuzz/openapi';
import { createTestApp } from '../testing/test-app';

/**
 * The OpenAPI document (GET /api/docs) as outside tools read it (issue 51): small enough to
 * load, the shared schemas being components. web-app.test.ts checks what it lists (operation
 * ids, the session's security scheme, nullable enums).
 */
const testApp = await createTestApp();
const { app } = testApp;
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
});
