/**
 * The headers every response carries: the request id, and security headers.
 *
 * Pages and files get the security headers of @fastify/helmet. The Content-Security-Policy is the one the built app runs
 * under: scripts only from our origin (dist/index.html has no inline script) and the login page's
 * wallet probe by its hash (server/prerender/walletProbe.ts), inline styles
 * allowed because antd injects its CSS-in-JS at run time, images also from data: URIs (seeded
 * pictures) and https.
 *
 * Our headers never depend on the request (no CSP nonces), but @fastify/helmet rebuilds helmet's
 * middleware on every request; so they are computed once, when the app gets ready, by a probe
 * instance running @fastify/helmet, and then set as a constant block on every response.
 *
 * API responses are JSON that no browser renders as a page, so the page-only headers (script and
 * style sources, XSS filter, download options, …) mean nothing there, and each header costs every
 * call a little. They get the set the OWASP REST Security Cheat Sheet names for APIs, and
 * `no-store`: balances and orders must not stay in a browser's or a proxy's cache.
 */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { WALLET_PROBE_CSP_SOURCE } from '../prerender/walletProbe';
import { isApiUrl } from './apiPath';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", WALLET_PROBE_CSP_SOURCE],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Headers of the probe's answer that are not helmet's. */
const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

export async function computeSecurityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  // no upgrade-insecure-requests: the app is also opened over plain http on a LAN address
  await probe.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES } });
  probe.get('/', async () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !NOT_SECURITY.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

export function registerResponseHeaders(app: FastifyInstance): void {
  const pageHeaders: Record<string, string> = {};
  app.addHook('onReady', async () => {
    Object.assign(pageHeaders, await computeSecurityHeaders());
  });
  // one synchronous hook for all of them: this runs for every request
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? API_SECURITY_HEADERS : pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
}
