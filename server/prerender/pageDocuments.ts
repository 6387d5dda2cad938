/**
 * The prerendered pages that show catalogue data, rendered at run time with the live public
 * answers (./pageRequests.ts), so that their first HTML shows the goods rather than skeletons.
 * Every `intervalMs` each page's answers are fetched again through the app itself (signed out, in
 * PRERENDERED_LOCALE), and the page is rendered anew (./pageRenderer.ts) only when they changed.
 * Until a page's first render, and for a page not listed, the build's document is sent.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FeatureFlagsType } from '../../contract/features';
import type { PageAnswers } from '../../contract/rules/pageData';
import { PRERENDERED_LOCALE } from '../../contract/rules/sitePaths';
import { prerenderedDocument } from './prerenderedDocument';
import { serverBundleFile } from './serverBundle';
import type { ServerConfig } from '../config';
import { atBuildDefaults } from '../features/flags';
import { PageRenderer } from './pageRenderer';
import { PAGE_REQUESTS } from './pageRequests';

/** The run-time document of a prerendered route, when one has been rendered. */
export type PageDocuments = (route: string) => string | undefined;

/**
 * The renderer's own requests are not logged (a round every 30 s would fill the log with them). They
 * carry this header with a value made at start, which never leaves the process (app.inject), so a
 * request from outside cannot pass for one and go unlogged.
 */
const RENDER_HEADER = 'x-page-render';
const RENDER_TOKEN = Buffer.from(randomBytes(32).toString('hex'));

/** Fastify's `disableRequestLogging` (given Fastify's or Node's request): true for the renderer's own requests only. */
export function isPageRenderRequest(request: { headers: IncomingHttpHeaders }): boolean {
  const value = request.headers[RENDER_HEADER];
  return typeof value === 'string' && value.length === RENDER_TOKEN.length && timingSafeEqual(Buffer.from(value), RENDER_TOKEN);
}

const PUBLIC_HEADERS = {
  accept: 'application/json',
  'accept-language': PRERENDERED_LOCALE,
  'x-locale': PRERENDERED_LOCALE,
  [RENDER_HEADER]: RENDER_TOKEN.toString(),
};

/** The answers to one page's requests (each envelope's `data`); throws on a failed one (the mall switched off, say). */
async function answersOf(app: FastifyInstance, requests: Readonly<Record<string, string | undefined>>): Promise<PageAnswers> {
  const answers: Record<string, unknown> = {};
  for (const [name, url] of Object.entries(requests)) {
    if (url === undefined) continue;
    const response = await app.inject({ method: 'GET', url, headers: PUBLIC_HEADERS });
    const envelope = response.json<{ success?: boolean; data?: unknown }>();
    if (response.statusCode !== 200 || !envelope.success) throw new Error(`${url} answered ${response.statusCode}`);
    answers[name] = envelope.data;
  }
  return answers;
}

/**
 * Keeps the documents of `app` while it runs (from onReady to onClose). Undefined, and the build's
 * documents sent, when rendering is off (`pageRenderIntervalMs` 0) or the build left no Node bundle.
 * `flags`: the feature flags in force; while one differs from its default nobody is sent the
 * pages (server/http/prerenderedPages.ts), so none is rendered (a switched-off feature's requests fail).
 */
export function startPageDocuments(app: FastifyInstance, config: ServerConfig, log: FastifyBaseLogger, flags: () => FeatureFlagsType): PageDocuments | undefined {
  const bundleDir = config.serverBundleDir || path.join(path.dirname(path.resolve(config.distDir)), 'dist-server');
  if (config.pageRenderIntervalMs <= 0) return undefined;
  if (!serverBundleFile(bundleDir)) {
    log.info({ bundleDir }, 'no Node bundle of the app: the prerendered pages are sent as built');
    return undefined;
  }
  const indexHtml = fs.readFileSync(path.join(config.distDir, 'index.html'), 'utf8');
  const renderer = new PageRenderer(bundleDir);
  const documents = new Map<string, string>();
  const renderedWith = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const refresh = async () => {
    if (!atBuildDefaults(flags())) return;
    for (const [route, requests] of Object.entries(PAGE_REQUESTS)) {
      try {
        const answers = await answersOf(app, requests);
        const key = JSON.stringify(answers);
        if (renderedWith.get(route) === key) continue;
        const page = await renderer.render(route, answers);
        documents.set(route, prerenderedDocument(indexHtml, route, page, answers));
        renderedWith.set(route, key);
      } catch (error) {
        // the last document (or the build's) stays; the next round tries again
        if (!closed) log.warn({ err: error, route }, 'prerendered page not rendered with live data');
      }
    }
  };
  const loop = async () => {
    await refresh();
    if (!closed) timer = setTimeout(() => void loop(), config.pageRenderIntervalMs).unref();
  };

  // not awaited: the app's own requests wait for it to be ready
  app.addHook('onReady', async () => void loop());
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await renderer.close();
  });
  return (route) => documents.get(route);
}
