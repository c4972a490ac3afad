/**
 * The part of an OpenAPI 3.0 document (what @fastify/swagger serves at /api/docs from the zod
 * route schemas) that the API fuzzer needs: each operation's path, parameters, body and which
 * of its successful answers are JSON, with the component schemas it names resolved in place.
 */

/** The JSON Schema subset fastify-type-provider-zod writes (OpenAPI 3.0 dialect). */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0 writes a boolean (with `minimum`), 3.1 a number. */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  nullable?: boolean;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type Parameter = { name: string; required: boolean; schema: JsonSchema };

export type Operation = {
  /** GET, POST, … */
  method: string;
  /** The path as Fastify writes it: `/api/properties/:id`. */
  path: string;
  /** `GET /api/properties/:id`: how tests and failures name the operation. */
  key: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The request body's media types and schema (one schema per type, usually the same). */
  body?: { required: boolean; content: Record<string, JsonSchema> };
  /** Media types the operation's documentation says it consumes (multipart routes say so). */
  consumes: string[];
  /** Successful statuses whose answer the document describes as JSON. */
  jsonSuccess: Set<number>;
};

type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

export type OpenApiDocument = {
  openapi?: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown> };
};

const COMPONENT_REF = '#/components/schemas/';

/**
 * The document with every `$ref` to a component schema replaced by a copy of the schema, so
 * that a reader sees each operation's whole schemas in place (the served document names the
 * shared ones once, under `components.schemas`). A schema that names itself keeps its `$ref`
 * where it would recur.
 */
export function dereference<Document>(document: Document): Document {
  const schemas =
    (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
  const resolve = (node: unknown, within: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, within));
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as { $ref?: unknown };
    if (typeof $ref === 'string' && $ref.startsWith(COMPONENT_REF)) {
      const name = $ref.slice(COMPONENT_REF.length);
      if (!(name in schemas)) throw new Error(`${$ref}: no such component`);
      if (within.includes(name)) return node;
      return {
        ...(resolve(schemas[name], [...within, name]) as object),
        ...(resolve(rest, within) as object),
      };
    }
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, resolve(value, within)]),
    );
  };
  return resolve(document, []) as Document;
}

const methods = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [openApiPath, item] of Object.entries(dereference(document).paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!methods.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const pick = (where: string): Parameter[] =>
        parameters
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} }));
      const content = operation.requestBody?.content ?? {};
      const path = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
      const jsonSuccess = new Set<number>();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const code = Number(status);
        if (code >= 200 && code < 300 && response.content?.['application/json']) {
          jsonSuccess.add(code);
        }
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        pathParams: pick('path'),
        query: pick('query'),
        body:
          Object.keys(content).length > 0
            ? {
                required: operation.requestBody?.required ?? false,
                content: Object.fromEntries(
                  Object.entries(content).map(([type, media]) => [type, media.schema ?? {}]),
                ),
              }
            : undefined,
        consumes: Object.keys(content),
        jsonSuccess,
      });
    }
  }
  return operations;
}
