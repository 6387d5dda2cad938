/**
 * The built single-page app from dist/: hashed assets cached for a year, index.html and the
 * service worker never cached (so a deploy is picked up at once), and index.html for every client
 * route (SPA fallback). A public first screen built as HTML (plugins/prerender) is sent as its
 * own document to the visits it fits (./prerenderedPages.ts), the shell to the others; a page
 * rendered again with live data (server/prerender/pageDocuments.ts) is sent as that once it exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FeatureFlagsType } from '../../contract/features';
import { HASHED_ASSET, PRERENDERED_PAGES, SERVICE_WORKER_PATH } from '../../contract/rules/sitePaths';
import type { PageDocuments } from '../prerender/pageDocuments';
import { PRERENDERED_PAGE_VARY, prerenderedPageFits } from './prerenderedPages';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
const SHORT_CACHE = 'public, max-age=3600';

function cacheControlFor(file: string, root: string): string {
  if (file.endsWith('.html') || file === path.join(root, SERVICE_WORKER_PATH)) return NO_CACHE;
  return HASHED_ASSET.test(file) ? IMMUTABLE_CACHE : SHORT_CACHE;
}

export function hasBuiltApp(distDir: string): boolean {
  return fs.existsSync(path.join(distDir, 'index.html'));
}

/** `flags`: the feature flags in force at the time of each request; `documents`: the pages rendered with live data, when any. */
export function registerStaticFiles(app: FastifyInstance, distDir: string, flags: () => FeatureFlagsType, documents?: PageDocuments): void {
  const root = path.resolve(distDir);
  app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', cacheControlFor(file, root));
    },
  });
  // in a plugin, so that the routes are added after the ones registered before (compression's
  // hooks attach to routes added after it loads; a route added at once would be sent uncompressed)
  app.register(async (scope) => {
    for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
      if (!fs.existsSync(path.join(root, file))) continue;
      scope.get(route, (request, reply) => {
        reply.header('vary', PRERENDERED_PAGE_VARY);
        if (!prerenderedPageFits(route, request, flags())) return sendIndexHtml(reply);
        reply.header('cache-control', NO_CACHE);
        const rendered = documents?.(route);
        return rendered === undefined ? reply.sendFile(file) : reply.type('text/html; charset=utf-8').send(rendered);
      });
    }
  });
}

/** A client route (no file extension in its last segment) gets the app's index.html. */
export function isClientRoute(urlPath: string): boolean {
  const last = urlPath.split('/').pop() ?? '';
  return !last.includes('.');
}

export function sendIndexHtml(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', NO_CACHE).sendFile('index.html');
}
