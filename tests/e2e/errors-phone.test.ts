/**
 * Errors as a Chinese phone user meets them (375 px, zh-CN), in Chromium against the real server:
 * a start the server cannot answer keeps the signed-in shell and offers 重试; a transfer whose
 * answer is lost says the result is unknown and where to check it; a failure shown by several
 * calls at once is one toast; a device whose session was revoked is told why on the login page.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { clickButton, fill } from './support/actions';
import { PHONE, useE2E, type Session } from './support/environment';
import { fundedUser } from './support/fundedUser';
import { interceptRequests, pathIs, type InterceptRule } from './support/intercept';
import { opsOn } from './support/ops';
import { currentPath, sleep, textsOf, waitForMotionToEnd, waitForPath, waitForText } from './support/page';
import { screenshotPath } from './support/paths';
import { revokeToken, signInViaApi } from './support/siwe';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-errors-phone-')), 'errors.sqlite');
const e2e = useE2E({ SQLITE_PATH: sqlitePath });
const ops = opsOn(sqlitePath);
const PAY_PASSWORD = '975310';
const PROFILE = '/api/v1/web/user/user/profile';
const START_FAILURE = '[data-testid="start-failure"]';
const TOAST = '.ant-message-notice';
const UNKNOWN_RESULT = '网络异常，无法确认结果。请到「我的 › 资金明细」中查看这笔操作是否已完成，确认前请勿重复提交。';
/** What a proxy in front of a failing server answers: a bare 500 with its status text. */
const SERVER_DOWN = { status: 500, body: 'Internal Server Error', contentType: 'text/plain' };

let session: Session;

beforeAll(async () => {
  session = await fundedUser(e2e.baseUrl, ops, { payPassword: PAY_PASSWORD, usdt: '300', txByte: 'ce' });
});

const phonePage = (withSession: Session = session): Promise<Page> => e2e.newPage({ viewport: PHONE, session: withSession });

test('a reload while the server answers 500: the signed-in shell with 我的 and 重试, never the login page; 重试 shows the page', async () => {
  const page = await phonePage();
  const rules: InterceptRule[] = [{ match: pathIs(PROFILE), reply: SERVER_DOWN }];
  await interceptRequests(page, rules);
  await page.goto(e2e.url('/my/records'));
  await waitForText(page, START_FAILURE, '暂时无法连接服务器');
  await waitForText(page, START_FAILURE, '您仍处于登录状态');
  expect(currentPath(page)).toBe('/my/records');
  await waitForText(page, '[data-testid="tab-bar"]', '我的');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(session.token);
  expect(await page.$('[data-testid="ledger-entry"]')).toBeNull();
  expect(await page.evaluate(() => document.body.innerText)).not.toContain('连接钱包');
  // the 重试 button is a touch target of 44 px
  const retry = (await page.$(`${START_FAILURE} button`))!;
  expect((await retry.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: screenshotPath('errors-phone-start-failure.png') });

  // still down: the screen stays
  await clickButton(page, '重试', START_FAILURE);
  await sleep(1000);
  await waitForText(page, START_FAILURE, '暂时无法连接服务器');

  rules.length = 0; // the server is back
  await clickButton(page, '重试', START_FAILURE);
  await page.waitForSelector('[data-testid="ledger-entry"]', { timeout: 20_000 });
  expect(await page.$(START_FAILURE)).toBeNull();
  expect(currentPath(page)).toBe('/my/records');
  await page.screenshot({ path: screenshotPath('errors-phone-start-retried.png') });
});

test('offline: the same start failure, with the network error as the cause', async () => {
  const page = await phonePage();
  await interceptRequests(page, [{ match: pathIs(PROFILE), reply: 'abort' }]);
  await page.goto(e2e.url('/my'));
  await waitForText(page, START_FAILURE, '暂时无法连接服务器');
  expect(currentPath(page)).toBe('/my');
});

test('offline during a transfer confirm: the result is unknown, check 资金明细; never 「请求已经成功发起」', async () => {
  const recipient = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
  const page = await phonePage();
  const rules: InterceptRule[] = [];
  await interceptRequests(page, rules);
  await page.goto(e2e.url('/my/transfer'));
  await fill(page, 'input#to', (recipient.user as { uid: string }).uid);
  await fill(page, 'input#amount', '10');
  await clickButton(page, '下一步');
  await waitForText(page, '[data-testid="transfer-summary"]', '10 USDT');
  rules.push({ match: pathIs('/api/v1/web/account/transfer/create'), reply: 'abort' });
  await fill(page, '.ant-drawer-open [data-pay-password][aria-label="支付密码"]', PAY_PASSWORD);
  await clickButton(page, '确定', '.ant-drawer-open');
  await waitForText(page, TOAST, UNKNOWN_RESULT);
  const shown = await page.evaluate(() => document.body.innerText);
  expect(shown).not.toContain('成功发起');
  expect(shown).not.toContain('没有收到响应');
  await waitForMotionToEnd(page); // the toast has slid in
  await page.screenshot({ path: screenshotPath('errors-phone-transfer-unknown.png') });
});

test('several calls failing with the server down: one toast, in Chinese, not "Internal Server Error"', async () => {
  const page = await phonePage();
  await interceptRequests(page, [{ match: (url) => url.pathname.startsWith('/api/v1/web/account/'), reply: SERVER_DOWN }]);
  await page.goto(e2e.url('/my/assets'));
  await waitForText(page, TOAST, '服务器响应状态码:500');
  await sleep(1500); // the other calls' failures have arrived too
  expect(await textsOf(page, TOAST)).toEqual(['服务器响应状态码:500']);
  expect(await page.evaluate(() => document.body.innerText)).not.toContain('Internal Server Error');
});

test('a device whose session was revoked lands on the login page and is told why', async () => {
  const revoked = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
  await revokeToken(e2e.baseUrl, revoked.token);
  const page = await phonePage(revoked);
  await page.goto(e2e.url('/my/records'));
  await waitForPath(page, `/login?redirect=${encodeURIComponent('/my/records')}`);
  await waitForText(page, '[data-testid="session-ended"]', '您已在其他设备上退出登录，或此设备的会话已被撤销，请重新登录。');
  await page.screenshot({ path: screenshotPath('errors-phone-session-revoked.png') });
});
