import fc from 'fast-check';
import type { JsonSchema } from './openapi';
import { anyText, fitLength, hugeText } from './strings';

/**
 * fast-check arbitraries from JSON Schema: values a schema accepts (`validValue`) and values it
 * should refuse (`invalidValue`). A hint may offer better valid values for a named property
 * (a real listing id for `propertyId`, a real address for `email`), so valid requests get past
 * lookups to the code behind them.
 */
export type Hint = (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

const noHint: Hint = () => undefined;

/** How many items a generated array holds at most, whatever the schema allows. */
const ARRAY_CAP = 6;

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function bounds(schema: JsonSchema, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : Number.EPSILON;
  let min = schema.minimum ?? (integer ? -(2 ** 31) : -1e12);
  let max = schema.maximum ?? (integer ? 2 ** 31 - 1 : 1e12);
  if (schema.exclusiveMinimum === true) min += integer ? 1 : Math.max(step, Math.abs(min) * step);
  if (typeof schema.exclusiveMinimum === 'number')
    min = schema.exclusiveMinimum + (integer ? 1 : step);
  if (schema.exclusiveMaximum === true) max -= integer ? 1 : Math.max(step, Math.abs(max) * step);
  if (typeof schema.exclusiveMaximum === 'number')
    max = schema.exclusiveMaximum - (integer ? 1 : step);
  if (integer) {
    min = Math.ceil(min);
    max = Math.floor(max);
  }
  return { min, max };
}

const localPart = fc.stringMatching(/^[a-z0-9]([a-z0-9._+-]{0,14}[a-z0-9])?$/);
const domainLabel = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
/** Addresses of the plain shape every validator accepts (fc.emailAddress is far wider). */
export const plainEmail = fc
  .tuple(localPart, domainLabel, fc.constantFrom('com', 'org', 'gh', 'example', 'co.uk'))
  .map(([local, domain, tld]) => `${local.replaceAll('..', '.')}@${domain}.${tld}`);

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 2000;
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return plainEmail.filter(fits);
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  }
  return anyText({ minLength, maxLength });
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, integer);
  const edges = fc.constantFrom(
    min,
    max,
    Math.max(min, Math.min(max, 0)),
    Math.max(min, Math.min(max, 1)),
  );
  const inside = integer
    ? fc.integer({ min, max })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 1, arbitrary: edges }, { weight: 3, arbitrary: inside });
}

/** Values `schema` accepts. */
export function validValue(
  schema: JsonSchema,
  hint: Hint = noHint,
  depth = 0,
): fc.Arbitrary<unknown> {
  const base = validBase(schema, hint, depth);
  return schema.nullable
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
    : base;
}

function validBase(schema: JsonSchema, hint: Hint, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validValue(s, hint, depth)));
  if (schema.allOf?.length) return validValue(schema.allOf[0]!, hint, depth);
  const types = typesOf(schema);
  if (types.length === 0) return depth > 2 ? fc.string() : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return validString(schema);
        case 'integer':
          return validNumber(schema, true);
        case 'number':
          return validNumber(schema, false);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          const minLength = schema.minItems ?? 0;
          const maxLength = Math.max(
            minLength,
            Math.min(schema.maxItems ?? ARRAY_CAP, minLength + ARRAY_CAP),
          );
          return fc.array(validValue(schema.items ?? {}, hint, depth + 1), {
            minLength,
            maxLength,
          });
        }
        case 'object':
          return validObject(schema, hint, depth);
        default:
          return fc.constant(null);
      }
    }),
  );
}

function validObject(
  schema: JsonSchema,
  hint: Hint,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    const generic = validValue(property, hint, depth + 1);
    const hinted = hint(name, property);
    model[name] = hinted
      ? fc.oneof({ weight: 4, arbitrary: hinted }, { weight: 1, arbitrary: generic })
      : generic;
  }
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
}

/** Any JSON value of some other type than `schema`'s. */
export function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = new Set(typesOf(schema));
  if (types.has('integer')) types.add('number');
  const candidates: [string, fc.Arbitrary<unknown>][] = [
    [
      'string',
      fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('1', 'true', 'null', '[]', '{}', '')),
    ],
    [
      'number',
      fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(0, -1, 1e308),
      ),
    ],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 })],
    [
      'object',
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
    ],
  ];
  const others = candidates.filter(
    ([type]) => !types.has(type) && !(type === 'null' && schema.nullable),
  );
  return fc.oneof(...others.map(([, arbitrary]) => arbitrary));
}

/** Values `schema` should refuse: wrong types, out of range, too long or short, off pattern. */
export function invalidValue(
  schema: JsonSchema,
  hint: Hint = noHint,
  depth = 0,
): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [wrongType(schema)];
  const types = typesOf(schema);
  if (schema.enum) {
    const text = schema.enum.filter((v): v is string => typeof v === 'string');
    options.push(
      anyText().filter((value) => !schema.enum!.includes(value)),
      ...(text.length
        ? [fc.constantFrom(...text).map((v) => (v.toUpperCase() === v ? `${v} ` : v.toUpperCase()))]
        : []),
    );
  } else if (types.includes('string')) {
    const maxLength = schema.maxLength;
    if (maxLength !== undefined) {
      options.push(
        fc.integer({ min: maxLength + 1, max: maxLength + 40 }).map((length) => 'x'.repeat(length)),
        hugeText,
      );
    } else {
      options.push(hugeText);
    }
    if ((schema.minLength ?? 0) > 0) {
      options.push(
        fc
          .constantFrom('', ' '.repeat(schema.minLength!))
          .map((s) => fitLength(s, 0, schema.minLength! - 1)),
      );
    }
    if (schema.pattern || schema.format) {
      const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
      options.push(
        anyText({ maxLength: maxLength ?? 200 }).filter(
          (value) => !pattern || !pattern.test(value),
        ),
      );
    }
  }
  if (types.includes('integer') || types.includes('number')) {
    const integer = !types.includes('number');
    const edges: number[] = [1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -(2 ** 63), 2 ** 64];
    if (schema.minimum !== undefined) edges.push(schema.minimum - 1, schema.minimum - 0.5);
    if (schema.maximum !== undefined)
      edges.push(schema.maximum + 1, schema.maximum + 0.5, schema.maximum * 10 + 1);
    if (schema.exclusiveMinimum === true && schema.minimum !== undefined)
      edges.push(schema.minimum);
    if (integer) edges.push(0.5, 1.5, -0.0001);
    options.push(fc.constantFrom(...edges));
  }
  if (types.includes('array')) {
    const items = schema.items ?? {};
    const max = schema.maxItems;
    if (max !== undefined) {
      options.push(
        fc.array(validValue(items, hint, depth + 1), { minLength: max + 1, maxLength: max + 3 }),
      );
    }
    if ((schema.minItems ?? 0) > 0) options.push(fc.constant([]));
    if (depth < 3) {
      options.push(
        fc
          .tuple(
            fc.array(validValue(items, hint, depth + 1), { maxLength: 3 }),
            invalidValue(items, hint, depth + 1),
            fc.nat(3),
          )
          .map(([good, bad, at]) => {
            const copy = [...good];
            copy.splice(Math.min(at, copy.length), 0, bad);
            return copy;
          }),
      );
    }
  }
  if (types.includes('object') && depth < 3) {
    options.push(mutatedObject(schema, hint, depth));
  }
  return fc.oneof(...options);
}

/** A valid object with one thing wrong: a field missing, invalid or extra, or a nested array. */
export function mutatedObject(
  schema: JsonSchema,
  hint: Hint = noHint,
  depth = 0,
): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = (schema.required ?? []).filter((name) => schema.properties?.[name]);
  const valid = validObject(schema, hint, depth) as fc.Arbitrary<Record<string, unknown>>;
  const mutations: fc.Arbitrary<unknown>[] = [
    // An unknown field, sometimes huge, sometimes a prototype key.
    fc
      .tuple(
        valid,
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.constantFrom('__proto__', 'constructor', 'prototype', '', 'x'.repeat(5000)),
        ),
        fc.oneof(fc.jsonValue({ maxDepth: 2 }), hugeText),
      )
      .map(([object, key, value]) => {
        const copy: Record<string, unknown> = { ...object };
        Object.defineProperty(copy, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        return copy;
      }),
    // The object inside an array, where the object goes.
    valid.map((object) => [object]),
  ];
  if (required.length > 0) {
    mutations.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([object, name]) => {
        const copy = { ...object };
        delete copy[name];
        return copy;
      }),
    );
  }
  if (properties.length > 0) {
    mutations.push(
      fc
        .constantFrom(...properties)
        .chain(([name, property]) =>
          fc.tuple(valid, fc.constant(name), invalidValue(property, hint, depth + 1)),
        )
        .map(([object, name, bad]) => ({ ...object, [name]: bad })),
    );
  }
  return fc.oneof(...mutations);
}
