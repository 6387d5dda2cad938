/**
 * The worker thread that renders pages (server/prerender/pageRenderer.ts), with stand-in bundles:
 * a page comes back with the answers it was given; a render that never ends fails after the time
 * allowed and the next render gets a fresh worker; a folder without a bundle fails the render
 * instead of leaving it waiting.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PageRenderer } from '../../server/prerender/pageRenderer';

const BUNDLE = `
exports.getAppRootElement = async (request) => () => ({ path: request.url });
exports.renderToHtml = (app, answers) =>
  app.path === '/calculate' ? new Promise(() => undefined) : Promise.resolve({ html: app.path + ' ' + JSON.stringify(answers), styles: '' });
`;

let folder: string;
const renderers: PageRenderer[] = [];
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-renderer-'));
  fs.writeFileSync(path.join(folder, 'umi.server.js'), BUNDLE);
});
afterAll(async () => {
  await Promise.all(renderers.map((renderer) => renderer.close()));
  fs.rmSync(folder, { recursive: true, force: true });
});

function renderer(bundleDir: string, timeoutMs?: number): PageRenderer {
  const made = new PageRenderer(bundleDir, timeoutMs);
  renderers.push(made);
  return made;
}

test('a page is rendered, in the worker, at its path with the answers given', async () => {
  const pages = renderer(folder);
  expect(await pages.render('/shopping', { shoppingGoods: { list: [] } })).toEqual({ html: '/shopping {"shoppingGoods":{"list":[]}}', styles: '' });
  expect((await pages.render('/shopping/goods/:id', {})).html).toBe('/shopping/goods/1 {}');
});

test('a render that never ends fails after the time allowed; the next one gets a fresh worker', async () => {
  // the time allowed covers a fresh worker's start too (tsx compiling it), which took over 500 ms
  // with the other test files running beside this one
  const pages = renderer(folder, 3000);
  const started = Date.now();
  await expect(pages.render('/calculate', {})).rejects.toThrow('rendering /calculate took over 3000 ms');
  expect(Date.now() - started).toBeGreaterThanOrEqual(2950);
  expect((await pages.render('/', {})).html).toBe('/ {}');
});

test('no bundle in the folder: the render fails, it does not wait', async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-renderer-empty-'));
  try {
    await expect(renderer(empty, 60_000).render('/', {})).rejects.toThrow(/no umi\.server\.js/);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});
