import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app: hashed assets with a year-long immutable cache, and index.html
 * (never cached, so a deploy is picked up at once) for every client route.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
): Promise<(reply: FastifyReply) => FastifyReply> {
  const indexHtml = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');

  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    wildcard: false,
    setHeaders(reply, filePath) {
      // Hashed names never change content; index.html must be revalidated on every visit.
      const cacheControl = filePath.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : path.basename(filePath) === 'index.html'
          ? 'no-cache'
          : 'public, max-age=3600';
      reply.header('cache-control', cacheControl);
    },
  });

  return (reply) =>
    reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
}
