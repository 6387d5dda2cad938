/**
 * The pay password as a Chinese phone user meets it (375 px, zh-CN), in Chromium against the real
 * server: a transfer is confirmed on the six boxes with the app's keypad (keys at least 44 px
 * tall, no text input for the phone's keyboard, dots and never the digits); 忘记支付密码 in the
 * sheet leads to the reset page, where the wallet signs a message naming the account and the new
 * password is typed on the keypad; back on the transfer the new password works, and /my/withdraw
 * says withdrawals are paused until 24 hours after the reset.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { clickButton, fill } from './support/actions';
import { webApi } from './support/api';
import { PHONE, useE2E, type Session } from './support/environment';
import { opsOn } from './support/ops';
import { sleep, waitForMotionToEnd, waitForPath, waitForText } from './support/page';
import { screenshotPath } from './support/paths';
import { setPayPasswordViaApi, signInViaApi } from './support/siwe';
import { installWallet } from './support/wallet';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-pay-password-phone-')), 'pay-password.sqlite');
const e2e = useE2E({ SQLITE_PATH: sqlitePath });
const ops = opsOn(sqlitePath);
jest.setTimeout(180_000);

const OLD_PASSWORD = '246810';
const NEW_PASSWORD = '135790';
const SHEET = '.ant-drawer-open';
const TOAST = '.ant-message-notice';

let wallet: Wallet;
let session: Session;
let recipientUid = '';

beforeAll(async () => {
  wallet = Wallet.createRandom() as unknown as Wallet;
  session = await signInViaApi(e2e.baseUrl, wallet);
  await setPayPasswordViaApi(e2e.baseUrl, session.token, wallet, OLD_PASSWORD);
  ops('deposit:credit', '--uid', (session.user as { uid: string }).uid, '--currency', 'USDT', '--amount', '500', '--network', 'ERC20', '--tx', `0x${'a7'.repeat(32)}`, '--operator', 'e2e');
  recipientUid = ((await signInViaApi(e2e.baseUrl, Wallet.createRandom())).user as { uid: string }).uid;
});

/** Goes to `path` once a closing sheet has taken its history entry off (its history.go would abort the load). */
async function goto(page: Page, path: string): Promise<void> {
  await page.waitForFunction((sheet) => !document.querySelector(sheet), {}, SHEET);
  await sleep(300);
  await page.goto(e2e.url(path));
}

/** /my/transfer filled in and 下一步: the confirmation sheet with its boxes */
async function openTransferSheet(page: Page): Promise<void> {
  await goto(page, '/my/transfer');
  await fill(page, 'input#to', recipientUid);
  await fill(page, 'input#amount', '10');
  await clickButton(page, '下一步');
  await waitForText(page, '[data-testid="transfer-summary"]', '10 USDT');
  await page.waitForSelector(`${SHEET} [data-testid="pay-keypad"]`, { visible: true });
  await waitForMotionToEnd(page, SHEET); // the sheet has slid in
}

/** taps the keypad's keys under `scope` as a finger does */
async function tapDigits(page: Page, scope: string, digits: string): Promise<void> {
  for (const digit of digits) {
    const key = await page.waitForFunction(
      (sel, text) => Array.from(document.querySelectorAll<HTMLButtonElement>(`${sel} [data-testid="pay-keypad"] button`)).find((button) => button.textContent === text),
      {},
      scope,
      digit,
    );
    await (key.asElement() as import('puppeteer-core').ElementHandle<HTMLButtonElement>).tap();
  }
}

const transferCount = async () => (await webApi<{ total: number }>(e2e.baseUrl, session.token, '/account/transfer')).total;

test('a transfer confirmed on the keypad; 忘记支付密码 resets it with the wallet; withdrawals then wait 24 hours', async () => {
  const page = await e2e.newPage({ session, viewport: PHONE });
  // a phone's touch screen: the keys are tapped, not clicked
  await page.setViewport({ ...PHONE, hasTouch: true, isMobile: true });
  const inPage = await installWallet(page, wallet);
  const before = await transferCount();

  await openTransferSheet(page);
  // no text input in the sheet: the phone's keyboard never opens
  expect(await page.$$eval(`${SHEET} input, ${SHEET} textarea`, (fields) => fields.length)).toBe(0);
  const keys = await page.$$eval(`${SHEET} [data-testid="pay-keypad"] button`, (buttons) =>
    buttons.map((button) => ({ text: button.getAttribute('aria-label') ?? button.textContent, height: button.getBoundingClientRect().height, width: button.getBoundingClientRect().width })),
  );
  expect(keys.map((key) => key.text)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '删除']);
  for (const key of keys) {
    expect(key.height).toBeGreaterThanOrEqual(44);
    expect(key.width).toBeGreaterThanOrEqual(44);
  }
  // the whole keypad fits the 375 px screen
  const keypad = (await (await page.$(`${SHEET} [data-testid="pay-keypad"]`))!.boundingBox())!;
  expect(keypad.x).toBeGreaterThanOrEqual(0);
  expect(keypad.x + keypad.width).toBeLessThanOrEqual(PHONE.width);

  await tapDigits(page, SHEET, OLD_PASSWORD);
  const group = `${SHEET} [data-pay-password]`;
  expect(await page.$eval(group, (element) => element.getAttribute('data-entered'))).toBe('6');
  expect(await page.$$eval(`${group} .pay-password-dot`, (dots) => dots.length)).toBe(6);
  expect(await page.evaluate(() => document.body.innerHTML)).not.toContain(OLD_PASSWORD);
  await page.screenshot({ path: screenshotPath('pay-password-phone-keypad.png') });
  await clickButton(page, '确定', SHEET);
  await waitForText(page, '[data-testid="transfer-done"]', `已向 UID ${recipientUid} 转账 10 USDT`);
  expect(await transferCount()).toBe(before + 1);

  // 忘记支付密码 in the sheet, to the reset page and back
  await openTransferSheet(page);
  await (await page.waitForSelector(`${SHEET} [data-testid="forgot-pay-password"]`, { visible: true }))!.tap();
  await waitForPath(page, '/my/setting/pay-pass/reset?redirect=%2Fmy%2Ftransfer');
  await waitForText(page, '[data-testid="pay-pass-reset-hold"]', '重置后 24 小时内暂停提现');
  const form = '[data-testid="pay-pass-reset-form"]';
  // one keypad, under the first field; six digits move it on to the repeat
  await tapDigits(page, form, NEW_PASSWORD);
  await page.waitForSelector(`.ant-form-item:has([aria-label="再次输入新支付密码"]) [data-testid="pay-keypad"]`, { visible: true });
  expect(await page.$$eval('[data-testid="pay-keypad"]', (pads) => pads.length)).toBe(1);
  await tapDigits(page, form, NEW_PASSWORD);
  await page.screenshot({ path: screenshotPath('pay-password-phone-reset.png') });
  const signedBefore = inPage.signed.length;
  await clickButton(page, '签名并重置');
  await waitForText(page, TOAST, '支付密码已重置');
  expect(inPage.signed).toHaveLength(signedBefore + 1);
  expect(inPage.signed[signedBefore]).toContain(`\nReset pay password of ${wallet.address} for PowerFi\n`);
  await waitForPath(page, '/my/transfer');

  // the old password is refused, the new one works
  await openTransferSheet(page);
  await tapDigits(page, SHEET, OLD_PASSWORD);
  await clickButton(page, '确定', SHEET);
  await waitForText(page, TOAST, '支付密码错误');
  for (let i = 0; i < 6; i += 1) await (await page.$(`${SHEET} [data-testid="pay-keypad"] button[aria-label="删除"]`))!.tap();
  expect(await page.$eval(`${SHEET} [data-pay-password]`, (element) => element.getAttribute('data-entered'))).toBe('0');
  await tapDigits(page, SHEET, NEW_PASSWORD);
  await clickButton(page, '确定', SHEET);
  await waitForText(page, '[data-testid="transfer-done"]', `已向 UID ${recipientUid} 转账 10 USDT`);
  expect(await transferCount()).toBe(before + 2);

  // /my/withdraw says until when, before the user tries
  await goto(page, '/my/withdraw');
  await waitForText(page, '[data-testid="withdraw-held"]', '支付密码重置后 24 小时内暂停提现');
  const notice = await page.$eval('[data-testid="withdraw-held"]', (element) => (element as HTMLElement).innerText);
  expect(notice).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 后可提现/);
  await page.screenshot({ path: screenshotPath('pay-password-phone-withdraw-held.png') });
});

test('in dark mode the boxes and keys are dark, their digits and dots light', async () => {
  const page = await e2e.newPage({ session, viewport: PHONE });
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
  await page.setViewport({ ...PHONE, hasTouch: true, isMobile: true });
  await openTransferSheet(page);
  await tapDigits(page, SHEET, '123');
  const colours = await page.evaluate((sheet) => {
    const style = (selector: string) => getComputedStyle(document.querySelector(`${sheet} ${selector}`)!);
    const key = style('[data-testid="pay-keypad"] button');
    return { keyBackground: key.backgroundColor, keyText: key.color, box: style('.pay-password-box').backgroundColor, dot: style('.pay-password-dot').backgroundColor };
  }, SHEET);
  /** the mean of the channels of an rgb()/rgba() colour: 0 black, 255 white */
  const brightness = (colour: string) => {
    const [r, g, b] = colour.match(/\d+(\.\d+)?/g)!.map(Number);
    return (r + g + b) / 3;
  };
  expect(brightness(colours.keyBackground)).toBeLessThan(80);
  expect(brightness(colours.box)).toBeLessThan(80);
  expect(brightness(colours.keyText)).toBeGreaterThan(180);
  expect(brightness(colours.dot)).toBeGreaterThan(180);
  await page.screenshot({ path: screenshotPath('pay-password-phone-keypad-dark.png') });
});
