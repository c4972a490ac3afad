import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from './escape-html';

/** The reference page, and the script only it loads. */
export const REFERENCE_PATH = '/api/reference';
export const REFERENCE_SCRIPT_PATH = '/api/reference/scalar.js';

/** What the reference reads: the OpenAPI document, from this server. */
const DOCUMENT_PATH = '/api/docs';

/**
 * Scalar's settings (its configuration object): nothing from a third party. Fonts are the
 * system's (not Scalar's font host), no telemetry, no AI agent or MCP, no developer toolbar;
 * the download button gives the JSON this server serves. The CSP would block the rest anyway.
 */
const scalarConfiguration = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  hideClientButton: false,
  persistAuth: false,
};

/**
 * Put before Scalar's script: the Zod inside it first tries `Function('')` to know whether it may
 * compile its checks, which the CSP refuses (and reports as a violation on every visit). Its
 * `jitless` setting skips the attempt; it would fall back to the same checks anyway.
 */
const ZOD_WITHOUT_EVAL =
  'globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };\n';

type Bundle = {
  /** A hash of the script: its URL's `v`, so that it can be cached for good. */
  version: string;
  /** The script compressed, as browsers take it (a client that takes neither: unzipped). */
  br: Buffer;
  gzip: Buffer;
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

let bundle: Promise<Bundle> | undefined;

/**
 * Scalar's browser script (about 5 MB), read from @scalar/fastify-api-reference on the first
 * request that needs it, not at start-up: importing the package holds about 20 MB more memory
 * and takes 150 ms, for a page few people open. The package serves it from a plugin only, so a
 * scratch Fastify instance asks the plugin for it. Compressed once, off the event loop
 * (brotli quality 5: 1.2 MB, half a second; @fastify/compress would spend 300 ms of the event
 * loop on each request).
 */
function scalarBundle(): Promise<Bundle> {
  bundle ??= (async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const scratch = Fastify();
    try {
      await scratch.register(scalar, {
        routePrefix: '/reference',
        configuration: { url: DOCUMENT_PATH },
        logLevel: 'silent',
      });
      const script = await scratch.inject({ method: 'GET', url: '/reference/js/scalar.js' });
      if (script.statusCode !== 200) throw new Error(`Scalar's script: ${script.statusCode}`);
      const identity = Buffer.concat([Buffer.from(ZOD_WITHOUT_EVAL), script.rawPayload]);
      const [br, gz] = await Promise.all([
        brotli(identity, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        }),
        gzip(identity, { level: 9 }),
      ]);
      const version = createHash('sha256').update(identity).digest('base64url').slice(0, 16);
      return { version, br, gzip: gz };
    } finally {
      await scratch.close();
    }
  })();
  // A failure is not kept: the next request tries again.
  bundle.catch(() => (bundle = undefined));
  return bundle;
}

/** The page: Scalar reads its settings and the document's URL from the first script tag. */
function referencePage(version: string): string {
  const configuration = escapeHtml(JSON.stringify(scalarConfiguration));
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Abode API reference</title>
  </head>
  <body>
    <noscript>This reference needs JavaScript. The OpenAPI document itself: <a href="${DOCUMENT_PATH}">${DOCUMENT_PATH}</a>.</noscript>
    <script id="api-reference" data-url="${DOCUMENT_PATH}" data-configuration="${configuration}"></script>
    <script src="${REFERENCE_SCRIPT_PATH}?v=${version}"></script>
  </body>
</html>
`;
}

/**
 * GET /api/reference: the OpenAPI document (GET /api/docs) to browse, in Scalar's API
 * reference (issue 51, decision 037). Its script comes from this server, from the package,
 * never from a CDN, and no other page loads it: the web app's pages do not know it. The page
 * itself runs no inline script, so the site's CSP holds for it as it is.
 */
export function registerApiReference(app: FastifyInstance): void {
  app.get(
    REFERENCE_PATH,
    {
      schema: {
        tags: ['system'],
        summary: 'This API’s reference, to browse (an HTML page)',
        description:
          'The OpenAPI document of GET /api/docs as a page: every operation with its ' +
          'parameters, bodies, answers and the shared schemas, and a form to try a call ' +
          'from the browser. Its script is served from this server (GET /api/reference/scalar.js).',
        response: {
          200: {
            description: 'The reference page',
            content: { 'text/html': { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) => {
      const { version } = await scalarBundle();
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(referencePage(version));
    },
  );

  app.get(REFERENCE_SCRIPT_PATH, { schema: { hide: true } }, async (request, reply) => {
    const script = await scalarBundle();
    const etag = `"${script.version}"`;
    reply.header('etag', etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const { v } = request.query as { v?: unknown };
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const [encoding, body] = /\bbr\b/.test(accepts)
      ? (['br', script.br] as const)
      : /\bgzip\b/.test(accepts)
        ? (['gzip', script.gzip] as const)
        : ([undefined, await gunzip(script.gzip)] as const);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .type('application/javascript; charset=utf-8')
      .header(
        'cache-control',
        v === script.version ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      .send(body);
  });
}
