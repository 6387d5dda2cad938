/**
 * Runs in a worker thread (./pageRenderer.ts starts it): loads Umi's Node bundle of the app once
 * and renders one prerendered page per message, so that React's rendering never holds up the
 * server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadServerBundle, renderRoute } from './serverBundle';
import type { RenderRequest, RenderResult } from './pageRenderer';

const bundle = loadServerBundle((workerData as { bundleDir: string }).bundleDir);

parentPort?.on('message', ({ id, route, answers }: RenderRequest) => {
  renderRoute(bundle, route, answers).then(
    (page): void => parentPort?.postMessage({ id, page } satisfies RenderResult),
    (error: unknown): void => parentPort?.postMessage({ id, error: String(error) } satisfies RenderResult),
  );
});
