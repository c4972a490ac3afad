import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorText } from '#common/error-codes';

/** The machine's own addresses: 127.0.0.0/8, ::1, and 127.x written as IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string): boolean {
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return (
    net.isIPv6(address) && new net.SocketAddress({ address, family: 'ipv6' }).address === '::1'
  );
}

/** The request's path as a router reads it: decoded, lower case, without repeated slashes. */
function normalisedPath(request: FastifyRequest): string {
  const raw = request.url.split('?', 1)[0]!;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: the routers refuse it too.
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, '/');
}

const devPath = /^\/(api\/)?dev(\/|$)/;

/**
 * The client and every hop between it and the server are this machine: with TRUST_PROXY, the
 * socket's peer too (`request.ips` lists it first), so a client that reaches a server listening
 * on the network directly and writes `X-Forwarded-For: 127.0.0.1` is not taken for the
 * machine itself, as a hop count alone would take it.
 */
function onlyLoopback(request: FastifyRequest): boolean {
  return (request.ips ?? [request.ip]).every(isLoopback);
}

/**
 * The developer's tools (the mailbox page /dev/mailbox and its data, GET /api/dev/outbox, which
 * shows everyone's codes and reset links) answer only the machine's own browser, as if they
 * did not exist (404) for anyone else, so a development server reached over a network (HOST
 * set to 0.0.0.0, a shared office network) gives no one's codes away (issue 34).
 *
 * The address is Fastify's `request.ip`: the socket's peer, or with TRUST_PROXY the client the
 * trusted proxy names (and the proxies on the way must be local too). A local proxy makes
 * every socket a loopback one, so only its X-Forwarded-For entry, believed through
 * TRUST_PROXY, tells who is asking; without TRUST_PROXY behind a local proxy everyone looks
 * local (README, Behind a reverse proxy).
 */
export function registerLoopbackOnlyDevTools(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!devPath.test(normalisedPath(request)) || onlyLoopback(request)) return;
    return reply.code(404).send({ message: errorText('not_found'), code: 'not_found' });
  });
}

/** A Host header's name without its port: "localhost", "127.0.0.1", "[::1]". */
function hostName(host: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return name.toLowerCase();
}

/**
 * A development server answers only under its own names (issue 50): localhost, 127.0.0.1,
 * [::1] and PUBLIC_URL's host. A web page elsewhere can point its own host name at 127.0.0.1
 * (DNS rebinding) and then read the dev mailbox as a same-origin page, with the developer's
 * browser as the loopback client; it asks under its own name, which is answered 421
 * `host_not_allowed`. Production serves whatever name its proxy sends.
 */
export function registerDevHostCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new Set(['localhost', '127.0.0.1', '[::1]', new URL(publicUrl).hostname]);
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host;
    if (host !== undefined && allowed.has(hostName(host))) return;
    return reply
      .code(421)
      .send({ message: errorText('host_not_allowed'), code: 'host_not_allowed' });
  });
}
