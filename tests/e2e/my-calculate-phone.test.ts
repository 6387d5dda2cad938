/**
 * The 算力 and 我的 pages on a 375 px phone in zh-CN, in Chromium against the real server: the
 * transfer keeps what was typed across setting the pay password and ends on a result (not a toast
 * over an old error); the buy sheet shows the balance and opens its agreement; the sessions list
 * confirms a sign-out in a dialog that fits the screen.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { clickButton, fill } from './support/actions';
import { PHONE, useE2E } from './support/environment';
import { opsOn } from './support/ops';
import { waitForMotionToEnd, waitForPath, waitForText } from './support/page';
import { screenshotPath } from './support/paths';
import { setPayPasswordViaApi, signInViaApi } from './support/siwe';
import { installWallet } from './support/wallet';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-my-calc-')), 'my-calc.sqlite');
const e2e = useE2E({ SQLITE_PATH: sqlitePath });
const ops = opsOn(sqlitePath);
const PAY_PASSWORD = '246810';
const SHEET = '.ant-drawer-open';

interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
  height: number;
}

const rectOf = (page: Page, selector: string): Promise<Rect> =>
  page.$eval(selector, (element) => {
    const { left, right, top, bottom, height } = element.getBoundingClientRect();
    return { left, right, top, bottom, height };
  });

function credit(uid: string, amount: string, txByte: string): void {
  ops('deposit:credit', '--uid', uid, '--currency', 'USDT', '--amount', amount, '--network', 'ERC20', '--tx', `0x${txByte.repeat(32)}`, '--operator', 'e2e');
}

const valueOf = (page: Page, selector: string) => page.$eval(selector, (input) => (input as HTMLInputElement).value);

test('the transfer survives setting the pay password, and ends on a result that clears the old error', async () => {
  // signed in without a pay password; the page's wallet signs the proof that setting one needs
  const wallet = Wallet.createRandom();
  const session = await signInViaApi(e2e.baseUrl, wallet);
  credit((session.user as { uid: string }).uid, '500', 'a1');
  const page = await e2e.newPage({ viewport: PHONE, session });
  await installWallet(page, wallet);
  const uidB = ((await signInViaApi(e2e.baseUrl, Wallet.createRandom())).user as { uid: string }).uid;

  await page.goto(e2e.url('/my/transfer'));
  await fill(page, 'input#to', uidB);
  await fill(page, 'input#amount', '100');
  await clickButton(page, '下一步');
  await waitForText(page, SHEET, '请先设置支付密码');
  await page.screenshot({ path: screenshotPath('my-calculate-transfer-set-pay-password-first.png') });
  await page.$eval(`${SHEET} a[href^="/my/setting/pay-pass"]`, (link) => (link as HTMLElement).click());
  await waitForPath(page, '/my/setting/pay-pass?redirect=%2Fmy%2Ftransfer');
  await fill(page, '[data-pay-password][aria-label="新支付密码"]', PAY_PASSWORD);
  await fill(page, '[data-pay-password][aria-label="再次输入新支付密码"]', PAY_PASSWORD);
  await clickButton(page, '设置支付密码');

  // back on the transfer with what was typed
  await waitForPath(page, '/my/transfer');
  await page.waitForFunction((to) => (document.querySelector('input#to') as HTMLInputElement | null)?.value === to, { timeout: 20_000 }, uidB);
  expect(await valueOf(page, 'input#amount')).toBe('100');
  await page.screenshot({ path: screenshotPath('my-calculate-transfer-draft-restored.png') });

  // a wrong password first: its error toast must not stay over the success
  await clickButton(page, '下一步');
  await fill(page, `${SHEET} [data-pay-password][aria-label="支付密码"]`, '000000');
  await clickButton(page, '确定', SHEET);
  await waitForText(page, '.ant-message-notice', '支付密码错误');
  await fill(page, `${SHEET} [data-pay-password][aria-label="支付密码"]`, PAY_PASSWORD);
  await clickButton(page, '确定', SHEET);
  await waitForText(page, '[data-testid="transfer-done"]', `已向 UID ${uidB} 转账 100 USDT`);
  await waitForText(page, '[data-testid="transfer-done"]', '转账成功');
  await page.waitForFunction(() => !Array.from(document.querySelectorAll('.ant-message-notice')).some((notice) => notice.textContent?.includes('支付密码错误')), { timeout: 10_000 });
  await waitForMotionToEnd(page);
  await page.screenshot({ path: screenshotPath('my-calculate-transfer-done.png') });

  await clickButton(page, '继续转账');
  await page.waitForSelector('input#to');
  expect(await valueOf(page, 'input#to')).toBe('');
  await page.reload();
  await page.waitForSelector('input#amount');
  expect(await valueOf(page, 'input#amount')).toBe('');
});

test('the buy sheet shows the available balance and opens the agreement, whose row is a 44 px target', async () => {
  const wallet = Wallet.createRandom();
  const session = await signInViaApi(e2e.baseUrl, wallet);
  await setPayPasswordViaApi(e2e.baseUrl, session.token, wallet, PAY_PASSWORD);
  credit((session.user as { uid: string }).uid, '5000', 'b2');
  const page = await e2e.newPage({ viewport: PHONE, session });

  await page.goto(e2e.url('/calculate'));
  await clickButton(page, '立即购买');
  await waitForText(page, `${SHEET} [data-testid="pay-available"]`, '可用余额 5,000 USDT');
  // the sheet slides in: measure once its motion is over (measured mid-way, the row came out a hair under 44 px)
  await waitForMotionToEnd(page, SHEET);
  const row = await rectOf(page, `${SHEET} label.ant-checkbox-wrapper`);
  expect(row.height).toBeGreaterThanOrEqual(44);
  expect(row.right - row.left).toBeGreaterThan(250);
  const link = await rectOf(page, `${SHEET} [data-testid="agreement-open"]`);
  expect(link.height).toBeGreaterThanOrEqual(44);
  await page.$eval(`${SHEET} [data-testid="agreement-open"]`, (button) => button.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: screenshotPath('my-calculate-buy-sheet-balance-agreement.png') });

  await page.$eval(`${SHEET} [data-testid="agreement-open"]`, (button) => (button as HTMLElement).click());
  await waitForText(page, '.ant-modal [data-testid="agreement-text"]', '算力产出为预估值');
  await waitForMotionToEnd(page, '.ant-modal-wrap');
  const dialog = await rectOf(page, '.ant-modal-content');
  expect(dialog.left).toBeGreaterThanOrEqual(0);
  expect(dialog.right).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: screenshotPath('my-calculate-buy-agreement.png') });
  await clickButton(page, '我已阅读并同意', '.ant-modal');
  await page.waitForFunction((sheet) => (document.querySelector(`${sheet} input[type="checkbox"]`) as HTMLInputElement).checked, { timeout: 10_000 }, SHEET);
});

test('signing another device out is confirmed in a dialog inside the 375 px screen', async () => {
  const wallet = Wallet.createRandom();
  await signInViaApi(e2e.baseUrl, wallet);
  const session = await signInViaApi(e2e.baseUrl, wallet);
  const page = await e2e.newPage({ viewport: PHONE, session });

  await page.goto(e2e.url('/my/setting'));
  await waitForText(page, '[data-testid="session-list"]', '当前设备');
  await clickButton(page, '退出', '[data-testid="session-list"] .ant-list-item');
  await waitForText(page, '.ant-modal-confirm', '确定让这台设备退出登录吗？');
  await waitForMotionToEnd(page, '.ant-modal-wrap');
  const dialog = await rectOf(page, '.ant-modal-confirm .ant-modal-content');
  expect(dialog.left).toBeGreaterThanOrEqual(0);
  expect(dialog.right).toBeLessThanOrEqual(PHONE.width);
  expect(dialog.bottom).toBeLessThanOrEqual(PHONE.height);
  await page.screenshot({ path: screenshotPath('my-calculate-session-revoke-confirm.png') });
  await clickButton(page, '确定', '.ant-modal-confirm');
  await waitForText(page, '.ant-message-notice', '该设备已退出登录');
});
