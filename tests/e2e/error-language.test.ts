/**
 * Server errors in the interface's language at 375 px in Chromium against the real server. Every request still asks for
 * zh-TW (the spec's Accept-Language), yet a zh-CN user who types a wrong pay password reads
 * Simplified Chinese and an en-US user English: the error envelope's errKey/errParams are
 * rendered from the active locale's catalogue, and the catalogue's threshold (99 characters a toast,
 * 100 the notification: tests/e2e/errors.test.ts) counts the text shown, not the wire's.
 */
import { Wallet } from 'ethers';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { clickText } from './support/actions';
import { PHONE, useE2E } from './support/environment';
import { errorEnvelope, interceptRequests, pathIs, type FakeReply } from './support/intercept';
import { textsOf, waitForText } from './support/page';
import { screenshotPath } from './support/paths';
import { setPayPasswordViaApi, signInViaApi } from './support/siwe';

const e2e = useE2E();
const PAY_PASSWORD = '246810';
const FINANCE_ORDER = '/api/v1/web/product/finance-order/create';
const GOODS = '/api/v1/web/mall/goods';
const TOAST = '.ant-message-notice';
const NOTIFICATION = '.ant-notification-notice';
/** What the server's zh-TW texts write and Simplified Chinese never does. */
const TRADITIONAL = /支付密碼|錯誤|還可嘗試|訂單|欄位/;

/** A signed-in phone with a pay password; records the Accept-Language of every API call. */
async function signedInPhone(): Promise<{ page: Page; languages: string[] }> {
  const wallet = Wallet.createRandom();
  const session = await signInViaApi(e2e.baseUrl, wallet);
  await setPayPasswordViaApi(e2e.baseUrl, session.token, wallet, PAY_PASSWORD);
  const page = await e2e.newPage({ session, viewport: PHONE });
  const languages: string[] = [];
  page.on('request', (request: HTTPRequest) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) languages.push(request.headers()['accept-language']);
  });
  return { page, languages };
}

/** Opens the first finance product's sheet on /calculate/coin and pays with a wrong password. */
async function subscribeWithWrongPassword(page: Page, subscribe: string): Promise<void> {
  await clickText(page, 'button', subscribe);
  await page.waitForSelector('.ant-drawer-open #payPassword', { visible: true });
  await page.locator('.ant-drawer-open .ant-checkbox-wrapper').click();
  await page.type('.ant-drawer-open #payPassword', '000000');
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === FINANCE_ORDER);
  await page.$eval('.ant-drawer-open button[type="submit"]', (button) => button.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: screenshotPath(`error-language-pay-sheet-${subscribe}.png`) });
  await page.$eval('.ant-drawer-open button[type="submit"]', (button) => (button as HTMLButtonElement).click());
  expect((await answered).status()).toBe(422);
}

async function chooseLanguage(page: Page, label: string): Promise<void> {
  await page.locator('button[aria-label="切换语言"], button[aria-label="切換語言"], button[aria-label="Change language"]').click();
  await page.locator(`.ant-popover button ::-p-text(${label})`).click();
}

describe('server errors in the user’s language (the wire stays zh-TW)', () => {
  test('a zh-CN user who types a wrong pay password reads Simplified Chinese, never Traditional', async () => {
    const { page, languages } = await signedInPhone();
    await page.goto(e2e.url('/calculate/coin'));
    await waitForText(page, '[data-testid="tab-bar"]', '首页'); // the phone really is Chinese
    await subscribeWithWrongPassword(page, '立即认购');

    await waitForText(page, TOAST, '支付密码错误，还可尝试 4 次');
    const shown = await page.$eval('body', (body) => body.innerText);
    expect(shown).not.toMatch(TRADITIONAL);
    expect(languages.length).toBeGreaterThan(0);
    expect(new Set(languages)).toEqual(new Set(['zh-TW']));
  });

  test('an en-US user (chosen in the language switch) reads English', async () => {
    const { page, languages } = await signedInPhone();
    await page.goto(e2e.url('/calculate/coin'));
    await waitForText(page, '[data-testid="tab-bar"]', '首页');
    await chooseLanguage(page, 'English');
    await waitForText(page, '[data-testid="tab-bar"]', 'Home');
    expect(await page.evaluate(() => localStorage.getItem('umi_locale'))).toBe('en-US');
    await subscribeWithWrongPassword(page, 'Subscribe');

    await waitForText(page, TOAST, 'Wrong pay password, 4 tries left');
    const [toast] = await textsOf(page, TOAST);
    expect(toast).not.toMatch(/[\u3400-\u9fff]/);
    expect(new Set(languages)).toEqual(new Set(['zh-TW']));
  });
});

describe('the error catalogue’s threshold (≥ 100 characters: a notification) counts the text shown', () => {
  async function shopAnswering(reply: FakeReply): Promise<Page> {
    const page = await e2e.newPage({ viewport: PHONE });
    await interceptRequests(page, [{ match: pathIs(GOODS), reply }]);
    await page.goto(e2e.url('/shopping'));
    await waitForText(page, '[data-testid="tab-bar"]', '首页');
    return page;
  }

  test('the count is of the text shown: a keyed error of 100 characters in zh-CN is a notification', async () => {
    // the zh-TW errMessage of this key and parameter has 101 characters, the Simplified text 100
    const to = `0x${'a'.repeat(64)}`;
    const body = {
      ...errorEnvelope({ errMessage: `找不到收款人：${to}（請輸入 PowerFi 使用者的 UID 或錢包地址）`, errCode: 'BUSINESS_RULE', httpStatusCode: 422 }),
      errKey: 'transfer.unknownRecipient',
      errParams: { to },
    };
    const shownText = `找不到收款人：${to}（请输入 PowerFi 用户的 UID 或钱包地址）`;
    expect(shownText).toHaveLength(100);
    const page = await shopAnswering({ status: 422, body });
    await waitForText(page, NOTIFICATION, shownText);
    expect(await page.$(TOAST)).toBeNull();
    // at the bottom of the phone's screen too
    const box = (await (await page.$(NOTIFICATION))!.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(PHONE.height - 200);
    expect(await page.$eval('body', (el) => el.innerText)).not.toMatch(/請輸入|使用者|錢包/);
  });
});
