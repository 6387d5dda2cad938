/**
 * Every page of the route table renders: each route of config/routes.ts, signed in,
 * in the production build against the real server, shows its page: no error page, no uncaught
 * error, and the address stays where it was asked to go.
 */
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { useE2E, type Session } from './support/environment';
import { currentPath, sleep } from './support/page';
import { signInViaApi } from './support/siwe';

const e2e = useE2E();
let session: Session;
let goodsId: string;

beforeAll(async () => {
  session = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
  const goods = await fetch(`${e2e.baseUrl}/api/v1/web/mall/goods?page=1&pageSize=1`).then((r) => r.json());
  goodsId = goods.data.list[0].id;
});

/** The titles of the shell's error pages (src/locales/zh-CN/shell.ts). */
const ERROR_PAGE_TITLES = ['页面出错了', '页面加载失败'];

async function visit(page: Page, path: string): Promise<{ path: string; errors: string[]; text: string }> {
  const errors: string[] = [];
  const onError = (error: unknown) => errors.push(String(error));
  page.on('pageerror', onError);
  await page.goto(e2e.url(path), { waitUntil: 'networkidle0' });
  await sleep(300); // effects after the last response
  page.off('pageerror', onError);
  return { path: currentPath(page), errors, text: await page.evaluate(() => document.body.innerText) };
}

const ROUTES = [
  '/', '/calculate', '/calculate/assets', '/calculate/coin', '/calculate/exchange', '/calculate/unknown',
  '/calculate/history', '/my', '/my/transfer', '/my/transfer/history', '/my/records', '/my/setting',
  '/my/setting/pay-pass', '/my/assets', '/my/messages', '/my/invite', '/my/deposit', '/my/withdraw', '/my/address', '/my/address/add',
  '/my/address/edit/1', '/my/help', '/shopping', '/shopping/goods/:goodsId', '/shopping/order/0', '/shopping/order/1',
  '/shopping/order_details/0/1', '/shopping/order_logistics/1',
];

test('every route renders its page without an error page or an uncaught error', async () => {
  const page = await e2e.newPage({ session });
  const broken: unknown[] = [];
  for (const route of ROUTES) {
    const path = route.replace(':goodsId', goodsId);
    const result = await visit(page, path);
    const errorPage = ERROR_PAGE_TITLES.find((title) => result.text.includes(title));
    if (result.path !== path || errorPage || result.errors.length) broken.push({ path, landed: result.path, errorPage, errors: result.errors });
  }
  expect(broken).toEqual([]);
});

test('the login page renders for a signed-out visitor', async () => {
  const page = await e2e.newPage();
  const result = await visit(page, '/login');
  expect(result).toMatchObject({ path: '/login', errors: [] });
  expect(result.text).toContain('连接钱包登录');
});
