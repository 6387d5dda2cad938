/**
 * Umi's Node bundle of the app (`ssr` in .umirc.ts, with src/prerender/renderToHtml added to its
 * entry): loaded and asked for one page's HTML, at build time (plugins/prerender) and at run time
 * (./renderWorker.ts), and for the signed-in first screens' styles at build time (plugins/signedInStyles).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PageAnswers } from '../../contract/rules/pageData';
import { renderedPathOf } from '../../contract/rules/sitePaths';

export interface ServerBundle {
  getAppRootElement: (request: object) => Promise<() => React.ReactElement | undefined>;
  renderToHtml: (app: React.ReactElement, answers?: PageAnswers) => Promise<RenderedPage>;
  /** src/prerender/signedInStyles.tsx */
  renderSignedInStyles: () => Promise<string>;
}

/** A page's markup for #root and the antd styles it uses. */
export interface RenderedPage {
  html: string;
  styles: string;
}

/** What Umi's request normalizer reads of an Express request. */
function requestFor(route: string): object {
  return { protocol: 'http', get: () => 'localhost', originalUrl: route, url: route, headers: {}, query: {} };
}

/** The bundle's file in `folder`; undefined when there is none (an app built without `ssr`). */
export function serverBundleFile(folder: string): string | undefined {
  // with `hash: true` the file's name carries a hash; Umi empties the folder on every build
  const file = fs.existsSync(folder) ? fs.readdirSync(folder).find((name) => /^umi(\.[0-9a-f]{8})?\.server\.js$/.test(name)) : undefined;
  return file && path.join(folder, file);
}

/** The bundle in `folder`, loaded afresh (a build replaces it). */
export function loadServerBundle(folder: string): ServerBundle {
  const modulePath = serverBundleFile(folder);
  if (!modulePath) throw new Error(`prerender: no umi.server.js in ${folder}`);
  const load = createRequire(__filename);
  delete load.cache[modulePath];
  return load(modulePath) as ServerBundle;
}

/** A prerendered route (contract/rules/sitePaths.ts) rendered at its path, signed out, with these answers. */
export async function renderRoute(bundle: ServerBundle, route: string, answers?: PageAnswers): Promise<RenderedPage> {
  const app = (await bundle.getAppRootElement(requestFor(renderedPathOf(route))))();
  if (!app) throw new Error(`prerender: no route matches ${route}`);
  return bundle.renderToHtml(app, answers);
}
