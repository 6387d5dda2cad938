/**
 * The public first screens as HTML: after the build, each page of PRERENDERED_PAGES is rendered
 * with Umi's Node bundle of the app (`ssr` in .umirc.ts) into its own copy of dist/index.html;
 * the browser hydrates it (src/prerender/hydration.ts). Rendered with Node, so no browser is
 * needed to build.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IApi } from '@umijs/max';
import { PRERENDERED_PAGES } from '../contract/rules/sitePaths';
import { prerenderedDocument } from '../server/prerender/prerenderedDocument';
import { loadServerBundle, renderRoute, type ServerBundle } from '../server/prerender/serverBundle';

/**
 * `line` after the file's leading comments: Umi's generated files open with `// @ts-nocheck`,
 * which only counts before the first statement (an import above it had the type check read Umi's code).
 */
function withImport(source: string, line: string): string {
  const lines = source.split('\n');
  const header = lines.findIndex((text) => !text.startsWith('//'));
  const at = header === -1 ? lines.length : header;
  return [...lines.slice(0, at), line, ...lines.slice(at)].join('\n');
}

/** Umi's initial-state provider shows its `loading` component in the browser only: not while hydrating. */
const PROVIDER_GUARD = "if (loading && !appLoaded.current && typeof window !== 'undefined') {";
const HYDRATING_GUARD = "if (loading && !appLoaded.current && typeof window !== 'undefined' && !isHydrating()) {";

/** The generated provider with the hydration guard; throws if Umi's provider changed shape. */
export function patchInitialStateProvider(source: string): string {
  if (source.includes(HYDRATING_GUARD)) return source;
  if (!source.includes(PROVIDER_GUARD)) throw new Error('prerender: Umi\'s initial-state provider changed; hydration would mismatch');
  return withImport(source.replace(PROVIDER_GUARD, HYDRATING_GUARD), "import { isHydrating } from '@/prerender/hydration';");
}

/**
 * The generated initial-state model's lines and what they become: it starts with the visitor's
 * state when rendering a prerendered page (src/prerender/seededInitialState.ts), keeps it while the
 * state is fetched, and holds the fetched state until the page has hydrated (src/prerender/hydration.ts).
 */
const MODEL_PATCHES: readonly (readonly [from: string, to: string])[] = [
  ['const [state, setState] = useState(initState);', 'const [state, setState] = useState(() => firstModelState(initState));'],
  ['setState((s) => ({ ...s, loading: true, error: undefined }));', 'setState(whileFetching);'],
  ['setState((s) => ({ ...s, initialState: ret, loading: false }));', 'await afterHydration();\n      setState((s) => ({ ...s, initialState: ret, loading: false }));'],
];
const MODEL_IMPORTS = [
  "import { afterHydration } from '@/prerender/hydration';",
  "import { firstModelState, whileFetching } from '@/prerender/seededInitialState';",
];

/** The generated initial-state model, patched (MODEL_PATCHES); throws if Umi's model changed shape. */
export function patchInitialStateModel(source: string): string {
  if (MODEL_IMPORTS.every((line) => source.includes(line))) return source;
  const patched = MODEL_PATCHES.reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error("prerender: Umi's initial-state model changed; hydration would fail");
    return text.replace(from, to);
  }, source);
  return withImport(patched, MODEL_IMPORTS.join('\n'));
}

const SERVER_ENTRY_EXPORTS = [
  "export { renderToHtml } from '@/prerender/renderToHtml';",
  // for plugins/signedInStyles
  "export { renderSignedInStyles } from '@/prerender/signedInStyles';",
];

/** Umi's Node bundle of the app as this build wrote it (also for plugins/signedInStyles). */
export function builtServerBundle(api: IApi): ServerBundle {
  const serverBuildPath = (api.config.ssr as { serverBuildPath?: string } | undefined)?.serverBuildPath;
  if (!serverBuildPath) throw new Error('`ssr.serverBuildPath` is not configured: the app has no Node bundle to render with');
  return loadServerBundle(path.dirname(path.resolve(api.paths.cwd, serverBuildPath)));
}

export default (api: IApi) => {
  api.describe({ key: 'prerender' });

  api.onGenerateFiles(() => {
    const provider = path.join(api.paths.absTmpPath, 'plugin-initialState/Provider.tsx');
    fs.writeFileSync(provider, patchInitialStateProvider(fs.readFileSync(provider, 'utf8')));
    const model = path.join(api.paths.absTmpPath, 'plugin-initialState/@@initialState.ts');
    fs.writeFileSync(model, patchInitialStateModel(fs.readFileSync(model, 'utf8')));
    const serverEntry = path.join(api.paths.absTmpPath, 'umi.server.ts');
    if (fs.existsSync(serverEntry)) {
      const entry = fs.readFileSync(serverEntry, 'utf8');
      const missing = SERVER_ENTRY_EXPORTS.filter((line) => !entry.includes(line));
      if (missing.length) fs.appendFileSync(serverEntry, `\n${missing.join('\n')}\n`);
    }
  });

  api.onBuildHtmlComplete(async () => {
    const bundle = builtServerBundle(api);
    const outputDir = api.paths.absOutputPath;
    const indexHtml = fs.readFileSync(path.join(outputDir, 'index.html'), 'utf8');
    for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
      const page = await renderRoute(bundle, route);
      const target = path.join(outputDir, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, prerenderedDocument(indexHtml, route, page));
      api.logger.event(`Prerendered ${route} → ${file} (${(page.html.length / 1024).toFixed(1)} KB of markup)`);
    }
  });
};
