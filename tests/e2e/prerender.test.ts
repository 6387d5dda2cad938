/**
 * The public first screens arrive as HTML (plugins/prerender): with JavaScript disabled, a phone
 * in zh-CN sees the page's Chinese text with antd's styles; with JavaScript, React hydrates that
 * markup (the same DOM nodes stay, no console error, no layout shift); a visitor the markup was
 * not rendered for (zh-TW, signed in, a desktop, a dark system) still gets the right page, and
 * the desktop and the dark system see the plain document's shell until then, never the light
 * phone page; once the app has run, the server sends the shell to a signed-in, zh-TW or dark visitor.
 * The catalogue pages (/, /calculate, /shopping) are rendered again by the server with the live
 * answers: their HTML shows the data, and the page hydrates it without a placeholder in between.
 * The login page shows a visitor without a wallet the no-wallet hint from the document itself.
 * Screenshots: tests/screenshots/prerender-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { DESKTOP, useE2E, PHONE } from './support/environment';
import { interceptRequests } from './support/intercept';
import { SCREENSHOT_DIR } from './support/paths';
import { liveDocumentsReady } from './support/pageDocuments';
import { noScriptNotice, sleep, waitForNetworkQuiet, waitForText } from './support/page';
import { signInViaApi } from './support/siwe';
import { installWallet, TEST_WALLET_INFO } from './support/wallet';
import type { GoodsListType } from '../../contract/mall';
import { PAGE_DATA_ELEMENT_ID } from '../../contract/rules/pageData';
import { NO_WALLET_HINT_ATTRIBUTE, PAGE_LINK_ATTRIBUTE, WALLET_SEARCH_ATTRIBUTE } from '../../contract/rules/walletProbe';
import { PRERENDERED_PAGES, isPathOfRoute } from '../../contract/rules/sitePaths';
import { NO_SCRIPT_MESSAGES } from '../../plugins/noScriptNotice';
import { PAGE_REQUESTS } from '../../server/prerender/pageRequests';

const e2e = useE2E();
const CLS_GOAL = 0.02;
/** how long a hydrated page may take to send its own requests */
const ASK_WAIT_MS = 10_000;
const FIRST_SCREEN_TEXT: Record<string, string> = {
  '/login': '连接钱包登录',
  '/': '登录后查看您的资产与收益',
  '/calculate': '算力产品',
  '/shopping': '全部',
  // one document for every goods page: its layout and title bar, the item's skeleton
  '/shopping/goods/1': '商品详情',
};
const PAGES = Object.keys(FIRST_SCREEN_TEXT);

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `prerender-${name}.png`) });
}

const fileName = (path: string) => (path === '/' ? 'home' : path.slice(1).replaceAll('/', '-'));

/** The prerendered route a path visits (a goods page's is `/shopping/goods/:id`). */
const routeOf = (path: string) => Object.keys(PRERENDERED_PAGES).find((route) => isPathOfRoute(route, path));

/** Console errors and warnings, and uncaught errors (React reports a failed hydration through both). */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warn') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${String(error)}`));
  return problems;
}

/** Before any script runs: keeps the parsed #root's header element and sums the layout shifts. */
async function observeFirstParse(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __cls: number; __parsedHeader?: Element | null };
    w.__cls = 0;
    // "interactive": the document is parsed and the deferred scripts have not run yet
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') w.__parsedHeader = document.querySelector('#root header');
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

describe('with JavaScript disabled, at 375 px in zh-CN', () => {
  test.each(PAGES)('%s arrives with its first-screen text, styled by antd', async (path) => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.setJavaScriptEnabled(false);
    await page.setExtraHTTPHeaders({ 'accept-language': 'zh-CN' });
    await page.goto(e2e.url(path), { waitUntil: 'load' });
    await screenshot(page, `nojs-${fileName(path)}`);

    expect(await page.$eval('#root', (el) => el.getAttribute('data-prerendered'))).toBe(routeOf(path));
    expect(await page.$eval('#root', (el) => (el as HTMLElement).innerText)).toContain(FIRST_SCREEN_TEXT[path]);
    expect(await page.$$('#root .pf-shell')).toHaveLength(0);
    // the notice that the app needs JavaScript comes first, the page right under it
    const notice = await noScriptNotice(page);
    expect(notice.text).toContain(NO_SCRIPT_MESSAGES[0][1]);
    // antd's critical CSS is in the document: its layout, header and buttons are styled
    const header = await page.$eval('#root header', (el) => {
      const style = getComputedStyle(el);
      return { top: el.getBoundingClientRect().top, height: el.getBoundingClientRect().height, background: style.backgroundColor };
    });
    expect(header).toEqual({ top: notice.bottom, height: 48, background: 'rgb(255, 255, 255)' });
    expect(await page.$eval('#root .ant-btn', (el) => getComputedStyle(el).cursor)).toBe('pointer');
    expect(await page.$eval('[data-testid="tab-bar"]', (el) => Math.round(el.getBoundingClientRect().bottom))).toBe(PHONE.height);
  });

  test('a client route that is not prerendered still gets the plain shell', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.setJavaScriptEnabled(false);
    await page.goto(e2e.url('/my/assets'), { waitUntil: 'load' });
    expect(await page.$eval('#root', (el) => el.getAttribute('data-prerendered'))).toBeNull();
    expect(await page.$$('#root .pf-shell')).toHaveLength(1);
    // … under the notice, its skeleton still: nothing is loading
    expect((await noScriptNotice(page)).text).toContain(NO_SCRIPT_MESSAGES[0][1]);
    expect(await page.$eval('#root .pf-sk', (el) => getComputedStyle(el).animationName)).toBe('none');
  });

  test('the login page says JavaScript is needed instead of searching for wallets for ever', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.setJavaScriptEnabled(false);
    await page.setExtraHTTPHeaders({ 'accept-language': 'zh-CN' });
    await page.goto(e2e.url('/login'), { waitUntil: 'load' });
    await screenshot(page, 'nojs-login-notice');
    expect((await noScriptNotice(page)).text.split(/\n+/)).toEqual(NO_SCRIPT_MESSAGES.map(([, text]) => text));
    const shown = (selector: string) => page.$eval(selector, (el) => (el as HTMLElement).getBoundingClientRect().height > 0);
    expect({ search: await shown(`[${WALLET_SEARCH_ATTRIBUTE}]`), hint: await shown(`[${NO_WALLET_HINT_ATTRIBUTE}]`) }).toEqual({ search: false, hint: false });
    expect(await page.$eval('#root', (el) => (el as HTMLElement).innerText)).toContain('连接钱包登录');
  });
});

describe('the visitors the page was not rendered for, before any script', () => {
  const shown = (page: Page) =>
    page.evaluate(() => ({
      page: !!document.querySelector('#root')?.getBoundingClientRect().height,
      shell: !!document.querySelector('#pf-prerendered-shell')?.getBoundingClientRect().height,
    }));

  test('a desktop sees the shell, not the phone page', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.setJavaScriptEnabled(false);
    await page.goto(e2e.url('/login'), { waitUntil: 'load' });
    await screenshot(page, 'nojs-login-desktop');
    expect(await shown(page)).toEqual({ page: false, shell: true });
  });

  test('a dark system sees the dark shell, not the light page', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await page.setJavaScriptEnabled(false);
    await page.goto(e2e.url('/login'), { waitUntil: 'load' });
    expect(await shown(page)).toEqual({ page: false, shell: true });
    expect(await page.$eval('#pf-prerendered-shell .pf-shell', (el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 0, 0)');
  });

  test('a light phone sees the page, not the shell', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.setJavaScriptEnabled(false);
    await page.goto(e2e.url('/login'), { waitUntil: 'load' });
    expect(await shown(page)).toEqual({ page: true, shell: false });
  });
});

describe('with JavaScript, at 375 px', () => {
  test.each(PAGES)('%s: React hydrates the markup (same nodes), no console error, CLS ≤ 0.02, on a slow phone', async (path) => {
    const page = await e2e.newPage({ viewport: PHONE });
    const problems = problemsOf(page);
    await observeFirstParse(page);
    // React hydrates each route's Suspense boundary after the root, at idle priority: a slow CPU
    // widens the window in which an update (the initial state) could reach one not hydrated yet
    await page.emulateCPUThrottling(4);
    await page.goto(e2e.url(path), { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="tab-bar"]');
    await waitForNetworkQuiet(page, 1000);
    await screenshot(page, `hydrated-${fileName(path)}`);

    const state = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __parsedHeader?: Element | null };
      return { parsed: !!w.__parsedHeader, sameHeader: w.__parsedHeader === document.querySelector('#root header'), cls: w.__cls };
    });
    expect(state).toMatchObject({ parsed: true, sameHeader: true });
    expect(state.cls).toBeLessThanOrEqual(CLS_GOAL);
    expect(problems).toEqual([]);
    await waitForText(page, '#root', FIRST_SCREEN_TEXT[path]);
    // the no-script notice is in the document, and a browser that runs scripts never shows it
    expect(await page.evaluate(() => ({ inDocument: !!document.querySelector('body > noscript'), shown: !!document.querySelector('.pf-noscript') }))).toEqual({
      inDocument: true,
      shown: false,
    });
  });

  test("/shopping with its page's code arriving after the API's answers: still hydrated, no console error", async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    const problems = problemsOf(page);
    await observeFirstParse(page);
    let answered!: () => void;
    const flagsAnswered = new Promise<void>((resolve) => (answered = resolve));
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/v1/web/features') setTimeout(answered, 1000);
    });
    await interceptRequests(page, [{ match: (url) => /^\/p__Shopping__index\./.test(url.pathname), reply: { heldUntil: flagsAnswered } }]);
    await page.goto(e2e.url('/shopping'), { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="tab-bar"]');
    await waitForNetworkQuiet(page, 1000);
    expect(await page.evaluate(() => (window as unknown as { __parsedHeader?: Element }).__parsedHeader === document.querySelector('#root header'))).toBe(true);
    expect(problems).toEqual([]);
  });

  test('/login for a zh-TW visitor: rendered over the markup, in zh-TW, no console error', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    const problems = problemsOf(page);
    await observeFirstParse(page);
    await page.evaluateOnNewDocument(() => localStorage.setItem('umi_locale', 'zh-TW'));
    await page.goto(e2e.url('/login'), { waitUntil: 'domcontentloaded' });
    await waitForText(page, '#root', '連接錢包登入');
    await waitForNetworkQuiet(page, 1000);
    expect(await page.$eval('#root', (el) => (el as HTMLElement).innerText)).not.toContain('连接钱包登录');
    expect(await page.evaluate(() => (window as unknown as { __parsedHeader?: Element }).__parsedHeader === document.querySelector('#root header'))).toBe(false);
    expect(problems).toEqual([]);
  });

  test('a signed-in visitor gets the signed-in pages, no console error', async () => {
    const session = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
    const page = await e2e.newPage({ viewport: PHONE, session });
    const problems = problemsOf(page);
    await page.goto(e2e.url('/login'), { waitUntil: 'domcontentloaded' });
    await waitForText(page, '#root', '已登录');
    await page.goto(e2e.url('/'), { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="tab-bar"]');
    await waitForNetworkQuiet(page, 1000);
    expect(await page.$eval('#root', (el) => (el as HTMLElement).innerText)).not.toContain(FIRST_SCREEN_TEXT['/']);
    expect(problems).toEqual([]);
  });

  test.each([
    ['a desktop', { viewport: DESKTOP, dark: false }],
    ['a dark phone', { viewport: PHONE, dark: true }],
  ])('%s: the app renders over the shell, with nothing of the prerendered document left, no console error', async (_name, visitor) => {
    const page = await e2e.newPage({ viewport: visitor.viewport });
    if (visitor.dark) await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    const problems = problemsOf(page);
    await observeFirstParse(page);
    await page.goto(e2e.url('/login'), { waitUntil: 'domcontentloaded' });
    await waitForText(page, '#root', FIRST_SCREEN_TEXT['/login']);
    await waitForNetworkQuiet(page, 1000);
    const left = await page.evaluate(() => ({
      shell: !!document.getElementById('pf-prerendered-shell'),
      mark: document.getElementById('root')?.getAttribute('data-prerendered') ?? null,
      theme: document.documentElement.dataset.theme,
      hydrated: (window as unknown as { __parsedHeader?: Element }).__parsedHeader === document.querySelector('#root header'),
    }));
    expect(left).toEqual({ shell: false, mark: null, theme: visitor.dark ? 'dark' : 'light', hydrated: false });
    expect(problems).toEqual([]);
  });
});

describe("the login page's answer to wallets comes with the document (server/prerender/walletProbe.ts)", () => {
  const HINT = `[${NO_WALLET_HINT_ATTRIBUTE}]`;
  const SEARCH = `[${WALLET_SEARCH_ATTRIBUTE}]`;
  const LINK = `[${PAGE_LINK_ATTRIBUTE}]`;
  const isAppScript = (url: URL) => /^\/umi\.[0-9a-f]{8}\.js$/.test(url.pathname);

  /**
   * Opens /login with the app's script held back; once the document is parsed, what it shows (and
   * its hint's node, kept for later), then lets the script come and waits for the page's wallet answer.
   */
  async function answerBeforeTheApp(page: Page, shown: string): Promise<{ hint: boolean; search: boolean; link: string | null }> {
    let release!: () => void;
    await interceptRequests(page, [{ match: isAppScript, reply: { heldUntil: new Promise<void>((resolve) => (release = resolve)) } }]);
    const navigation = page.goto(e2e.url('/login'), { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.readyState !== 'loading');
    const answer = await page.evaluate(
      (hint: string, search: string, link: string) => {
        const visible = (selector: string) => !!document.querySelector(selector)?.getBoundingClientRect().height;
        (window as unknown as { __parsedHint?: Element | null }).__parsedHint = document.querySelector(hint);
        return { hint: visible(hint), search: visible(search), link: document.querySelector(link)?.textContent ?? null };
      },
      HINT,
      SEARCH,
      LINK,
    );
    release();
    await navigation;
    await waitForText(page, '#root', shown);
    return answer;
  }

  test('no wallet: the hint with the page address before the app has run, the same node after hydration, no console error, CLS ≤ 0.02', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    const problems = problemsOf(page);
    await observeFirstParse(page);
    await page.emulateCPUThrottling(4);
    const answer = await answerBeforeTheApp(page, '复制链接');
    await page.waitForSelector('[data-testid="tab-bar"]');
    await waitForNetworkQuiet(page, 1000);
    await screenshot(page, 'login-no-wallet');

    expect(answer).toEqual({ hint: true, search: false, link: e2e.url('/login') });
    const after = await page.evaluate(
      (hint: string, link: string) => {
        const w = window as unknown as { __cls: number; __parsedHint?: Element | null; __parsedHeader?: Element | null };
        const element = document.querySelector(hint);
        return {
          hydrated: w.__parsedHeader === document.querySelector('#root header'),
          sameHint: !!element && w.__parsedHint === element,
          shown: !!element?.getBoundingClientRect().height,
          link: document.querySelector(link)?.textContent,
          cls: w.__cls,
        };
      },
      HINT,
      LINK,
    );
    expect({ ...after, problems }).toMatchObject({ hydrated: true, sameHint: true, shown: true, link: e2e.url('/login'), problems: [] });
    expect(after.cls).toBeLessThanOrEqual(CLS_GOAL);
  });

  test('a wallet on the page: the search before the app has run, never the hint, then the wallet to connect', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await installWallet(page, Wallet.createRandom());
    expect(await answerBeforeTheApp(page, TEST_WALLET_INFO.name)).toEqual({ hint: false, search: true, link: '' });
    expect(await page.$(HINT)).toBeNull();
  });
});

describe('the catalogue pages with their data in the HTML (rendered by the server with the live answers)', () => {
  interface Titled {
    title: string;
  }
  type Answers = Record<string, unknown>;
  const list = (answer: unknown) => (answer as { list: Titled[] }).list;
  /** Per page: an element filled from the data (the same node must stay through hydration), and texts of its answers the HTML must show. */
  const DATA_PAGES: Record<string, { element: string; texts: (answers: Answers) => string[] }> = {
    '/shopping': {
      element: '#root .ant-card',
      texts: (answers) => [...list(answers.shoppingGoods).slice(0, 2).map((goods) => goods.title), (answers.shoppingGoods as GoodsListType).categories[0].name],
    },
    '/calculate': { element: '#root .ant-card', texts: (answers) => list(answers.calculatePower).slice(0, 2).map((product) => product.title) },
    '/': {
      element: '#root [data-testid="banner-caption"]',
      texts: (answers) => [
        ...(answers.homeLinks as Array<Titled & { type: string }>).filter((link) => link.type === 'notice').map((notice) => notice.title),
        list(answers.homePower)[0].title,
        list(answers.homeFinance)[0].title,
      ],
    },
  };
  /** What a page shows while its data loads (the market's own placeholder aside: prices are not rendered). */
  const PLACEHOLDER = '#root .ant-skeleton, #root [data-testid="loading-skeleton"]';
  const answers: Record<string, Answers> = {};

  beforeAll(async () => {
    expect(Object.keys(DATA_PAGES).sort()).toEqual(Object.keys(PAGE_REQUESTS).sort());
    for (const [route, requests] of Object.entries(PAGE_REQUESTS)) {
      answers[route] = {};
      for (const [name, url] of Object.entries(requests)) {
        answers[route][name] = ((await (await fetch(e2e.url(url!), { headers: { 'x-locale': 'zh-CN' } })).json()) as { data: unknown }).data;
      }
    }
    await liveDocumentsReady(e2e.url(''));
  });

  test.each(Object.keys(DATA_PAGES))('%s with JavaScript disabled shows its data from the database, no placeholder', async (path) => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.setJavaScriptEnabled(false);
    await page.setExtraHTTPHeaders({ 'accept-language': 'zh-CN' });
    await page.goto(e2e.url(path), { waitUntil: 'load' });
    await screenshot(page, `nojs-data-${fileName(path)}`);
    const text = await page.$eval('#root', (root) => (root as HTMLElement).innerText);
    for (const expected of DATA_PAGES[path].texts(answers[path])) expect({ path, shown: text.includes(expected) }).toEqual({ path, shown: true });
    expect(await page.$$(PLACEHOLDER)).toHaveLength(0);
    expect(await page.$(DATA_PAGES[path].element)).not.toBeNull();
  });

  test.each(Object.keys(DATA_PAGES))(
    '%s with JavaScript: React hydrates the data as sent (same nodes, no placeholder), no console error, CLS ≤ 0.02, on a slow phone; then asks for the same answers',
    async (path) => {
      const page = await e2e.newPage({ viewport: PHONE });
      const problems = problemsOf(page);
      await observeFirstParse(page);
      await page.evaluateOnNewDocument(
        (element: string, placeholder: string) => {
          const w = window as unknown as { __parsedData?: Element | null; __placeholderSeen: boolean };
          w.__placeholderSeen = false;
          document.addEventListener('readystatechange', () => {
            if (document.readyState === 'interactive') w.__parsedData = document.querySelector(element);
          });
          new MutationObserver(() => {
            if (document.querySelector(placeholder)) w.__placeholderSeen = true;
          }).observe(document, { childList: true, subtree: true });
        },
        DATA_PAGES[path].element,
        PLACEHOLDER,
      );
      const wanted = new Set(Object.values(PAGE_REQUESTS[path]));
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (wanted.has(url.pathname + url.search)) asked.push(url.pathname + url.search);
      });
      await page.emulateCPUThrottling(4);
      await page.goto(e2e.url(path), { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('[data-testid="tab-bar"]');
      await waitForNetworkQuiet(page, 1000);
      // the page asks once its part has hydrated, which a slow CPU can put after a second of quiet network
      for (const started = Date.now(); asked.length < wanted.size && Date.now() - started < ASK_WAIT_MS; ) await sleep(100);
      await screenshot(page, `hydrated-data-${fileName(path)}`);

      const state = await page.evaluate((element: string) => {
        const w = window as unknown as { __cls: number; __parsedData?: Element | null; __placeholderSeen: boolean };
        return { parsed: !!w.__parsedData, sameNode: w.__parsedData === document.querySelector(element), placeholderSeen: w.__placeholderSeen, cls: w.__cls };
      }, DATA_PAGES[path].element);
      // with the console's problems, so that a failure says why (a hydration error, the wait's cap)
      expect({ ...state, problems }).toMatchObject({ parsed: true, sameNode: true, placeholderSeen: false, problems: [] });
      expect(state.cls).toBeLessThanOrEqual(CLS_GOAL);
      // the answers the page was rendered with are the ones its requests ask for, which refresh them
      expect(asked.sort()).toEqual([...wanted].sort());
      // the data block is read once and gone
      expect(await page.$(`#${PAGE_DATA_ELEMENT_ID}`)).toBeNull();
    },
  );
});

describe('the app tells the server which document fits this browser (its first-screen cookie)', () => {
  const firstScreen = (page: Page) => page.evaluate(() => /(?:^|; )pf_first_screen=([^;]*)/.exec(document.cookie)?.[1] ?? null);
  const waitForFirstScreen = (page: Page, expected: string) =>
    page.waitForFunction((value) => new RegExp(`(?:^|; )pf_first_screen=${value}(?:;|$)`).test(document.cookie), { timeout: 10_000 }, expected);
  /** The document the server sends now, as a browser without scripts shows it. */
  const documentNow = async (page: Page) => {
    await page.setJavaScriptEnabled(false);
    await page.reload({ waitUntil: 'load' });
    const sent = await page.evaluate(() => ({ prerendered: document.getElementById('root')?.getAttribute('data-prerendered') ?? null, shell: !!document.querySelector('#root .pf-shell') }));
    await page.setJavaScriptEnabled(true);
    return sent;
  };

  /**
   * Waits until React's hydration has reached the element: React keys a node while it renders it,
   * before its commit, so this proves no commit; but a click before it reaches no handler, and one
   * after it makes React hydrate the element's boundary at once, during the event.
   */
  const hydrated = (page: Page, selector: string) =>
    page.waitForFunction((s) => Object.keys(document.querySelector(s) ?? {}).some((key) => key.startsWith('__reactProps')), { timeout: 10_000 }, selector);

  test('a zh-CN light visitor keeps getting the page; after choosing dark, then zh-TW, the shell', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto(e2e.url('/login'), { waitUntil: 'domcontentloaded' });
    await waitForText(page, '#root', FIRST_SCREEN_TEXT['/login']);
    await waitForFirstScreen(page, 'page');

    await hydrated(page, 'button[aria-label="切换到深色模式"]');
    await page.click('button[aria-label="切换到深色模式"]');
    await waitForFirstScreen(page, 'shell');
    await page.click('button[aria-label="切换到浅色模式"]');
    await waitForFirstScreen(page, 'page');
    expect(await documentNow(page)).toEqual({ prerendered: '/login', shell: false });

    await page.reload({ waitUntil: 'domcontentloaded' });
    // locators retry until the element is there and still: the page may re-render while hydrating
    await hydrated(page, 'button[aria-label*="切换语言"]');
    await page.locator('button[aria-label*="切换语言"]').click();
    await page.locator('[role="group"] button ::-p-text(繁體中文)').click();
    await waitForText(page, '#root', '連接錢包登入');
    await waitForFirstScreen(page, 'shell');
    expect(await documentNow(page)).toEqual({ prerendered: null, shell: true });
  });

  test('a signed-in visitor gets the shell, not the signed-out page', async () => {
    const session = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
    const page = await e2e.newPage({ viewport: PHONE, session });
    await page.goto(e2e.url('/my/assets'), { waitUntil: 'domcontentloaded' });
    await waitForFirstScreen(page, 'shell');
    await page.goto(e2e.url('/'), { waitUntil: 'domcontentloaded' });
    expect(await firstScreen(page)).toBe('shell');
    expect(await documentNow(page)).toEqual({ prerendered: null, shell: true });
  });
});
