/**
 * Defect 12: an axe-core scan of every route of config/routes.ts finds no serious or
 * critical violation. Signed in as one user who has data on every screen (balances, a deposit,
 * power and finance orders with two settled days, a transfer, a conversion, an invitee, an
 * address, a paid and shipped mall order with traces and an unpaid one), at 375 px and on the
 * desktop, in the light and the dark theme, once the page shows its real content (no skeleton,
 * no spinner). The main money sheets are opened and scanned too: buy power, subscribe finance,
 * exchange mined coin, convert, transfer with the pay password, the mall's checkout and payment.
 *
 * Each variant has a signed-in and a signed-out tab that load the app once and then move from route
 * to route as a link would (a full load of every route cost a new browser context, the app's
 * start-up and axe's injection each time: about 6 s a route, 33 minutes of CI for the file).
 *
 * Only axe's own rules run, none switched off; a failure lists each violation's rule, impact and
 * help with the failing elements (their selectors and axe's summary, e.g. the contrast measured).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { addDays, dayOf } from '../../server/settlement/days';
import { clickText, fill } from './support/actions';
import { webApi, type WebCall } from './support/api';
import { DESKTOP, PHONE, useE2E, type Session } from './support/environment';
import { fundedUser } from './support/fundedUser';
import { opsOn } from './support/ops';
import { allUsable, waitForMarket } from './support/server';
import { currentPath, navigateInApp, waitForMotionToEnd, waitForText } from './support/page';
import { signInViaApi } from './support/siwe';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-axe-')), 'axe.sqlite');
// the test settles by itself (ops settle) and keeps its unpaid order: no scheduled jobs
const e2e = useE2E({ SQLITE_PATH: sqlitePath, JOBS_OFF: 'settlement,mallSweep' });
const ops = opsOn(sqlitePath);
const PAY_PASSWORD = '135790';
const UTC_PLUS_8 = 480;
const AXE_PATH = require.resolve('axe-core');

let session: Session;
let other: Session;
const api = <T>(path: string, call?: WebCall) => webApi<T>(e2e.baseUrl, session.token, path, call);

/** What the seeding made: ids the routes need. */
const seeded = { goodsId: '', addressId: '', shippedOrderId: '', unpaidOrderId: '', otherUid: '' };

interface Paged<T> {
  list: T[];
}

beforeAll(async () => {
  session = await fundedUser(e2e.baseUrl, ops, { payPassword: PAY_PASSWORD, usdt: '100000' });
  const key = (name: string) => ({ 'Idempotency-Key': `e2e-axe-${name}` });

  // power and finance orders, moved three days back and settled for two days: bills, mined coin, interest
  const power = (await api<Paged<{ id: string }>>('/product/power')).list[0];
  await api('/product/power-order/create', { method: 'POST', body: { productId: power.id, units: 50, payPassword: PAY_PASSWORD }, headers: key('power') });
  const finance = (await api<Paged<{ id: string; minAmount: string }>>('/product/finance')).list[0];
  await api('/product/finance-order/create', {
    method: 'POST',
    body: { productId: finance.id, amount: finance.minAmount, payPassword: PAY_PASSWORD },
    headers: key('finance'),
  });
  const db = new Database(sqlitePath);
  try {
    db.prepare("update power_orders set start_day = date(start_day, '-3 days'), end_day = date(end_day, '-3 days')").run();
    db.prepare("update finance_orders set start_day = date(start_day, '-3 days'), maturity_day = date(maturity_day, '-3 days')").run();
  } finally {
    db.close();
  }
  const today = dayOf(Date.now(), UTC_PLUS_8);
  ops('settle', '--day', addDays(today, -2));
  ops('settle', '--day', addDays(today, -1));

  // another user: invited by this one, and the recipient of a transfer
  other = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
  seeded.otherUid = (other.user as { uid: string }).uid;
  const { code } = await api<{ code: string }>('/user/invite/details');
  await webApi(e2e.baseUrl, other.token, '/user/invite/update', { method: 'POST', body: { code } });
  await api('/account/transfer/create', {
    method: 'POST',
    body: { to: seeded.otherUid, currency: 'USDT', amount: '10', payPassword: PAY_PASSWORD },
    headers: key('transfer'),
  });
  // the ops commands above block this process, the price feed's too: the server's polls of it
  // time out meanwhile, and BTC is unusable until a poll after them succeeds
  await waitForMarket(e2e.baseUrl, allUsable(['BTC']), { what: 'BTC usable again' });
  const quote = await api<{ quoteId: string }>('/account/convert/quote', { method: 'POST', body: { from: 'USDT', to: 'BTC', amount: '65' } });
  await api('/account/convert/create', { method: 'POST', body: { quoteId: quote.quoteId, payPassword: PAY_PASSWORD }, headers: key('convert') });

  const address = await api<{ id: string }>('/user/address/create', {
    method: 'POST',
    body: { receiver: '张三', phone: '13800138000', region: { province: '广东省', city: '深圳市', district: '南山区' }, detail: '科技园南区 1 栋', isDefault: true },
    headers: key('address'),
  });
  seeded.addressId = address.id;

  // the mall: a paid order, shipped with two traces, and an unpaid one
  const goods = await api<Paged<{ id: string }>>('/mall/goods?pageSize=1');
  seeded.goodsId = goods.list[0].id;
  const detail = await api<{ skus: { id: string; stock: number }[] }>(`/mall/goods/${seeded.goodsId}`);
  const skuId = detail.skus.find((sku) => sku.stock > 2)!.id;
  const order = () => api<{ id: string; orderNo: string }>('/mall/order/create', { method: 'POST', body: { skuId, quantity: 1, addressId: address.id } });
  const shipped = await order();
  await api('/mall/order/pay', { method: 'POST', body: { id: shipped.id, payPassword: PAY_PASSWORD }, headers: key('pay') });
  ops('mall:ship', '--order', shipped.orderNo, '--carrier', '顺丰速运', '--tracking', 'SF1234567890');
  ops('mall:trace', '--order', shipped.id, '--text', '快件已揽收', '--location', '深圳转运中心');
  seeded.shippedOrderId = shipped.id;
  seeded.unpaidOrderId = (await order()).id;
}, 120_000);

interface Variant {
  name: string;
  viewport: { width: number; height: number };
  dark: boolean;
}

const VARIANTS: Variant[] = [
  { name: 'phone 375 px, light', viewport: PHONE, dark: false },
  { name: 'phone 375 px, dark', viewport: PHONE, dark: true },
  { name: 'desktop, light', viewport: DESKTOP, dark: false },
  { name: 'desktop, dark', viewport: DESKTOP, dark: true },
];

/** Opens a sheet or dialog on the loaded page; resolves once it is shown. */
type Opener = (page: Page) => Promise<void>;

interface RouteCase {
  /** the route as the test names it */
  name: string;
  /** the address, with the seeded ids */
  path: () => string;
  /** a selector the page's real content shows */
  shows: string;
  /** text inside `shows`, when the selector alone does not say the data is there */
  text?: string;
  signedOut?: boolean;
  /** the same page as the route before it, with other parameters: loaded anew rather than moved to */
  reload?: boolean;
  /** a sheet or dialog of the page, scanned open */
  sheet?: { name: string; open: Opener };
}

/** Waits until an open drawer or modal has finished sliding in. */
async function sheetShown(page: Page, selector = '.ant-drawer-open .ant-drawer-content, .ant-modal-wrap .ant-modal-content'): Promise<void> {
  await page.waitForSelector(selector, { visible: true, timeout: 20_000 });
  await waitForMotionToEnd(page, '.ant-drawer-open, .ant-modal-wrap');
  await settle(page);
}

const ROUTES: RouteCase[] = [
  { name: '/', path: () => '/', shows: '.ant-statistic', text: 'USDT' },
  { name: '/', path: () => '/', shows: 'header a[href^="/login"]', signedOut: true },
  { name: '/login', path: () => '/login', shows: '[data-testid="signed-in"]' },
  { name: '/login', path: () => '/login', shows: '[data-testid="no-wallet"]', signedOut: true },
  {
    name: '/calculate',
    path: () => '/calculate',
    shows: 'button',
    text: '立即购买',
    sheet: {
      name: 'buy power',
      open: async (page) => {
        await clickText(page, 'button', '立即购买');
        await sheetShown(page);
      },
    },
  },
  { name: '/calculate/assets', path: () => '/calculate/assets', shows: 'body', text: '到期预估收益' },
  {
    name: '/calculate/coin',
    path: () => '/calculate/coin',
    shows: 'button',
    text: '立即认购',
    sheet: {
      name: 'subscribe finance',
      open: async (page) => {
        await clickText(page, 'button', '立即认购');
        await sheetShown(page);
      },
    },
  },
  {
    name: '/calculate/exchange',
    path: () => '/calculate/exchange',
    // the mined coin's card
    shows: '.ant-list-item .ant-card',
    sheet: {
      name: 'exchange mined coin',
      open: async (page) => {
        await clickText(page, 'button', '兑换为 USDT');
        await sheetShown(page);
      },
    },
  },
  { name: '/calculate/unknown', path: () => '/calculate/unknown', shows: 'form' },
  { name: '/calculate/history', path: () => '/calculate/history', shows: '.ant-tabs-tabpane-active .ant-list-item' },
  { name: '/shopping', path: () => '/shopping', shows: 'a[href^="/shopping/goods/"]' },
  { name: '/shopping/goods/:id', path: () => `/shopping/goods/${seeded.goodsId}`, shows: 'button', text: '立即购买' },
  {
    name: '/shopping/goods/:id?checkout=1',
    path: () => `/shopping/goods/${seeded.goodsId}?checkout=1&addressId=${seeded.addressId}`,
    shows: '[data-testid="mall-checkout-address"]',
    reload: true,
    // the checkout sheet, kept in the address, is open when the page shows
    text: '张三',
  },
  { name: '/shopping/order/0', path: () => '/shopping/order/0', shows: '[data-testid^="mall-order-"]' },
  {
    name: '/shopping/order/1',
    path: () => '/shopping/order/1',
    reload: true,
    shows: '[data-testid^="mall-order-"]',
    sheet: {
      name: 'pay an unpaid order',
      open: async (page) => {
        await clickText(page, `[data-testid="mall-order-${seeded.unpaidOrderId}"] button`, '去付款');
        await sheetShown(page);
      },
    },
  },
  { name: '/shopping/order_details/3/:id', path: () => `/shopping/order_details/3/${seeded.shippedOrderId}`, shows: '[data-testid="mall-details-order-no"]' },
  {
    name: '/shopping/order_details/1/:id',
    path: () => `/shopping/order_details/1/${seeded.unpaidOrderId}`,
    shows: '[data-testid="mall-countdown"]',
    reload: true,
  },
  { name: '/shopping/order_logistics/:id', path: () => `/shopping/order_logistics/${seeded.shippedOrderId}`, shows: 'body', text: 'SF1234567890' },
  { name: '/my', path: () => '/my', shows: 'body', text: '邀请码' },
  {
    name: '/my/transfer',
    path: () => '/my/transfer',
    shows: '[data-testid="recent-recipient"]',
    sheet: {
      name: 'transfer with the pay password',
      open: async (page) => {
        await fill(page, 'input#to', seeded.otherUid);
        await waitForText(page, '[data-testid="transfer-recipient"]', '0x');
        await fill(page, 'input#amount', '100');
        await clickText(page, 'button', '下一步');
        await sheetShown(page);
        await page.waitForSelector('.ant-drawer-open [data-testid="transfer-summary"]', { visible: true });
      },
    },
  },
  { name: '/my/transfer/history', path: () => '/my/transfer/history', shows: '.ant-list-item', text: 'UID' },
  { name: '/my/records', path: () => '/my/records', shows: '[data-testid="ledger-entry"]', text: '充值' },
  { name: '/my/setting', path: () => '/my/setting', shows: '[data-testid="session"]' },
  { name: '/my/setting/pay-pass', path: () => '/my/setting/pay-pass', shows: '[data-testid="pay-pass-form"]' },
  {
    name: '/my/assets',
    path: () => '/my/assets',
    shows: '[data-testid="convert-record"]',
    sheet: {
      name: 'convert',
      open: async (page) => {
        await clickText(page, 'button', '兑换');
        await sheetShown(page);
      },
    },
  },
  {
    name: '/my/invite',
    path: () => '/my/invite',
    shows: '[data-testid="invitee"]',
    sheet: {
      name: 'poster',
      open: async (page) => {
        await clickText(page, 'button', '生成海报');
        await sheetShown(page);
        await page.waitForSelector('[data-testid="invite-poster-image"]', { visible: true, timeout: 20_000 });
      },
    },
  },
  { name: '/my/help', path: () => '/my/help', shows: '[data-testid="help-contact"]' },
  { name: '/my/messages', path: () => '/my/messages', shows: '[data-testid="notice"]' },
  { name: '/my/deposit', path: () => '/my/deposit', shows: '[data-testid="deposit-tx"]' },
  { name: '/my/withdraw', path: () => '/my/withdraw', shows: '[data-testid="withdraw-fee"]' },
  { name: '/my/address', path: () => '/my/address', shows: '[data-testid="address-item"]', text: '张三' },
  { name: '/my/address/add', path: () => '/my/address/add', shows: 'form #receiver' },
  { name: '/my/address/edit/:id', path: () => `/my/address/edit/${seeded.addressId}`, shows: 'form #receiver[value="张三"]' },
];

/** Waits until requests are done and no skeleton, spinner, busy region or blank placeholder is left. */
async function settle(page: Page): Promise<void> {
  await page.waitForNetworkIdle({ idleTime: 300, timeout: 20_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning, [aria-busy="true"], [data-testid="blank-placeholder"], [data-testid="page-skeleton"]'), { timeout: 20_000 })
    .catch(() => {
      throw new Error(`${currentPath(page)} still shows a skeleton or spinner`);
    });
  // colours fade in (antd's transitions): measure contrast once they have arrived; the carousel's
  // slides move every few seconds, so this waits for a moment between two moves
  await waitForMotionToEnd(page, undefined, 5_000).catch(() => undefined);
}

/** AXE_SCREENSHOTS=<folder>: a PNG of every scanned screen, to look at what was checked. */
const SCREENSHOTS = process.env.AXE_SCREENSHOTS;

/**
 * The page's serious and critical axe violations, one readable line per failing element. Every
 * rule axe runs by default, and label-content-name-mismatch (a visible label that is not part of
 * the accessible name), which axe still marks experimental.
 */
async function seriousViolations(page: Page, shot: string): Promise<string[]> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${shot.replace(/[^\w-]+/g, '_')}.png`), fullPage: true });
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({
          target: node.target.map(String).join(' > '),
          summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
          html: node.html.slice(0, 160),
        })),
      }));
  });
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${violation.help} — ${node.target} — ${node.summary} — ${node.html}`),
  );
}

/**
 * A variant's two tabs, one signed in and one signed out, each kept from route to route: the app
 * loads once per tab (its files then come from the service worker) and moves on as a link click
 * would, which is what a user's screen goes through; a route showing the same page as the route
 * before it, with other parameters, is loaded anew (`reload`).
 */
interface Tabs {
  signedIn?: Page;
  signedOut?: Page;
}

async function tabFor(tabs: Tabs, variant: Variant, signedOut: boolean): Promise<{ page: Page; fresh: boolean }> {
  const kept = signedOut ? tabs.signedOut : tabs.signedIn;
  if (kept && !kept.isClosed()) return { page: kept, fresh: false };
  const page = await e2e.newPage({ viewport: variant.viewport, context: await e2e.newFileContext(), ...(signedOut ? {} : { session }) });
  // axe is injected as a script of its own, which the app's Content-Security-Policy would refuse
  await page.setBypassCSP(true);
  if (variant.dark) await page.evaluateOnNewDocument(() => localStorage.setItem('theme', 'dark'));
  if (signedOut) tabs.signedOut = page;
  else tabs.signedIn = page;
  return { page, fresh: true };
}

async function showRoute(tabs: Tabs, variant: Variant, route: RouteCase): Promise<Page> {
  const { page, fresh } = await tabFor(tabs, variant, Boolean(route.signedOut));
  if (fresh || route.reload) await page.goto(e2e.url(route.path()));
  else await navigateInApp(page, route.path());
  if (route.text) await waitForText(page, route.shows, route.text, 30_000);
  else await page.waitForSelector(route.shows, { visible: true, timeout: 30_000 });
  await settle(page);
  expect(await page.evaluate(() => ({ lang: document.documentElement.lang, theme: document.documentElement.dataset.theme }))).toEqual({
    lang: 'zh-CN',
    theme: variant.dark ? 'dark' : 'light',
  });
  return page;
}

/** The route's serious and critical violations, and its sheet's, by what was on screen. */
async function scanRoute(tabs: Tabs, variant: Variant, route: RouteCase): Promise<Record<string, string[]>> {
  const page = await showRoute(tabs, variant, route);
  const shot = `${variant.name} ${route.name}${route.signedOut ? ' signed out' : ''}`;
  const found: Record<string, string[]> = { [currentPath(page)]: await seriousViolations(page, shot) };
  if (route.sheet) {
    await route.sheet.open(page);
    found[`${currentPath(page)} with the ${route.sheet.name} sheet open`] = await seriousViolations(page, `${shot} ${route.sheet.name}`);
  }
  return found;
}

describe.each(VARIANTS)('axe-core, $name', (variant) => {
  const tabs: Tabs = {};
  test.each(ROUTES.map((route) => [`${route.name}${route.signedOut ? ' (signed out)' : ''}`, route] as const))(
    '%s: no serious or critical violation, with its sheet open too',
    async (_name, route) => {
      const found = await scanRoute(tabs, variant, route).catch(async (error: unknown) => {
        // a route that did not show leaves its tab in no known state: the next route starts afresh
        await Promise.all([tabs.signedIn?.close(), tabs.signedOut?.close()]);
        throw error;
      });
      const failing = Object.fromEntries(Object.entries(found).filter(([, lines]) => lines.length > 0));
      expect(failing).toEqual({});
    },
    120_000,
  );
});
