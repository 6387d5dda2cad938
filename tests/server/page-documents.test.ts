/**
 * The prerendered pages that show catalogue data are rendered again at run time with the live
 * public answers (server/prerender), each with its own: the document sent for /shopping shows
 * the goods in the database and carries them in its data block; a change to the catalogue
 * reaches the next render; a hostile title cannot leave the block; the headers (CSP) are the
 * page's as before; the renderer's own requests stay out of the log. The Node bundle here is a stand-in that writes the goods' titles as React
 * would (escaped); the real bundle's render is tested end to end (tests/e2e/prerender.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_DATA_ELEMENT_ID } from '../../contract/rules/pageData';
import { FIRST_SCREEN_COOKIE, PRERENDERED_PAGES, renderedPathOf } from '../../contract/rules/sitePaths';
import { PAGE_REQUESTS } from '../../server/prerender/pageRequests';
import { startTestApp, type TestApp } from './support/app';

const INDEX_HTML = '<!DOCTYPE html><html><head><script src="/umi.js" defer></script></head><body><div id="root"></div></body></html>';
const BUILT = (route: string) => `<!DOCTYPE html><html><head></head><body><div id="root" data-prerendered="${route}">built</div></body></html>`;

/** The stand-in bundle: the page's markup lists the goods' titles, escaped; it counts its renders. */
const FAKE_BUNDLE = `
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
let renders = 0;
exports.getAppRootElement = async (request) => () => ({ path: request.url });
exports.renderToHtml = async (app, answers) => {
  renders += 1;
  const titles = (answers.shoppingGoods?.list ?? []).map((goods) => '<p>' + escape(goods.title) + '</p>').join('');
  const names = Object.keys(answers).join(',');
  return { html: '<main data-path="' + app.path + '" data-answers="' + names + '" data-renders="' + renders + '">' + titles + '</main>', styles: '<style>.ant-card{}</style>' };
};
`;

const POLL_MS = 100;

let t: TestApp;
let folder: string;
let flagsFile: string;
const logs: string[] = [];
beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'powerfi-render-'));
  const dist = path.join(folder, 'dist');
  fs.writeFileSync(path.join((fs.mkdirSync(dist), dist), 'index.html'), INDEX_HTML);
  for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), BUILT(route));
  }
  fs.mkdirSync(path.join(folder, 'dist-server'));
  fs.writeFileSync(path.join(folder, 'dist-server', 'umi.0123abcd.server.js'), FAKE_BUNDLE);
  flagsFile = path.join(folder, 'flags.json');
  fs.writeFileSync(flagsFile, '{}');
  // the bundle is found beside dist/, as `max build` leaves it
  t = await startTestApp({ seed: true, logs, config: { distDir: dist, pageRenderIntervalMs: POLL_MS, featureFlagsFile: flagsFile, featureFlagsPollMs: POLL_MS / 2 } });
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The /shopping document once `done` holds for it. */
async function shoppingWhen(done: (body: string) => boolean): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const body = (await get('/shopping')).body;
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`not yet: ${body.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The data block's text, up to the first `</script` (where the browser ends it), and what it parses to. */
function dataBlock(body: string): { text: string; answers: { shoppingGoods: { list: Array<{ id: string; title: string }> } } & Record<string, unknown> } {
  const open = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`;
  const start = body.indexOf(open);
  expect(start).toBeGreaterThan(-1);
  const text = body.slice(start + open.length, body.indexOf('</script', start + open.length));
  return { text, answers: JSON.parse(text) };
}

async function firstGoods(): Promise<{ id: bigint; title: string }> {
  return t.db.selectFrom('mall_goods').select(['id', 'title']).where('active', '=', 1n).orderBy('sort').orderBy('id').executeTakeFirstOrThrow();
}

test('/shopping is sent rendered with the goods in the database, which its data block carries', async () => {
  const goods = await firstGoods();
  const body = await shoppingWhen((text) => text.includes('data-renders'));
  expect(body).toContain(`<p>${goods.title}</p>`);
  expect(body).toContain('<main data-path="/shopping"');
  expect(body).toContain('data-prerendered="/shopping"');
  expect(body).toContain('<style>.ant-card{}</style>');
  const { answers } = dataBlock(body);
  expect(answers.shoppingGoods.list[0]).toMatchObject({ id: String(goods.id), title: goods.title });
  // the block sits outside #root: React hydrates #root alone
  expect(body.indexOf(`id="${PAGE_DATA_ELEMENT_ID}"`)).toBeLessThan(body.indexOf('<div id="root"'));
});

test('each catalogue page is rendered with its own requests\' answers; the others stay as built', async () => {
  await shoppingWhen((text) => text.includes('data-renders'));
  for (const [route, requests] of Object.entries(PAGE_REQUESTS)) {
    const deadline = Date.now() + 20_000;
    let body = (await get(route)).body;
    while (!body.includes('data-renders')) {
      if (Date.now() > deadline) throw new Error(`${route} not rendered`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      body = (await get(route)).body;
    }
    expect({ route, markup: /<main data-path="([^"]*)" data-answers="([^"]*)"/.exec(body)?.slice(1) }).toEqual({ route, markup: [route, Object.keys(requests).join(',')] });
    expect(Object.keys(dataBlock(body).answers)).toEqual(Object.keys(requests));
  }
  for (const route of Object.keys(PRERENDERED_PAGES).filter((page) => !(page in PAGE_REQUESTS))) {
    expect((await get(renderedPathOf(route))).body).toBe(BUILT(route));
  }
});

test('the headers are the built page\'s: the same CSP (no inline script allowed), not cached, varying by visitor', async () => {
  await shoppingWhen((text) => text.includes('data-renders'));
  const rendered = await get('/shopping');
  const built = await get('/login');
  expect(built.body).toBe(BUILT('/login'));
  for (const name of ['content-security-policy', 'cache-control', 'x-content-type-options', 'referrer-policy']) {
    expect({ name, value: rendered.headers[name] }).toEqual({ name, value: built.headers[name] });
  }
  expect(String(rendered.headers.vary).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(['accept-language', 'cookie']));
  expect(String(rendered.headers['content-security-policy'])).toContain("script-src 'self'");
  expect(String(rendered.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(String(rendered.headers['content-type'])).toMatch(/^text\/html/);
});

test('a visitor the page was not rendered for still gets the shell', async () => {
  await shoppingWhen((text) => text.includes('data-renders'));
  expect((await get('/shopping', { cookie: `${FIRST_SCREEN_COOKIE}=shell` })).body).toBe(INDEX_HTML);
  expect((await get('/shopping?keyword=x')).body).toBe(INDEX_HTML);
});

test('a change to the catalogue reaches the next render; unchanged answers are not rendered again', async () => {
  const goods = await firstGoods();
  const before = await shoppingWhen((text) => text.includes('data-renders'));
  const renders = /data-renders="(\d+)"/.exec(before)![1];
  await new Promise((resolve) => setTimeout(resolve, POLL_MS * 5));
  expect(/data-renders="(\d+)"/.exec((await get('/shopping')).body)![1]).toBe(renders);

  await t.db.updateTable('mall_goods').set({ title: '新品 测试蓝牙耳机' }).where('id', '=', goods.id).execute();
  const after = await shoppingWhen((text) => text.includes('<p>新品 测试蓝牙耳机</p>'));
  expect(after).not.toContain(`<p>${goods.title}</p>`);
  expect(dataBlock(after).answers.shoppingGoods.list[0].title).toBe('新品 测试蓝牙耳机');
});

test('the renderer\'s own requests are not logged, every other request is, a forged mark too', async () => {
  const requestLines = (url: string) =>
    logs.filter((line) => {
      const entry = JSON.parse(line) as { msg?: string; req?: { url?: string } };
      return entry.msg === 'incoming request' && entry.req?.url?.startsWith(url);
    });
  // a few rounds have run by now (each fetches every page's answers)
  await shoppingWhen((text) => text.includes('data-renders'));
  await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
  for (const url of new Set(Object.values(PAGE_REQUESTS).flatMap((requests) => Object.values(requests)))) {
    if (url) expect(requestLines(url)).toEqual([]);
  }
  const [url] = Object.values(PAGE_REQUESTS['/shopping']).filter((u): u is string => !!u);
  await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'x-page-render': 'a'.repeat(64) } });
  expect(requestLines(url)).toHaveLength(2);
});

test('while a feature is switched off nobody gets the pages, so none is rendered: no failing requests, no warnings', async () => {
  const failures = () => logs.filter((line) => line.includes('not rendered with live data')).length;
  await shoppingWhen((text) => text.includes('data-renders'));
  try {
    fs.writeFileSync(flagsFile, JSON.stringify({ mall: false }));
    await shoppingWhen((text) => !text.includes('data-prerendered'));
    const before = failures();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 6));
    expect(failures()).toBe(before);
  } finally {
    fs.writeFileSync(flagsFile, '{}');
  }
  await shoppingWhen((text) => text.includes('data-renders'));
});

test('a title written to break out of the data block stays inside it, as text', async () => {
  const goods = await firstGoods();
  const hostile = '</script><script>alert(1)</script><!--';
  await t.db.updateTable('mall_goods').set({ title: hostile }).where('id', '=', goods.id).execute();
  // the markup shows it (escaped by React), so the page has been rendered with it
  const body = await shoppingWhen((text) => text.includes('alert(1)'));
  const { text, answers } = dataBlock(body);
  expect(text).not.toContain('<');
  expect(answers.shoppingGoods.list[0].title).toBe(hostile);
  expect(body).not.toContain('<script>alert(1)');
  // one script of the shell's, and the data block: no other element came out of the title
  expect(body.match(/<script\b/g)).toHaveLength(2);
});
