/**
 * Defects met by a phone user (375 px, zh-CN), in Chromium against the real server on a
 * fresh SQLite database:
 *   1. a sign-out (or a refused session) sticks in every tab: no automatic sign-in afterwards;
 *   7. amount and count fields keep what was typed and refuse what is not allowed, with a message;
 *   8. the back button closes an open bottom sheet instead of leaving the page;
 *   9. the transfer page checks the recipient as it is typed and shows their masked address;
 *  10. /calculate/exchange: 最大 with a balance below the minimum says so instead of filling it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { clickText, fill } from './support/actions';
import { PHONE, useE2E, type Session } from './support/environment';
import { fundedUser } from './support/fundedUser';
import { opsOn } from './support/ops';
import { currentPath, sleep, textsOf, waitForPath, waitForText } from './support/page';
import { revokeToken, signInViaApi } from './support/siwe';
import { screenshotPath } from './support/paths';
import { installWallet, TEST_WALLET_INFO } from './support/wallet';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-phone-')), 'phone.sqlite');
const e2e = useE2E({ SQLITE_PATH: sqlitePath });
const ops = opsOn(sqlitePath);
const PAY_PASSWORD = '246810';
const CONNECT_BUTTON = `button[aria-label="连接 ${TEST_WALLET_INFO.name}"]`;
const SHEET = '.ant-drawer-open';

let session: Session;
beforeAll(async () => {
  session = await fundedUser(e2e.baseUrl, ops, { payPassword: PAY_PASSWORD, usdt: '1000' });
});

/** The visible text of the error under the form field holding `selector`. */
function fieldError(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (input) => (input.closest('.ant-form-item')?.querySelector('.ant-form-item-explain') as HTMLElement | null)?.innerText ?? '');
}

async function waitForFieldError(page: Page, selector: string, text: string): Promise<void> {
  await page
    .waitForFunction(
      (sel, wanted) => {
        const input = document.querySelector(sel);
        const explain = input?.closest('.ant-form-item')?.querySelector('.ant-form-item-explain') as HTMLElement | null;
        return !!explain && explain.innerText.includes(wanted);
      },
      { timeout: 20_000 },
      selector,
      text,
    )
    .catch(async () => {
      throw new Error(`expected "${text}" under ${selector}; found "${await fieldError(page, selector)}" at ${currentPath(page)}`);
    });
}

const valueOf = (page: Page, selector: string) => page.$eval(selector, (input) => (input as HTMLInputElement).value);

/** Replaces what the field holds by typing `text` as a person would. */
async function retype(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).click();
  await page.$eval(selector, (input) => (input as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  await page.type(selector, text);
}

async function authorise(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { ethereum: { request: (a: { method: string }) => Promise<unknown> } }).ethereum.request({ method: 'eth_requestAccounts' }));
}

/** Clicks the button showing `text` once it is enabled (the exchange button waits for the coins). */
async function clickEnabledButton(page: Page, text: string): Promise<void> {
  const handle = await page.waitForFunction(
    (label) =>
      Array.from(document.querySelectorAll<HTMLButtonElement>('button')).find(
        (button) => button.innerText.replace(/\s/g, '') === label && !button.disabled && button.offsetParent !== null,
      ),
    { timeout: 20_000 },
    text,
  );
  await (handle.asElement() as import('puppeteer-core').ElementHandle<HTMLElement>).evaluate((button) => button.click());
}

const storedToken = (page: Page) => page.evaluate(() => ({ session: sessionStorage.getItem('token'), local: localStorage.getItem('token') }));

test('1. a sign-out sticks in every tab, and a refused session is not signed in again silently', async () => {
  const wallet = Wallet.createRandom();
  const context = await e2e.newContext();
  const tabA = await e2e.newPage({ context, viewport: PHONE });
  const signerA = await installWallet(tabA, wallet);
  await tabA.goto(e2e.url('/login?redirect=%2Fmy'));
  await tabA.locator(CONNECT_BUTTON).click();
  await waitForPath(tabA, '/my');
  expect(signerA.signed).toHaveLength(1);

  // a second tab whose wallet has authorised the site: auto-login would be able to sign
  const tabB = await e2e.newPage({ context, viewport: PHONE });
  const signerB = await installWallet(tabB, wallet);
  await tabB.goto(e2e.url('/my'));
  await waitForText(tabB, 'body', 'UID');
  await authorise(tabB);

  // sign out in tab A: tab B is signed out too and does not sign straight back in
  await tabA.bringToFront();
  await tabA.goto(e2e.url('/my/setting'));
  await clickText(tabA, 'button', '退出登录');
  await waitForText(tabA, '.ant-popconfirm', '确定退出登录吗');
  await tabA.locator('.ant-popconfirm .ant-btn-primary').click();
  await waitForPath(tabA, '/login');
  await waitForPath(tabB, `/login?redirect=${encodeURIComponent('/my')}`);
  await sleep(3000);
  expect(signerB.signed).toHaveLength(0);
  expect(await storedToken(tabB)).toEqual({ session: null, local: null });
  // the user switches to tab B: still signed out (and a background tab gives Chromium no frame to
  // capture, so its screenshot can wait forever)
  await tabB.bringToFront();
  await waitForText(tabB, 'body', '连接钱包');
  expect(signerB.signed).toHaveLength(0);
  await tabB.screenshot({ path: screenshotPath('issue15-d1-tab-b-after-signout.png') });

  // … nor after a reload, nor in a new tab of the same browser
  await tabB.reload();
  await tabB.waitForSelector(CONNECT_BUTTON);
  const tabC = await e2e.newPage({ context, viewport: PHONE });
  const signerC = await installWallet(tabC, wallet);
  await tabC.goto(e2e.url('/login'));
  await tabC.waitForSelector(CONNECT_BUTTON);
  await authorise(tabC);
  await tabC.goto(e2e.url('/my'));
  await waitForPath(tabC, `/login?redirect=${encodeURIComponent('/my')}`);
  await sleep(3000);
  expect([signerB.signed.length, signerC.signed.length]).toEqual([0, 0]);

  // the user signs in again by choice in tab B; a fourth tab has the session and an authorised wallet
  await tabB.bringToFront();
  await tabB.locator(CONNECT_BUTTON).click();
  await waitForPath(tabB, '/my');
  expect(signerB.signed).toHaveLength(1);
  const token = (await storedToken(tabB)).local!;
  const tabD = await e2e.newPage({ context, viewport: PHONE });
  const signerD = await installWallet(tabD, wallet);
  await tabD.goto(e2e.url('/my/assets?currency=USDT'));
  await waitForPath(tabD, '/my/assets?currency=USDT');
  await authorise(tabD);

  // the session is refused (revoked elsewhere): tab D lands on /login and stays signed out
  await revokeToken(e2e.baseUrl, token);
  await tabD.reload();
  await waitForPath(tabD, `/login?redirect=${encodeURIComponent('/my/assets?currency=USDT')}`);
  await sleep(3000);
  expect(signerD.signed).toHaveLength(0);
  expect(currentPath(tabD)).toBe(`/login?redirect=${encodeURIComponent('/my/assets?currency=USDT')}`);
  await waitForText(tabD, 'body', '连接钱包');
}, 240_000);

test('7. amount and count fields keep what was typed and refuse what is not allowed, with a message', async () => {
  const page = await e2e.newPage({ session, viewport: PHONE });
  await page.goto(e2e.url('/my/transfer'));
  await page.waitForSelector('#amount');
  for (const [typed, message] of [
    ['1e5', '请输入正确的数字'],
    ['-1', '请输入正确的数字'],
    ['1,5', '请输入正确的数字'],
  ]) {
    await retype(page, '#amount', typed);
    await waitForFieldError(page, '#amount', message);
    expect(await valueOf(page, '#amount')).toBe(typed);
  }
  await page.screenshot({ path: screenshotPath('issue15-d7-transfer.png') });

  // 1.5 TH/s stays 1.5 (refused, not rounded to 2), before and after the focus leaves; the total does not jump
  await page.goto(e2e.url('/calculate'));
  await clickText(page, 'button', '立即购买');
  await page.waitForSelector(`${SHEET} #units`, { visible: true });
  await retype(page, `${SHEET} #units`, '1.5');
  await waitForFieldError(page, `${SHEET} #units`, '请输入整数');
  const totalWhileTyping = await textsOf(page, `${SHEET} .ant-descriptions-item`);
  await page.click(`${SHEET} .ant-drawer-title`);
  await sleep(500);
  expect(await valueOf(page, `${SHEET} #units`)).toBe('1.5');
  expect(await fieldError(page, `${SHEET} #units`)).toContain('请输入整数');
  expect(await textsOf(page, `${SHEET} .ant-descriptions-item`)).toEqual(totalWhileTyping);
  await page.screenshot({ path: screenshotPath('issue15-d7-power.png') });

  // a whole number is taken as typed and the total follows it
  await retype(page, `${SHEET} #units`, '3');
  await page.waitForFunction((sel) => !document.querySelector(sel)?.closest('.ant-form-item')?.querySelector('.ant-form-item-explain'), {}, `${SHEET} #units`);
  expect(await valueOf(page, `${SHEET} #units`)).toBe('3');
});

test('8. the back button closes an open bottom sheet and stays on the page', async () => {
  const page = await e2e.newPage({ session, viewport: PHONE });
  await page.goto(e2e.url('/calculate'));
  await waitForText(page, 'button', '立即购买');
  await page.goto(e2e.url('/calculate/exchange'));
  await clickEnabledButton(page, '兑换为USDT');
  await page.waitForSelector(SHEET, { visible: true });
  await page.screenshot({ path: screenshotPath('issue15-d8-sheet-open.png') });

  await page.goBack();
  await page.waitForFunction((sel) => !document.querySelector(sel), { timeout: 20_000 }, SHEET);
  expect(currentPath(page)).toBe('/calculate/exchange');
  await sleep(500);
  expect(currentPath(page)).toBe('/calculate/exchange');

  // closed with its own button, the sheet takes its history entry along: back then leaves the page
  await clickEnabledButton(page, '兑换为USDT');
  await page.waitForSelector(SHEET, { visible: true });
  await page.locator(`${SHEET} .ant-drawer-close`).click();
  await page.waitForFunction((sel) => !document.querySelector(sel), { timeout: 20_000 }, SHEET);
  await sleep(500);
  expect(currentPath(page)).toBe('/calculate/exchange');
  await page.goBack();
  await waitForPath(page, '/calculate');
});

test('9. the transfer page checks the recipient as it is typed and shows their masked address', async () => {
  const recipient = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
  const { uid, address } = recipient.user as { uid: string; address: string };
  const masked = `${address.slice(0, 4)}…${address.slice(-4)}`;
  const page = await e2e.newPage({ session, viewport: PHONE });
  await page.goto(e2e.url('/my/transfer'));
  await page.waitForSelector('#to');

  // an unknown UID is refused while typing, before any amount or pay password
  await fill(page, '#to', '99999999');
  await waitForFieldError(page, '#to', '找不到该收款人');
  await page.screenshot({ path: screenshotPath('issue15-d9-unknown.png') });

  // a known one: the masked address under the field, then in the confirmation sheet
  await retype(page, '#to', uid);
  await waitForText(page, '[data-testid="transfer-recipient"]', `收款人地址 ${masked}`);
  expect(await fieldError(page, '#to')).toBe('');
  expect(await page.$eval('body', (body) => (body as HTMLElement).innerText)).not.toContain(address);
  await page.screenshot({ path: screenshotPath('issue15-d9-found.png') });
  await fill(page, '#amount', '12');
  await clickText(page, 'button', '下一步');
  await waitForText(page, `${SHEET} [data-testid="transfer-summary"]`, `收款人地址\t${masked}`);
  await page.screenshot({ path: screenshotPath('issue15-d9-confirm.png') });
});

test('10. /calculate/exchange: with a balance below the minimum, 最大 says so instead of filling a refused amount', async () => {
  const page = await e2e.newPage({ session, viewport: PHONE });
  await page.goto(e2e.url('/calculate/exchange'));
  await clickEnabledButton(page, '兑换为USDT');
  await page.waitForSelector(`${SHEET} #amount`, { visible: true });
  await waitForText(page, SHEET, '低于最小兑换数量');
  const max = await page.$$eval(`${SHEET} button`, (buttons) =>
    buttons.filter((button) => (button as HTMLElement).innerText.replace(/\s/g, '') === '最大').map((button) => (button as HTMLButtonElement).disabled),
  );
  expect(max).toEqual([true]);
  // nothing is filled and no limit error is shown
  expect(await valueOf(page, `${SHEET} #amount`)).toBe('');
  expect(await fieldError(page, `${SHEET} #amount`)).toBe('');
  await page.screenshot({ path: screenshotPath('issue15-d10-exchange.png') });
});
