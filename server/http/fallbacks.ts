/**
 * What happens when no route matched: under /api an envelope (405 with Allow when the path exists
 * with another method, else 404); a client route gets the SPA's index.html; anything else 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale, translate } from '../i18n';
import { isApiUrl } from './apiPath';
import { errorEnvelope } from './envelope';
import { quoteInput } from './quoteInput';
import { isClientRoute, sendIndexHtml } from './staticFiles';

interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
}

function patternOf(url: string): RegExp {
  const escaped = url.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${escaped.join('/')}/?$`);
}

/** Call before any API route is registered: remembers every contract route's path and methods. */
export function registerFallbacks(app: FastifyInstance, options: { spa: boolean }): void {
  const known = new Map<string, KnownRoute>();
  app.addHook('onRoute', (routeOptions) => {
    if (!routeOptions.config?.endpoint) return;
    const entry = known.get(routeOptions.url) ?? { pattern: patternOf(routeOptions.url), methods: new Set<string>() };
    for (const method of [routeOptions.method].flat()) entry.methods.add(method);
    known.set(routeOptions.url, entry);
  });

  const allowedMethods = (path: string): string[] =>
    [...known.values()].filter((route) => route.pattern.test(path)).flatMap((route) => [...route.methods]);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    const isApi = isApiUrl(path);
    if (!isApi && options.spa && (request.method === 'GET' || request.method === 'HEAD') && isClientRoute(path)) {
      return sendIndexHtml(reply);
    }
    const locale = requestLocale(request.headers);
    const allow = isApi ? allowedMethods(path) : [];
    // the path's shape exists with this very method: the router refused a parameter (e.g. longer
    // than Fastify's maxParamLength), so it is a 404 like any other unknown resource, not a 405
    if (allow.length && !allow.includes(request.method)) {
      const params = { method: request.method, allow: allow.join(', ') };
      const message = translate(locale, 'http.methodNotAllowed', params);
      return reply
        .code(405)
        .header('allow', params.allow)
        .send(errorEnvelope(405, 'METHOD_NOT_ALLOWED', message, request.id, null, { key: 'http.methodNotAllowed', params }));
    }
    const params = { method: request.method, url: quoteInput(path) };
    const message = translate(locale, 'http.notFound', params);
    return reply.code(404).send(errorEnvelope(404, 'NOT_FOUND', message, request.id, null, { key: 'http.notFound', params }));
  });
}
