import fc from 'fast-check';
import type { Operation, JsonSchema } from './openapi';
import { multipartBody, type MultipartModel } from './multipart';
import {
  invalidValue,
  mutatedObject,
  validValue,
  wrongType,
  type Hint,
} from './schema-arbitraries';
import { anyText, encodeText, hugeText, rawUrlPieces } from './strings';

/** Who sends a request: nobody, a signed-in account, or a cookie header no session has. */
export type Persona = 'visitor' | 'renter' | 'owner' | 'admin' | 'stranger';

/** One generated request, before it is given a client address and a session cookie. */
export type FuzzRequest = {
  operation: string;
  method: string;
  url: string;
  persona: Persona;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was generated: `valid`, or what is wrong with it. */
  shape: string;
};

export type FuzzContext = {
  /** Good values for a path parameter (real ids), or undefined to generate from the schema. */
  pathValue(operation: Operation, name: string): fc.Arbitrary<string> | undefined;
  /** Good values for body and query properties by name (real ids, known addresses). */
  hint(operation: Operation): Hint;
  /** The multipart form of an upload route, or undefined for other routes. */
  multipart(operation: Operation): MultipartModel | undefined;
  /** Who may send this operation's requests, repeated for weight. */
  personas(operation: Operation): readonly Persona[];
  /** The site's own origin (same-origin requests pass the Origin check). */
  origin: string;
  /**
   * Makes a generated valid body agree with rules across fields that JSON Schema does not
   * say (a city of the chosen country), so more valid requests are accepted.
   */
  repair?(operation: Operation, body: unknown): unknown;
};

type Draft = {
  persona: Persona;
  /** A stranger's cookie header; the signed-in personas' cookies are added when sending. */
  cookie?: string;
  segments: Record<string, string>;
  query: string;
  body?: { payload: string | Buffer; contentType?: string };
  headers: Record<string, string>;
  method: string;
  shape: string;
};

const scalarText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** `name=value` pairs of one query parameter; arrays repeat the name. */
function queryPairs(name: string, value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => `${encodeText(name)}=${encodeText(scalarText(v))}`);
}

const jsonBody = (value: unknown) => ({
  payload: JSON.stringify(value) ?? 'null',
  contentType: 'application/json',
});

/** JSON text that a JSON parser refuses, or that is legal but hostile (deep, huge numbers). */
const malformedJson = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '}',
    '{"a":}',
    "{'a':1}",
    '{"a":1,}',
    '[1,2,]',
    'NaN',
    '{"a":NaN}',
    '{"a":undefined}',
    '{"a":1}{"b":2}',
    '\ufeff{}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"a":"\u0000"}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":1e400}',
    '{"a":-1e400}',
    '{"a":123456789012345678901234567890}',
    'null',
    'true',
    '0',
    '"text"',
    '[]',
    '[{}]',
    'x'.repeat(10_000),
  ),
  fc.integer({ min: 1000, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc
    .integer({ min: 1000, max: 20_000 })
    .map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.string({ unit: 'binary', maxLength: 50 }),
);

/** A valid body written with one number replaced by a raw token no JSON.stringify writes. */
function rawNumbers(value: unknown): fc.Arbitrary<string> {
  const text = JSON.stringify(value) ?? 'null';
  const numbers = [...text.matchAll(/(?<=[:[,])-?\d+(\.\d+)?([eE][+-]?\d+)?(?=[,\]}])/g)];
  if (numbers.length === 0) return fc.constant(text);
  return fc
    .tuple(
      fc.nat(numbers.length - 1),
      fc.constantFrom(
        '1e400',
        '-1e400',
        '1e-400',
        '-0',
        '123456789012345678901234567890',
        '0.1e1',
        '1.0',
        '00',
        '0x10',
        '+1',
        '.5',
      ),
    )
    .map(([index, token]) => {
      const match = numbers[index]!;
      return text.slice(0, match.index) + token + text.slice(match.index! + match[0].length);
    });
}

const contentTypes = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'image/png',
  '*/*',
  ';',
  'application/json\u0000',
];

/** Cookie headers of a stranger: unknown tokens, and headers a cookie parser may choke on. */
export const strangerCookies = fc.oneof(
  fc
    .uint8Array({ minLength: 32, maxLength: 32 })
    .map((bytes) => `abode_session=${Buffer.from(bytes).toString('base64url')}`),
  fc.constantFrom(
    'abode_session=',
    'abode_session',
    'abode_session=%E0%A4%A',
    'abode_session=%00',
    'abode_session="unterminated',
    'abode_session=a; abode_session=b',
    'abode_session=\u00ff\u00fe',
    `abode_session=${'x'.repeat(10_000)}`,
    ';;;==;',
    '=',
    '__proto__=1; constructor=2',
  ),
  anyText({ maxLength: 40 }).map((text) => `abode_session=${encodeText(text)}`),
);

const extraHeaders = (context: FuzzContext) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constant({ origin: context.origin }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { referer: 'https://evil.example/page' },
        { referer: 'not a url' },
        { origin: '%' },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Record<string, string>>(
        { range: 'bytes=0-10' },
        { range: 'bytes=-5' },
        { range: 'bytes=100-' },
        { range: 'bytes=5-1' },
        { range: 'bytes=0-1,3-4,9999999999999999999-' },
        { range: 'bytes=abc' },
        { range: 'items=0-1' },
        { range: `bytes=${'0-1,'.repeat(500)}0-1` },
        { 'if-none-match': '*' },
        { 'if-modified-since': 'not a date' },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Record<string, string>>(
        { 'accept-encoding': 'gzip' },
        { 'accept-encoding': 'br' },
        { 'accept-encoding': 'deflate' },
        { 'accept-encoding': 'identity;q=0, *;q=0' },
        { accept: 'text/html' },
        { accept: 'application/xml' },
        { 'accept-language': 'zz-ZZ,\u00ff;q=abc' },
        { 'x-forwarded-for': 'not an address' },
        { 'user-agent': 'x'.repeat(20_000) },
      ),
    },
  );

function pathSegment(operation: Operation, name: string, schema: JsonSchema, context: FuzzContext) {
  const real = context.pathValue(operation, name);
  const generated = validValue(schema).map(scalarText);
  return (
    real ? fc.oneof({ weight: 4, arbitrary: real }, { weight: 1, arbitrary: generated }) : generated
  ).map(encodeText);
}

const badSegment = (schema: JsonSchema) =>
  fc.oneof(
    invalidValue(schema).map((value) => encodeText(scalarText(value))),
    anyText({ maxLength: 60 }).map(encodeText),
    fc
      .array(fc.constantFrom(...rawUrlPieces), { minLength: 1, maxLength: 4 })
      .map((p) => p.join('')),
    fc.constantFrom(
      '',
      '0',
      '-1',
      '1.5',
      'null',
      'undefined',
      '00000000-0000-0000-0000-000000000000',
      'x'.repeat(10_000),
    ),
  );

/** Requests for one operation: valid ones and every kind of wrong one. */
export function requestArbitrary(
  operation: Operation,
  context: FuzzContext,
): fc.Arbitrary<FuzzRequest> {
  const hint = context.hint(operation);
  const persona = fc.constantFrom(...context.personas(operation));
  const segments = fc.record(
    Object.fromEntries(
      operation.pathParams.map((p) => [p.name, pathSegment(operation, p.name, p.schema, context)]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const queryModel = Object.fromEntries(
    operation.query.map((p) => {
      const hinted = hint(p.name, p.schema);
      const generic = validValue(p.schema, hint);
      return [p.name, hinted ? fc.oneof(hinted, generic) : generic];
    }),
  );
  const queryValues = fc.record(queryModel, {
    requiredKeys: operation.query.filter((p) => p.required).map((p) => p.name),
  }) as fc.Arbitrary<Record<string, unknown>>;
  const validQuery = queryValues.map((values) =>
    Object.entries(values)
      .flatMap(([name, value]) => queryPairs(name, value))
      .join('&'),
  );
  const jsonSchema = operation.body?.content['application/json'];
  const validBodyValue = jsonSchema
    ? validValue(jsonSchema, hint).map((value) => context.repair?.(operation, value) ?? value)
    : fc.constant(undefined);
  const validBody = jsonSchema
    ? validBodyValue.map((value) => jsonBody(value))
    : fc.constant(undefined);

  const base = fc.record({
    persona,
    cookie: strangerCookies,
    segments,
    query: validQuery,
    body: validBody,
    headers: extraHeaders(context),
    method: fc.constant(operation.method),
    shape: fc.constant('valid'),
  }) as fc.Arbitrary<Draft>;

  const variants: { weight: number; arbitrary: fc.Arbitrary<Draft> }[] = [
    { weight: 6, arbitrary: base },
  ];

  if (operation.pathParams.length > 0) {
    const names = operation.pathParams.map((p) => p);
    variants.push({
      weight: 2,
      arbitrary: fc.tuple(base, fc.constantFrom(...names)).chain(([draft, param]) =>
        badSegment(param.schema).map((segment) => ({
          ...draft,
          segments: { ...draft.segments, [param.name]: segment },
          shape: `bad path ${param.name}`,
        })),
      ),
    });
  }

  const badQuery: fc.Arbitrary<string>[] = [
    // Unknown, repeated and odd keys.
    fc
      .array(fc.tuple(anyText({ maxLength: 20 }), anyText({ maxLength: 40 })), {
        minLength: 1,
        maxLength: 4,
      })
      .map((pairs) => pairs.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&')),
    fc
      .array(fc.constantFrom(...rawUrlPieces), { minLength: 1, maxLength: 5 })
      .map((pieces) => `q=${pieces.join('')}&${pieces.join('')}`),
    fc.constantFrom(
      '__proto__=1',
      'constructor[prototype][x]=1',
      '&&&',
      '=',
      '==',
      'a',
      '?',
      '%',
      'a[]=1&a[]=2',
    ),
    hugeText.map((text) => `q=${encodeText(text.slice(0, 50_000))}`),
  ];
  for (const parameter of operation.query) {
    badQuery.push(
      fc
        .tuple(validQuery, invalidValue(parameter.schema, hint))
        .map(([query, bad]) =>
          [query, ...queryPairs(parameter.name, bad)].filter(Boolean).join('&'),
        ),
      // Said twice, or as an empty value.
      fc
        .tuple(validQuery, validValue(parameter.schema, hint), validValue(parameter.schema, hint))
        .map(([query, a, b]) =>
          [query, ...queryPairs(parameter.name, a), ...queryPairs(parameter.name, b)]
            .filter(Boolean)
            .join('&'),
        ),
      fc.constant(`${encodeText(parameter.name)}=`),
      fc.constant(encodeText(parameter.name)),
    );
  }
  variants.push({
    weight: operation.query.length > 0 ? 3 : 1,
    arbitrary: fc
      .tuple(base, fc.oneof(...badQuery))
      .map(([draft, query]) => ({ ...draft, query, shape: 'bad query' })),
  });

  if (jsonSchema) {
    variants.push(
      {
        weight: 4,
        arbitrary: fc
          .tuple(base, mutatedObject(jsonSchema, hint))
          .map(([draft, value]) => ({ ...draft, body: jsonBody(value), shape: 'one field wrong' })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(base, fc.oneof(wrongType(jsonSchema), invalidValue(jsonSchema, hint)))
          .map(([draft, value]) => ({
            ...draft,
            body: jsonBody(value),
            shape: 'body of the wrong type',
          })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(base, validBodyValue.chain(rawNumbers)).map(([draft, payload]) => ({
          ...draft,
          body: { payload, contentType: 'application/json' },
          shape: 'raw number token',
        })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(base, fc.constantFrom(...contentTypes)).map(([draft, contentType]) => ({
          ...draft,
          body: { payload: draft.body?.payload ?? '{}', contentType },
          shape: `content type ${contentType}`,
        })),
      },
    );
  }
  if (operation.method !== 'GET') {
    variants.push({
      weight: 1,
      arbitrary: fc
        .tuple(
          base,
          malformedJson,
          fc.constantFrom<string | undefined>(
            'application/json',
            'application/json',
            undefined,
            'text/plain',
          ),
        )
        .map(([draft, payload, contentType]) => ({
          ...draft,
          body: { payload, contentType },
          shape: 'malformed JSON',
        })),
    });
  }
  const multipart = context.multipart(operation);
  if (multipart) {
    variants.push({
      weight: 8,
      arbitrary: fc.tuple(base, multipartBody(multipart)).map(([draft, form]) => ({
        ...draft,
        body: { payload: form.payload, contentType: form.contentType },
        shape: form.shape,
      })),
    });
  }
  // The same path with another method (HEAD for reads).
  variants.push({
    weight: 1,
    arbitrary: fc
      .tuple(base, fc.constantFrom('HEAD', 'OPTIONS', 'PATCH', 'PUT', 'DELETE', 'POST', 'GET'))
      .map(([draft, method]) => ({ ...draft, method, shape: `method ${method}` })),
  });

  return fc.oneof(...variants).map((generated): FuzzRequest => {
    const draft =
      generated.persona === 'stranger' ? generated : { ...generated, cookie: undefined };
    const path = operation.path.replace(/:(\w+)/g, (_, name: string) => draft.segments[name] ?? '');
    const headers: Record<string, string> = { ...draft.headers };
    if (draft.cookie !== undefined) headers.cookie = draft.cookie;
    if (draft.body?.contentType !== undefined) headers['content-type'] = draft.body.contentType;
    return {
      operation: operation.key,
      method: draft.method,
      url: draft.query ? `${path}?${draft.query}` : path,
      persona: draft.persona,
      headers,
      payload: draft.body?.payload,
      shape: draft.shape,
    };
  });
}
