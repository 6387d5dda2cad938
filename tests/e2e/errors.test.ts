/**
 * The error catalogue as a person sees it: /shopping lists goods
 * through the generic error handler, and the test decides what the goods call answers.
 * Also the page-level message for a page chunk that fails or passes its 120 s time-out.
 */
import type { Page } from 'puppeteer-core';
import { useE2E } from './support/environment';
import { errorEnvelope, interceptRequests, pathIs, type FakeReply, type InterceptRule } from './support/intercept';
import { sleep, textsOf, waitForPath, waitForText } from './support/page';

const e2e = useE2E();

const GOODS = '/api/v1/web/mall/goods';
const TOAST = '.ant-message-notice';
const NOTIFICATION = '.ant-notification-notice';

async function openShopWith(reply: FakeReply): Promise<Page> {
  const page = await e2e.newPage();
  await interceptRequests(page, [{ match: pathIs(GOODS), reply }]);
  await page.goto(e2e.url('/shopping'));
  return page;
}

const failedEnvelope = (fields: Parameters<typeof errorEnvelope>[0]) => ({ status: 200, body: errorEnvelope(fields) });

describe('error catalogue', () => {
  test('success:false with a short errMessage shows it in a toast', async () => {
    const page = await openShopWith(failedEnvelope({ errMessage: '商城维护中，请稍后再试', errCode: 'MALL_MAINTENANCE' }));
    await waitForText(page, TOAST, '商城维护中，请稍后再试');
    expect(await page.$(NOTIFICATION)).toBeNull();
  });

  test('without errMessage the toast shows errCode', async () => {
    const page = await openShopWith(failedEnvelope({ errCode: 'MALL_MAINTENANCE' }));
    await waitForText(page, TOAST, 'MALL_MAINTENANCE');
  });

  test('error text is shown as text, never as HTML', async () => {
    const markup = '<img src=x onerror="window.__pwned=1"><b>粗体</b>';
    const page = await openShopWith(failedEnvelope({ errMessage: markup }));
    await waitForText(page, TOAST, markup);
    expect(await page.$(`${TOAST} img, ${TOAST} b`)).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('99 characters is still a toast', async () => {
    const text = '库'.repeat(99);
    const page = await openShopWith(failedEnvelope({ errMessage: text }));
    await waitForText(page, TOAST, text);
    expect(await page.$(NOTIFICATION)).toBeNull();
  });

  test('100 characters or more: a bottom-right notification 发生错误 that stays, with copyable diagnostics', async () => {
    // exactly 100, the threshold itself
    const text = `订单服务暂时不可用：${'上游结算系统返回了无法识别的状态，'.repeat(5)}请稍后再试`;
    expect(text).toHaveLength(100);
    const page = await openShopWith(failedEnvelope({ errMessage: text, errCode: 'UPSTREAM' }));
    await waitForText(page, NOTIFICATION, '发生错误');
    const [shown] = await textsOf(page, NOTIFICATION);
    expect(shown).toContain(text);
    expect(shown).toContain('请将复制的信息提交给管理员');
    expect(await page.$(TOAST)).toBeNull();

    // bottom right of the window
    const box = (await (await page.$(NOTIFICATION))!.boundingBox())!;
    const viewport = page.viewport()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 80);
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 120);

    // antd closes a notification after 4.5 s unless its duration is 0
    await sleep(6000);
    expect(await textsOf(page, NOTIFICATION)).toEqual([shown]);

    // one click copies the diagnostics: request URL, status, body, message …
    await page.browserContext().overridePermissions(e2e.baseUrl, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    await page.click(`${NOTIFICATION} .ant-typography-copy`);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(GOODS);
    expect(copied).toContain(text);
    expect(copied).toContain('UPSTREAM');
    expect(copied).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  });

  test('a status without a body: 服务器响应状态码:500', async () => {
    const page = await openShopWith({ status: 500, body: '', contentType: 'text/plain' });
    await waitForText(page, TOAST, '服务器响应状态码:500');
  });

  // not the spec's 「请求已经成功发起…」: without an answer nobody can tell that the request went out
  test('no response: 没有收到服务器的响应，请检查网络后重试', async () => {
    const page = await openShopWith('abort');
    await waitForText(page, TOAST, '没有收到服务器的响应，请检查网络后重试');
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('成功发起');
  });

  test('401 sends the visitor to the login page with the current address as redirect', async () => {
    const page = await e2e.newPage();
    await interceptRequests(page, [
      { match: pathIs(GOODS), reply: { status: 401, body: errorEnvelope({ errMessage: '請先登入', errCode: 'UNAUTHORIZED', httpStatusCode: 401 }) } },
    ]);
    await page.goto(e2e.url('/shopping?tab=all#top'));
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/shopping?tab=all#top')}`);
  });
});

describe('page chunks', () => {
  const shoppingChunk = (url: URL) => /^\/p__Shopping__index\.[^/]+\.(js|css)$/.test(url.pathname);

  test('a page chunk that fails to load shows a page-level message whose button reloads the page', async () => {
    const page = await e2e.newPage();
    const rules: InterceptRule[] = [{ match: shoppingChunk, reply: 'abort' }];
    await interceptRequests(page, rules);
    await page.goto(e2e.url('/'));
    const shopLink = '[data-testid="top-nav"] a[href="/shopping"]';
    await page.waitForSelector(shopLink);
    await page.click(shopLink);
    await waitForText(page, '[data-testid="error-page"]', '页面加载失败');
    expect(await page.$('[data-testid="top-nav"]')).not.toBeNull(); // the shell stays

    rules.length = 0; // the network is back
    await waitForText(page, '[data-testid="error-page"] button', '重新加载');
    await Promise.all([page.waitForNavigation(), page.click('[data-testid="error-page"] button')]);
    await waitForPath(page, '/shopping');
    await page.waitForSelector('.ant-input-search');
    expect(await page.$('[data-testid="error-page"]')).toBeNull();
  });

  test('a page chunk still loading after 120 000 ms gives up with the same message', async () => {
    const page = await e2e.newPage();
    // Run the chunk loader's 120 000 ms timer in one second; any other delay means it is not 120 s.
    await page.evaluateOnNewDocument(() => {
      const realSetTimeout = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) =>
        realSetTimeout(handler, delay === 120000 ? 1000 : delay, ...args)) as typeof window.setTimeout;
    });
    await interceptRequests(page, [{ match: shoppingChunk, reply: 'hang' }]);
    await page.goto(e2e.url('/shopping'), { waitUntil: 'domcontentloaded' });
    await waitForText(page, '[data-testid="error-page"]', '页面加载失败');
    await waitForText(page, '[data-testid="error-page"] button', '重新加载');
  });
});
