/**
 * What the server sends reads in the interface language, at 375 px against the real server: the
 * app names its locale in X-Locale (Accept-Language stays zh-TW, as the spec fixes it), and the
 * server answers product names, banners and notices, mall categories and goods in it; coin names
 * come from the locale's messages. zh-CN, the default, keeps the texts as written.
 */
import { Wallet } from 'ethers';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { PHONE, useE2E } from './support/environment';
import { waitForText } from './support/page';
import { screenshotPath } from './support/paths';
import { signInViaApi } from './support/siwe';

const e2e = useE2E();

interface Expected {
  label: string;
  home: string;
  banner: string;
  notice: string;
  power: string;
  finance: string;
  category: string;
  goods: string;
  usdt: string;
}

const LANGUAGES: Record<'zh-TW' | 'en-US' | 'zh-CN', Expected> = {
  'zh-TW': {
    label: '繁體中文', home: '首頁', banner: '新人專享算力', notice: '平台上線公告', power: 'BTC 雲算力 · S21 礦機 360 天', finance: '穩盈寶 7 天',
    category: '礦機配件', goods: '硬體冷錢包 Pro', usdt: '泰達幣',
  },
  'en-US': {
    label: 'English', home: 'Home', banner: 'Hash power for new users', notice: 'PowerFi is live', power: 'BTC cloud hash power · S21 miner, 360 days',
    finance: 'Steady Saver 7 days', category: 'Miner parts', goods: 'Hardware cold wallet Pro', usdt: 'Tether',
  },
  'zh-CN': {
    label: '简体中文', home: '首页', banner: '新人专享算力', notice: '平台上线公告', power: 'BTC 云算力 · S21 矿机 360 天', finance: '稳盈宝 7 天',
    category: '矿机配件', goods: '硬件冷钱包 Pro', usdt: '泰达币',
  },
};

async function chooseLanguage(page: Page, label: string): Promise<void> {
  await page.locator('button[aria-label="切换语言"], button[aria-label="切換語言"], button[aria-label="Change language"]').click();
  await page.locator(`.ant-popover button ::-p-text(${label})`).click();
}

/** Opens `path` and waits until the page shows `text`; saves a screenshot. */
async function visit(page: Page, path: string, selector: string, text: string, shot: string): Promise<void> {
  await page.goto(e2e.url(path));
  await waitForText(page, selector, text);
  await page.screenshot({ path: screenshotPath(shot) });
}

describe.each(Object.keys(LANGUAGES) as Array<keyof typeof LANGUAGES>)('content in %s', (locale) => {
  const expected = LANGUAGES[locale];

  test('products, banners, notices, the mall and coin names read in the chosen language', async () => {
    const session = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
    const page = await e2e.newPage({ session, viewport: PHONE });
    const sent: Array<{ xLocale?: string; acceptLanguage?: string }> = [];
    page.on('request', (request: HTTPRequest) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) sent.push({ xLocale: request.headers()['x-locale'], acceptLanguage: request.headers()['accept-language'] });
    });
    await page.goto(e2e.url('/'));
    await waitForText(page, '[data-testid="tab-bar"]', '首页');
    if (locale !== 'zh-CN') await chooseLanguage(page, expected.label);
    await waitForText(page, '[data-testid="tab-bar"]', expected.home);
    // from here on, every call carries the chosen language
    sent.length = 0;

    await visit(page, '/', '[data-testid="banner-caption"]', expected.banner, `content-${locale}-home.png`);
    await waitForText(page, 'body', expected.notice);
    // longer English titles stay on their one row, cut with an ellipsis, and the page never scrolls sideways
    const layout = await page.evaluate(() => ({
      rows: [...document.querySelectorAll('[data-testid="notice-row"]')].map((row) => row.getBoundingClientRect().height),
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    }));
    expect(layout.rows.length).toBeGreaterThan(0);
    for (const height of layout.rows) expect(height).toBeLessThanOrEqual(40);
    expect(layout.overflow).toBeLessThanOrEqual(0);
    await visit(page, '/calculate', 'body', expected.power, `content-${locale}-power.png`);
    await visit(page, '/calculate/coin', 'body', expected.finance, `content-${locale}-finance.png`);
    await visit(page, '/shopping', 'body', expected.category, `content-${locale}-mall.png`);
    await waitForText(page, 'body', expected.goods);
    await visit(page, '/my/assets', '[data-testid="balance-USDT"]', expected.usdt, `content-${locale}-assets.png`);

    expect(sent.length).toBeGreaterThan(0);
    // every call names the interface language, and keeps the wire's Accept-Language
    expect(new Set(sent.map((headers) => `${headers.xLocale} / ${headers.acceptLanguage}`))).toEqual(new Set([`${locale} / zh-TW`]));
  });
});
