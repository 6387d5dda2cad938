/**
 * The help centre, the invite poster, QR scanning into an address field and pull-to-refresh as a
 * phone user meets them (375 px), in Chromium against the real server, light and dark, in the
 * three languages where there is text to read.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { groupDigits } from '../../contract/rules/moneyDisplay';
import { WITHDRAW_RULES } from '../../contract/rules/withdraw';
import { clickButton } from './support/actions';
import { PHONE, useE2E, type Session } from './support/environment';
import { fundedUser } from './support/fundedUser';
import { opsOn } from './support/ops';
import { sleep, waitForText } from './support/page';
import { screenshotPath } from './support/paths';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-extras-phone-')), 'extras-phone.sqlite');
const e2e = useE2E({ SQLITE_PATH: sqlitePath });
const ops = opsOn(sqlitePath);
let session: Session;

beforeAll(async () => {
  session = await fundedUser(e2e.baseUrl, ops, { payPassword: '135790', usdt: '5000' });
});

async function phonePage({ dark = false, locale = 'zh-CN' } = {}): Promise<Page> {
  const page = await e2e.newPage({ viewport: PHONE, session });
  await page.evaluateOnNewDocument(
    (theme: string, language: string) => {
      localStorage.setItem('theme', theme);
      localStorage.setItem('umi_locale', language);
    },
    dark ? 'dark' : 'light',
    locale,
  );
  return page;
}

function heightOf(page: Page, selector: string): Promise<number[]> {
  return page.$$eval(selector, (elements) => elements.map((element) => element.getBoundingClientRect().height));
}

describe('the help centre', () => {
  test('is a finger-sized row on /my leading to the FAQ, whose fee answer shows the rule table', async () => {
    const page = await phonePage();
    await page.goto(e2e.url('/my'));
    await page.waitForSelector('[data-testid="my-help"]', { visible: true });
    expect((await heightOf(page, '[data-testid="my-help"]'))[0]).toBeGreaterThanOrEqual(44);
    await page.$eval('[data-testid="my-help"]', (row) => (row as HTMLElement).click());
    await page.waitForFunction(() => location.pathname === '/my/help');
    await waitForText(page, 'body', '手续费');
    for (const height of await heightOf(page, '.ant-collapse-header')) expect(height).toBeGreaterThanOrEqual(44);

    await page.$$eval('.ant-collapse-header', (headers) => headers.find((header) => (header as HTMLElement).innerText.includes('提现手续费是多少'))!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    for (const rule of WITHDRAW_RULES) await waitForText(page, '[data-testid="help-fees"]', `${rule.currency}（${rule.network}）：${groupDigits(rule.fee)} ${rule.currency}`);
    await waitForText(page, '[data-testid="help-contact"]', '联系客服');
    // the opened answer in view (a full-page shot puts the fixed tab bar over it)
    await page.$eval('[data-testid="help-fees"]', (section) => section.scrollIntoView());
    await sleep(500);
    await page.screenshot({ path: screenshotPath('extras-phone-help.png') });
  });

  test.each([
    ['zh-TW', '幫助中心', '手續費'],
    ['en-US', 'Help centre', 'Fees'],
  ])('reads in %s, in dark mode', async (locale, title, section) => {
    const page = await phonePage({ dark: true, locale });
    await page.goto(e2e.url('/my/help'));
    await waitForText(page, 'body', title);
    await waitForText(page, '[data-testid="help-fees"]', section);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // no page-wide horizontal scroll at 375 px
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: screenshotPath(`extras-phone-help-${locale}-dark.png`) });
  });
});

describe('the invite poster', () => {
  test('is drawn as a PNG with the QR code, shown full-screen with the long-press hint', async () => {
    const page = await phonePage({ dark: true });
    await page.goto(e2e.url('/my/invite'));
    await clickButton(page, '生成海报');
    const image = await page.waitForSelector('[data-testid="invite-poster-image"]', { visible: true, timeout: 20_000 });
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, {}, image);
    const drawn = await page.evaluate((img) => {
      const element = img as HTMLImageElement;
      const canvas = document.createElement('canvas');
      canvas.width = element.naturalWidth;
      canvas.height = element.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(element, 0, 0);
      // the QR code's square (poster.ts: 400 px wide, centred, from y = 300): dark and light modules
      const pixels = ctx.getImageData(175, 300, 400, 400).data;
      let dark = 0;
      for (let index = 0; index < pixels.length; index += 4) if (pixels[index] < 100) dark += 1;
      return { src: element.src.slice(0, 22), length: element.src.length, width: element.naturalWidth, height: element.naturalHeight, darkShare: dark / (pixels.length / 4), shownWidth: element.getBoundingClientRect().width };
    }, image);
    expect(drawn.src).toBe('data:image/png;base64,');
    expect(drawn.length).toBeGreaterThan(10_000);
    expect({ width: drawn.width, height: drawn.height }).toEqual({ width: 750, height: 1100 });
    expect(drawn.darkShare).toBeGreaterThan(0.2);
    expect(drawn.darkShare).toBeLessThan(0.8);
    expect(drawn.shownWidth).toBeGreaterThan(300);
    await waitForText(page, '[data-testid="invite-poster-hint"]', '长按保存图片');
    expect(await page.$('[data-testid="invite-poster-download"]')).toBeNull();
    await sleep(400);
    await page.screenshot({ path: screenshotPath('extras-phone-invite-poster.png') });
  });
});

describe('scanning an address', () => {
  const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

  /** A camera that films a canvas (counting its tracks stopped) and a detector that reads `value` from it. */
  async function fakeCamera(page: Page, value: string): Promise<void> {
    await page.evaluateOnNewDocument((rawValue: string) => {
      const state = { stopped: 0 };
      (window as unknown as { scanTest: typeof state }).scanTest = state;
      Object.defineProperty(window, 'BarcodeDetector', {
        configurable: true,
        value: class {
          async detect() {
            return [{ rawValue }];
          }
        },
      });
      const getUserMedia = async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 64;
        canvas.height = 64;
        canvas.getContext('2d')!.fillRect(0, 0, 64, 64);
        const stream = canvas.captureStream(5);
        for (const track of stream.getTracks()) {
          const stop = track.stop.bind(track);
          track.stop = () => {
            state.stopped += 1;
            stop();
          };
        }
        return stream;
      };
      Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    }, value);
  }

  const tracksStopped = (page: Page) => page.evaluate(() => (window as unknown as { scanTest: { stopped: number } }).scanTest.stopped);

  test('no scan button where the browser has no BarcodeDetector', async () => {
    const page = await phonePage();
    await page.evaluateOnNewDocument(() => delete (window as { BarcodeDetector?: unknown }).BarcodeDetector);
    await page.goto(e2e.url('/my/transfer'));
    await page.waitForSelector('input#to', { visible: true });
    expect(await page.$('[data-testid="transfer-to-scan"]')).toBeNull();
  });

  test('with a detector and a camera: a 44 px button, the camera in a sheet, the address filled and the camera stopped', async () => {
    const page = await phonePage();
    await fakeCamera(page, `ethereum:${ADDRESS}@1`);
    await page.goto(e2e.url('/my/transfer'));
    const button = await page.waitForSelector('[data-testid="transfer-to-scan"]', { visible: true });
    const box = await button!.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await button!.click();
    await page.waitForFunction((address: string) => (document.querySelector('input#to') as HTMLInputElement).value === address, { timeout: 10_000 }, ADDRESS);
    expect(await tracksStopped(page)).toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('extras-phone-scan-filled.png') });
  });

  test('a code that is no address is refused in Chinese, the field left alone, the camera stopped on close (dark)', async () => {
    const page = await phonePage({ dark: true });
    await fakeCamera(page, 'https://example.com/pay');
    await page.goto(e2e.url('/my/transfer'));
    await (await page.waitForSelector('[data-testid="transfer-to-scan"]', { visible: true }))!.click();
    await waitForText(page, '[data-testid="scan-refused"]', '这个二维码不是钱包地址');
    await page.waitForSelector('[data-testid="scan-video"]', { visible: true });
    expect(await tracksStopped(page)).toBe(0);
    await sleep(400);
    await page.screenshot({ path: screenshotPath('extras-phone-scan-refused-dark.png') });
    await page.click('.ant-drawer-open .ant-drawer-close');
    await page.waitForFunction(() => (window as unknown as { scanTest: { stopped: number } }).scanTest.stopped > 0, { timeout: 5_000 });
    expect(await page.$eval('input#to', (input) => (input as HTMLInputElement).value)).toBe('');
  });
});

describe('pull to refresh', () => {
  /** /my/records with its first page shown; `asked` collects every request for the list from then on */
  async function openRecords(page: Page): Promise<{ asked: string[]; list: DOMRect }> {
    const asked: string[] = [];
    page.on('request', (request: HTTPRequest) => {
      if (request.url().includes('/api/v1/web/user/wallet/details')) asked.push(request.url());
    });
    await page.goto(e2e.url('/my/records'));
    await page.waitForSelector('[data-testid="pull-to-refresh"] .ant-list-item', { visible: true, timeout: 20_000 });
    await sleep(500);
    const list = (await page.$eval('[data-testid="pull-to-refresh"]', (element) => element.getBoundingClientRect().toJSON())) as DOMRect;
    return { asked, list };
  }

  test('a finger pulling the records list down at the top asks for the list again', async () => {
    const page = await phonePage();
    const { asked, list } = await openRecords(page);
    const before = asked.length;
    expect(before).toBeGreaterThan(0);
    const x = list.x + list.width / 2;
    const y = list.y + 20;
    const finger = await page.touchscreen.touchStart(x, y);
    for (let step = 1; step <= 10; step += 1) await finger.move(x, y + step * 20);
    await waitForText(page, '[data-testid="pull-indicator"]', '释放刷新');
    await page.screenshot({ path: screenshotPath('extras-phone-pull.png') });
    await finger.end();
    const deadline = Date.now() + 10_000;
    while (asked.length === before && Date.now() < deadline) await sleep(100);
    expect(asked.length).toBeGreaterThan(before);
    expect(asked[asked.length - 1]).toContain('page=1');
    await page.waitForSelector('[data-testid="pull-indicator"][data-state="idle"]');
  });

  test('a mouse drag on a computer-sized window asks for nothing', async () => {
    const page = await e2e.newPage({ session });
    const { asked, list } = await openRecords(page);
    const before = asked.length;
    await page.mouse.move(list.x + 100, list.y + 20);
    await page.mouse.down();
    await page.mouse.move(list.x + 100, list.y + 260, { steps: 10 });
    await page.mouse.up();
    await sleep(1000);
    expect(asked.length).toBe(before);
    expect(await page.$eval('[data-testid="pull-indicator"]', (element) => element.getAttribute('data-state'))).toBe('idle');
  });
});
