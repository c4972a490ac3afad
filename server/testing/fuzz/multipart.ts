import fc from 'fast-check';
import { anyText } from './strings';

/**
 * multipart/form-data bodies for the upload routes: mostly wrong (files in the wrong field,
 * files that are not what they say, names with quotes and paths, too many parts), some
 * well-formed with real files, and some broken as multipart (cut short, no boundary, a
 * boundary that never comes, garbage headers).
 */
export type MultipartBody = { payload: Buffer; contentType: string; shape: string };

export type Part =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; type: string; data: Buffer };

export type MultipartModel = {
  /** Names the route reads files from (`images`, `videos`, `editedVideo`). */
  fileFields: readonly string[];
  /** Text fields the route reads, with good values for each (a real listing id, …). */
  textFields: Record<string, fc.Arbitrary<string>>;
  /** File contents to choose from: real images and videos, and things that are not. */
  files: fc.Arbitrary<Buffer>;
  /** Parts as the web app sends them (real files in the right fields), to get past the checks. */
  wellFormed?: fc.Arbitrary<Part[]>;
};

const declaredTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'video/mp4',
  'video/quicktime',
  'video/x-msvideo',
  'application/octet-stream',
  'text/plain',
  'application/json',
  '',
  'image/png; charset="\u0000"',
] as const;

const filenames = fc.oneof(
  fc.constantFrom(
    'photo.png',
    'tour.mp4',
    'clip.mov',
    'old.avi',
    '../../../etc/passwd',
    '..\\..\\win.ini',
    'a"b.png',
    'na\u0000me.mp4',
    '',
    '.',
    '😀.mp4',
    'x'.repeat(2000) + '.mp4',
    'C:\\fakepath\\tour.mp4',
  ),
  anyText({ maxLength: 40 }),
);

function partArbitrary(model: MultipartModel): fc.Arbitrary<Part> {
  const fieldNames = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(...model.fileFields, ...Object.keys(model.textFields)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('file', 'image', 'video', '', 'images[]', 'x'.repeat(300)),
    },
  );
  const textEntries = Object.entries(model.textFields);
  const field: fc.Arbitrary<Part> = fc.oneof(
    ...textEntries.map(([name, value]) =>
      fc
        .oneof(value, anyText({ maxLength: 1500 }))
        .map((v): Part => ({ kind: 'field', name, value: v })),
    ),
    fc
      .tuple(fieldNames, anyText({ maxLength: 200 }))
      .map(([name, value]): Part => ({ kind: 'field', name, value })),
  );
  const file: fc.Arbitrary<Part> = fc
    .record({
      name: fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...model.fileFields) },
        { weight: 1, arbitrary: fieldNames },
      ),
      filename: filenames,
      type: fc.constantFrom(...declaredTypes),
      data: model.files,
    })
    .map((part): Part => ({ kind: 'file', ...part }));
  return fc.oneof({ weight: 3, arbitrary: file }, { weight: 2, arbitrary: field });
}

const quoted = (text: string) =>
  text.replaceAll('"', '%22').replaceAll('\r', '').replaceAll('\n', '');

function encode(parts: readonly Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      part.kind === 'file'
        ? `Content-Disposition: form-data; name="${quoted(part.name)}"; filename="${quoted(part.filename)}"\r\n` +
          `Content-Type: ${part.type}`
        : `Content-Disposition: form-data; name="${quoted(part.name)}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`));
    chunks.push(part.kind === 'file' ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A multipart body for a route of `model`, well-formed or broken. */
export function multipartBody(model: MultipartModel): fc.Arbitrary<MultipartBody> {
  const boundary = fc.stringMatching(/^[A-Za-z0-9'()+_,.-]{1,60}$/).map((b) => `----fuzz${b}`);
  const parts = fc.oneof(
    { weight: 2, arbitrary: fc.array(partArbitrary(model), { minLength: 0, maxLength: 4 }) },
    ...(model.wellFormed ? [{ weight: 1, arbitrary: model.wellFormed }] : []),
  );
  const wellFormed = fc.tuple(parts, boundary).map(([list, b]): MultipartBody => ({
    payload: encode(list, b),
    contentType: `multipart/form-data; boundary=${b}`,
    shape: `multipart ${list.map((p) => `${p.kind}:${p.name}`).join(',') || '(no parts)'}`,
  }));
  const tooMany = fc
    .tuple(partArbitrary(model), boundary, fc.integer({ min: 6, max: 25 }))
    .map(([part, b, n]): MultipartBody => ({
      payload: encode(
        Array.from({ length: n }, () => part),
        b,
      ),
      contentType: `multipart/form-data; boundary=${b}`,
      shape: `multipart ${n} × ${part.kind}:${part.name}`,
    }));
  const broken = fc
    .tuple(
      fc.array(partArbitrary(model), { minLength: 1, maxLength: 3 }),
      boundary,
      fc.constantFrom(
        'cut',
        'no-boundary-param',
        'other-boundary',
        'no-closing',
        'garbage-headers',
        'empty',
        'lf-only',
        'quoted-boundary',
      ),
      fc.double({ min: 0, max: 1, noNaN: true }),
    )
    .map(([list, b, how, where]): MultipartBody => {
      const body = encode(list, b);
      const withBoundary = `multipart/form-data; boundary=${b}`;
      switch (how) {
        case 'cut':
          return {
            payload: body.subarray(0, Math.floor(body.length * where)),
            contentType: withBoundary,
            shape: `multipart cut at ${Math.round(where * 100)}%`,
          };
        case 'no-boundary-param':
          return {
            payload: body,
            contentType: 'multipart/form-data',
            shape: 'multipart without boundary',
          };
        case 'other-boundary':
          return {
            payload: body,
            contentType: `multipart/form-data; boundary=${b}x`,
            shape: 'multipart, wrong boundary',
          };
        case 'no-closing':
          return {
            payload: body.subarray(0, body.length - b.length - 6),
            contentType: withBoundary,
            shape: 'multipart without closing boundary',
          };
        case 'garbage-headers':
          return {
            payload: Buffer.concat([
              Buffer.from(
                `--${b}\r\nContent-Disposition: \u0000\u00ff;;;=\r\nX: ${'y'.repeat(100_000)}\r\n\r\n`,
              ),
              body,
            ]),
            contentType: withBoundary,
            shape: 'multipart with garbage part headers',
          };
        case 'empty':
          return {
            payload: Buffer.alloc(0),
            contentType: withBoundary,
            shape: 'multipart, empty body',
          };
        case 'lf-only':
          return {
            payload: Buffer.from(body.toString('latin1').replaceAll('\r\n', '\n'), 'latin1'),
            contentType: withBoundary,
            shape: 'multipart with bare LF',
          };
        default:
          return {
            payload: body,
            contentType: `multipart/form-data; boundary="${b}"`,
            shape: 'multipart, quoted boundary',
          };
      }
    });
  return fc.oneof(
    { weight: 5, arbitrary: wellFormed },
    { weight: 1, arbitrary: tooMany },
    { weight: 3, arbitrary: broken },
  );
}
