/**
 * Defects of the first phone walk-through as a Chinese phone user meets them (375 px, zh-CN), in
 * Chromium against the real server: QR codes, the records and deposit pages, touch targets and the
 * smaller ones. Measured in the page (getBoundingClientRect, scrollWidth, canvas pixels).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { webApi, type WebCall } from './support/api';
import { PHONE, useE2E, type Session } from './support/environment';
import { opsOn } from './support/ops';
import { screenshotPath } from './support/paths';
import { waitForText } from './support/page';
import { setPayPasswordViaApi, signInViaApi } from './support/siwe';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-phone-')), 'phone.sqlite');
const e2e = useE2E({ SQLITE_PATH: sqlitePath });
const ops = opsOn(sqlitePath);
const PAY_PASSWORD = '135790';
const TX_HASH = `0x${'ab'.repeat(32)}`;

let session: Session;
const api = <T>(path: string, call?: WebCall) => webApi<T>(e2e.baseUrl, session.token, path, call);

beforeAll(async () => {
  const wallet = Wallet.createRandom();
  session = await signInViaApi(e2e.baseUrl, wallet);
  await setPayPasswordViaApi(e2e.baseUrl, session.token, wallet, PAY_PASSWORD);
  const { uid } = session.user as { uid: string };
  ops('deposit:credit', '--uid', uid, '--currency', 'USDT', '--amount', '5000', '--network', 'ERC20', '--tx', TX_HASH, '--operator', 'e2e');
  const finance = await api<{ list: Array<{ id: string }> }>('/product/finance');
  await api('/product/finance-order/create', {
    method: 'POST',
    body: { productId: finance.list[0].id, amount: '100', payPassword: PAY_PASSWORD },
    headers: { 'Idempotency-Key': 'e2e-phone-finance-1' },
  });
  await api<{ id: string }>('/user/address/create', {
    method: 'POST',
    body: { receiver: '张三', phone: '13800138000', region: { province: '广东省', city: '深圳市', district: '南山区' }, detail: '科技园南区 1 栋', isDefault: true },
    headers: { 'Idempotency-Key': 'e2e-phone-address-1' },
  });
});

/** A phone page signed in as the test user; `dark` picks the dark theme (kept in localStorage). */
async function phonePage({ signedIn = true, dark = false } = {}): Promise<Page> {
  const page = await e2e.newPage({ viewport: PHONE, ...(signedIn ? { session } : {}) });
  if (dark) await page.evaluateOnNewDocument(() => localStorage.setItem('theme', 'dark'));
  return page;
}

interface QrReading {
  /** the code's top-left corner (a finder pattern's dark module): 0 black … 255 white */
  cornerLuminance: number;
  /** the ground between the finder pattern's rings (one module in) */
  ringLuminance: number;
  /** the quiet zone: light ground around the code, in modules (the smallest side) */
  quietModules: number;
  groundColour: string;
}

/** Reads the QR canvas inside `selector`: colours of its modules and the light margin around it. */
function readQr(page: Page, selector: string): Promise<QrReading> {
  return page.$eval(selector, (root) => {
    const canvas = root.querySelector('canvas')!;
    const context = canvas.getContext('2d')!;
    const { data, width } = context.getImageData(0, 0, canvas.width, canvas.height);
    const luminance = (x: number, y: number) => {
      const i = (y * width + x) * 4;
      return 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
    };
    // the finder pattern is 7 modules wide: the dark run along the top row gives the module size
    const corner = luminance(0, 0);
    let run = 0;
    while (run < width && Math.abs(luminance(run, 0) - corner) < 64) run += 1;
    const modulePx = run / 7;
    const rect = canvas.getBoundingClientRect();
    const moduleCss = (modulePx * rect.width) / canvas.width;
    // the light ground around the code: the outermost of its ancestors that paint white, up to
    // the first one that paints another colour (a dark card)
    const WHITE = 'rgb(255, 255, 255)';
    let ground: HTMLElement | null = null;
    for (let el = canvas.parentElement; el; el = el.parentElement) {
      const colour = getComputedStyle(el).backgroundColor;
      if (colour === WHITE) ground = el;
      else if (colour !== 'rgba(0, 0, 0, 0)') break;
    }
    if (!ground) return { cornerLuminance: luminance(0, 0), ringLuminance: -1, quietModules: 0, groundColour: 'none' };
    const outer = ground.getBoundingClientRect();
    const margin = Math.min(rect.left - outer.left, outer.right - rect.right, rect.top - outer.top, outer.bottom - rect.bottom);
    const ring = Math.round(modulePx * 1.5);
    return {
      cornerLuminance: corner,
      ringLuminance: luminance(ring, ring),
      quietModules: margin / moduleCss,
      groundColour: getComputedStyle(ground).backgroundColor,
    };
  });
}

describe('2. QR codes', () => {
  test.each([
    ['/my/invite', '.ant-card:has(canvas)'],
    ['/my/deposit', '.ant-card:has(canvas)'],
  ])('%s: dark modules on a white ground with a quiet zone of 4 modules, in the light and the dark theme', async (path, selector) => {
    for (const dark of [false, true]) {
      const page = await phonePage({ dark });
      await page.goto(e2e.url(path));
      await page.waitForSelector(`${selector} canvas`, { visible: true });
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(dark ? 'dark' : 'light');
      const qr = await readQr(page, selector);
      expect({ path, dark, corner: qr.cornerLuminance < 64, ring: qr.ringLuminance > 192, ground: qr.groundColour }).toEqual({
        path,
        dark,
        corner: true,
        ring: true,
        ground: 'rgb(255, 255, 255)',
      });
      expect(qr.quietModules).toBeGreaterThanOrEqual(4);
      await page.close();
    }
  });
});

describe('4. /my/records at 375 px', () => {
  test('a deposit row keeps its amount on one line beside the 66-character tx hash, and a finance subscription is one row', async () => {
    const page = await phonePage();
    await page.goto(e2e.url('/my/records'));
    await waitForText(page, '[data-testid="ledger-entry"]', '充值');
    await waitForText(page, '[data-testid="ledger-entry"]', '理财申购');
    const rows = await page.$$eval('[data-testid="ledger-entry"]', (entries) =>
      entries.map((entry) => {
        const amount = Array.from(entry.querySelectorAll<HTMLElement>('.ant-typography')).find((el) => /^[+-][\d,.]+ USDT$/.test(el.innerText))!;
        const lineHeight = parseFloat(getComputedStyle(amount).lineHeight);
        return {
          text: (entry as HTMLElement).innerText,
          amount: amount.innerText,
          oneLine: amount.getClientRects().length === 1 && amount.getBoundingClientRect().height <= lineHeight * 1.5,
          insideRow: amount.getBoundingClientRect().right <= entry.getBoundingClientRect().right + 0.5,
        };
      }),
    );
    const deposit = rows.find((row) => row.text.includes('充值'))!;
    expect(deposit).toMatchObject({ amount: '+5,000 USDT', oneLine: true, insideRow: true });
    expect(rows.every((row) => row.oneLine && row.insideRow)).toBe(true);
    const subscriptions = rows.filter((row) => row.text.includes('理财申购'));
    expect(subscriptions.map((row) => row.amount)).toEqual(['-100 USDT']);
  });
});

describe('5. /my/deposit at 375 px', () => {
  test('the network choices show their whole labels and the address box shows the whole address inside the card', async () => {
    const page = await phonePage();
    await page.goto(e2e.url('/my/deposit'));
    await page.waitForSelector('.ant-card canvas', { visible: true });
    const seen = await page.$eval('.ant-card:has(canvas)', (card) => {
      const cardRect = card.getBoundingClientRect();
      const cut = (el: Element) => el.scrollWidth > el.clientWidth + 0.5;
      const choices = Array.from(card.querySelectorAll<HTMLElement>('button, .ant-segmented-item'))
        .filter((el) => /^[A-Z]+ · [A-Z0-9]+$/.test(el.innerText.trim()))
        .map((el) => ({ label: el.innerText.trim(), cut: cut(el) || Array.from(el.querySelectorAll('*')).some(cut) }));
      // the innermost element holding the whole address (its halves sit in spans of their own)
      const holders = Array.from(card.querySelectorAll<HTMLElement>('*')).filter((el) => /^0x[0-9a-fA-F]{40}$/.test(el.textContent ?? ''));
      const address = holders.find((el) => !Array.from(el.children).some((child) => holders.includes(child as HTMLElement)))!;
      // the address and its box (up to the typography element that holds it)
      const boxes: Element[] = [];
      for (let el: Element | null = address; el && el !== card; el = el.parentElement) {
        boxes.push(el);
        if (el.classList.contains('ant-typography')) break;
      }
      const body = card.querySelector('.ant-card-body')!;
      const padding = parseFloat(getComputedStyle(body).paddingRight);
      const addressRect = address.getBoundingClientRect();
      const textRange = document.createRange();
      textRange.selectNodeContents(address);
      const textRect = textRange.getBoundingClientRect();
      return {
        choices,
        addressClipped: boxes.filter(cut).map((el) => `${el.tagName} ${el.className} ${el.scrollWidth}>${el.clientWidth}`),
        addressInsideCard:
          addressRect.left >= cardRect.left + padding - 0.5 &&
          addressRect.right <= cardRect.right - padding + 0.5 &&
          textRect.right <= addressRect.right + 0.5 &&
          textRect.left >= addressRect.left - 0.5,
      };
    });
    expect(seen.choices.length).toBeGreaterThanOrEqual(3);
    expect(seen.choices.filter((choice) => choice.cut)).toEqual([]);
    expect(seen).toMatchObject({ addressClipped: [], addressInsideCard: true });
  });
});

interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible control whose hit area (its box, or a transparent pseudo-element enlarging it) is
 * under 44 × 44 px; and every visible field a finger taps to type or choose (text inputs, selects,
 * date pickers: the field's box around its input) under 44 px tall.
 */
function smallTouchTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(() => {
    const controls = Array.from(document.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="switch"]'))
      // the carousel's page dots: the banner itself is the link and is swiped; its dots are not targets
      .filter((el) => !el.closest('.pf-carousel-dots'));
    const small: Array<{ what: string; width: number; height: number }> = [];
    for (const el of controls) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      let width = rect.width;
      let height = rect.height;
      for (const pseudo of ['::before', '::after']) {
        const style = getComputedStyle(el, pseudo);
        if (style.content === 'none' || style.display === 'none' || style.position !== 'absolute') continue;
        width = Math.max(width, parseFloat(style.width) || 0, parseFloat(style.minWidth) || 0);
        height = Math.max(height, parseFloat(style.height) || 0, parseFloat(style.minHeight) || 0);
      }
      if (width < 44 || height < 44) {
        const label = el.getAttribute('aria-label') || el.innerText.trim().slice(0, 20) || el.className.toString().slice(0, 40);
        small.push({ what: `${el.tagName.toLowerCase()} "${label}"`, width: Math.round(width), height: Math.round(height) });
      }
    }
    // fields: the box drawn around the input (affix wrapper, select, picker, number field) is what a finger aims at
    const inputs = Array.from(document.querySelectorAll<HTMLElement>('input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), textarea'));
    const fields = new Set(inputs.map((input) => input.closest<HTMLElement>('.ant-select, .ant-picker, .ant-input-number, .ant-input-affix-wrapper') ?? input));
    for (const field of fields) {
      const rect = field.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(field).visibility === 'hidden') continue;
      if (rect.height < 44) {
        const input = field.matches('input, textarea') ? field : field.querySelector('input, textarea');
        const label = input?.getAttribute('aria-label') || input?.id || input?.getAttribute('placeholder') || field.className.toString().slice(0, 40);
        small.push({ what: `field "${label}"`, width: Math.round(rect.width), height: Math.round(rect.height) });
      }
    }
    return small;
  });
}

describe('6. touch targets at 375 px', () => {
  test.each([
    ['/', false, '首页'],
    ['/my', true, '邀请码'],
    ['/my/records', true, '充值'],
    ['/my/deposit', true, '充值记录'],
    ['/my/invite', true, '复制'],
    ['/my/address', true, '张三'],
    // pages with fields: search, amount, recipient, selects, date range, address form, pay password
    ['/shopping', false, '全部'],
    ['/my/transfer', true, '收款人'],
    ['/my/address/add', true, '收货人'],
    ['/calculate/unknown', false, '以下数据均为预估值'],
    ['/my/setting/pay-pass', true, '新支付密码'],
  ])('%s (signed in: %s): every control has a hit area of at least 44 × 44 px, every field is 44 px tall', async (path, signedIn, shown) => {
    const page = await phonePage({ signedIn });
    await page.goto(e2e.url(path));
    await waitForText(page, 'body', shown);
    if (!signedIn) await page.waitForSelector('header a[href^="/login"]', { visible: true });
    // the check measures real fields: the page shows at least one wherever the table promises one
    if (['/shopping', '/my/transfer', '/my/address/add', '/calculate/unknown', '/my/records'].includes(path)) {
      await page.waitForSelector('input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"])', { visible: true });
    }
    // the pay password is typed on the app's own keypad (its keys are among the controls measured)
    if (path === '/my/setting/pay-pass') await page.waitForSelector('[data-testid="pay-keypad"] button', { visible: true });
    expect(await smallTouchTargets(page)).toEqual([]);
    // the enlarged hit areas never make the page pan sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

describe('11. smaller defects', () => {
  test('/my: the avatar keeps its 56 px circle', async () => {
    const page = await phonePage();
    await page.goto(e2e.url('/my'));
    await waitForText(page, 'body', '邀请码');
    const avatar = await page.$eval('.ant-card .ant-avatar', (el) => el.getBoundingClientRect().toJSON() as DOMRect);
    expect({ width: Math.round(avatar.width), height: Math.round(avatar.height) }).toEqual({ width: 56, height: 56 });
  });

  test('home: the carousel dots do not cover the banner caption', async () => {
    const page = await phonePage({ signedIn: false });
    await page.goto(e2e.url('/'));
    await page.waitForSelector('[data-slide="0"] h4', { visible: true });
    const overlap = await page.evaluate(() => {
      const caption = document.querySelector('[data-slide="0"] h4')!.getBoundingClientRect();
      // the dots as drawn (3 px bars), not their buttons' transparent padding
      const bars = Array.from(document.querySelectorAll('.pf-carousel-dots span')).map((bar) => bar.getBoundingClientRect());
      return bars.length === 0 || bars.some((dot) => caption.bottom > dot.top && caption.top < dot.bottom);
    });
    expect(overlap).toBe(false);
  });

  test('home: the banners are one scroll-snap row, swiped by a finger and moved by their dots', async () => {
    const page = await phonePage({ signedIn: false });
    // no timer moving the banners under the test's finger (its rules are unit-tested)
    await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    await page.goto(e2e.url('/'));
    const track = '[data-testid="carousel-track"]';
    await page.waitForSelector(`${track} [data-slide="1"]`);
    const frameBefore = await page.$eval(track, (el) => el.getBoundingClientRect().toJSON() as DOMRect);
    // each banner once: no copies for an endless loop, every link one a screen reader announces
    const slides = await page.$$eval(`${track} > [data-slide]`, (els) => els.map((el) => el.getAttribute('aria-label')));
    expect(slides.length).toBeGreaterThan(1);
    expect(slides).toEqual(slides.map((_, index) => `第 ${index + 1} 张，共 ${slides.length} 张`));
    expect(await page.$$('.slick-slide')).toHaveLength(0);
    const current = () => page.$$eval('.pf-carousel-dots button', (dots) => dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true'));
    expect(await current()).toBe(0);

    // a finger swipes from right to left, 60 % of the width: the next banner snaps into place
    const y = frameBefore.y + frameBefore.height / 2;
    const finger = await page.touchscreen.touchStart(frameBefore.x + frameBefore.width * 0.8, y);
    for (let step = 1; step <= 10; step += 1) await finger.move(frameBefore.x + frameBefore.width * (0.8 - 0.06 * step), y);
    await finger.end();
    await page.waitForFunction((sel) => {
      const el = document.querySelector(sel)!;
      return Math.abs(el.scrollLeft - el.clientWidth) < 2;
    }, { timeout: 5_000 }, track);
    await page.waitForFunction(() => document.querySelectorAll('.pf-carousel-dots button')[1]?.getAttribute('aria-current') === 'true', { timeout: 5_000 });
    await page.screenshot({ path: screenshotPath('issue15-home-banner-swiped.png') });

    // a dot shows its banner
    await page.click('.pf-carousel-dots button:first-child');
    await page.waitForFunction((sel) => document.querySelector(sel)!.scrollLeft < 2, { timeout: 5_000 }, track);
    await page.waitForFunction(() => document.querySelector('.pf-carousel-dots button')?.getAttribute('aria-current') === 'true', { timeout: 5_000 });
    // the frame did not move or change size on the way
    expect(await page.$eval(track, (el) => el.getBoundingClientRect().toJSON() as DOMRect)).toEqual(frameBefore);
  });

  test('the goods placeholder pictures carry no words to cut: the name is text beside them', async () => {
    const page = await phonePage({ signedIn: false });
    await page.goto(e2e.url('/shopping'));
    await waitForText(page, 'body', '磁吸无线充电宝');
    const pictures = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('img[src^="data:image/svg"]')).map((img) => decodeURIComponent(img.src.slice(img.src.indexOf(',') + 1))),
    );
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.filter((svg) => svg.includes('<text'))).toEqual([]);
  });

  test('USDT estimates and totals show at most 2 decimals; exact balances stay exact', async () => {
    const page = await phonePage();
    await page.goto(e2e.url('/calculate/assets'));
    await waitForText(page, 'body', '到期预估收益');
    const estimate = await page.evaluate(() => {
      const label = Array.from(document.querySelectorAll<HTMLElement>('dt')).find((el) => el.innerText.includes('到期预估收益'))!;
      return (label.nextElementSibling as HTMLElement).innerText;
    });
    expect(estimate).toMatch(/^\d+(\.\d{1,2})? USDT$/);
    await page.goto(e2e.url('/my'));
    await waitForText(page, '.ant-statistic', 'USDT');
    const [total] = await page.$$eval('.ant-statistic-content', (els) => els.map((el) => (el as HTMLElement).innerText.replace(/\s+/g, '')));
    // 4 900 available and 100 locked in the finance order
    expect(total).toBe('5,000.00USDT');
  });

  test('/my/assets prints a currency without its own symbol once ("FIL", not "FIL FIL")', async () => {
    const page = await phonePage();
    await page.goto(e2e.url('/my/assets'));
    await page.waitForSelector('[data-testid="balance-FIL"]');
    const titles = await page.$$eval('[data-testid^="balance-"] .ant-list-item-meta-title', (els) => els.map((el) => (el as HTMLElement).innerText));
    expect(titles).toContain('FIL');
    expect(titles).toContain('USDT');
    expect(titles.filter((title) => /^(\S+) \1$/.test(title))).toEqual([]);
  });

  test('/favicon.ico is a real icon', async () => {
    const response = await fetch(e2e.url('/favicon.ico'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\//);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // an ICO file starts with reserved 0, type 1 (icon)
    expect(Array.from(bytes.slice(0, 4))).toEqual([0, 0, 1, 0]);
  });

  test('/shopping/order/9 (no such list or order) shows a not-found state, not the whole order list', async () => {
    const page = await phonePage();
    await page.goto(e2e.url('/shopping/order/9'));
    await waitForText(page, 'body', '没有这个订单列表');
    expect(await page.$('.ant-tabs')).toBeNull();
    expect(await page.$('.ant-list')).toBeNull();
  });

  test('/shopping/goods/abc shows a friendly not-found, no technical error', async () => {
    const page = await phonePage();
    await page.goto(e2e.url('/shopping/goods/abc'));
    await waitForText(page, 'body', '商品不存在');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toMatch(/欄位|格式|加载失败/);
    // an id that could exist but does not: the same page
    await page.goto(e2e.url('/shopping/goods/999999'));
    await waitForText(page, 'body', '商品不存在');
  });
});
