/**
 * Wallet sign-in end to end: the real server on an empty SQLite database, the login
 * page, and a test wallet (EIP-1193 + EIP-6963) that signs with an ethers Wallet held here.
 */
import { Wallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { useE2E } from './support/environment';
import { waitForPath, waitForText } from './support/page';
import { revokeToken, signInViaApi } from './support/siwe';
import { installWallet, TEST_WALLET_INFO } from './support/wallet';

const e2e = useE2E();

const CONNECT_BUTTON = `button[aria-label="连接 ${TEST_WALLET_INFO.name}"]`;
const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

async function profileStatus(token: string): Promise<number> {
  const response = await fetch(e2e.url('/api/v1/web/user/user/profile'), { headers: { Authorization: `Bearer ${token}` } });
  return response.status;
}

async function storedTokens(page: Page) {
  return page.evaluate(() => ({ session: sessionStorage.getItem('token'), local: localStorage.getItem('token') }));
}

async function waitForProfile(page: Page, address: string) {
  await waitForText(page, 'body', shortAddress(address));
  await waitForText(page, 'body', 'UID');
}

test('sign in through the UI, see the profile, reload, follow a logout in another tab', async () => {
  const wallet = Wallet.createRandom();
  const context = await e2e.newContext();
  const page = await e2e.newPage({ context });
  const signer = await installWallet(page, wallet);

  // a login-only page sends the visitor to the login page, which lists the announced wallet
  await page.goto(e2e.url('/my'));
  await waitForPath(page, `/login?redirect=${encodeURIComponent('/my')}`);
  await page.waitForSelector(CONNECT_BUTTON);
  expect(await page.$eval(`${CONNECT_BUTTON} img`, (img) => (img as HTMLImageElement).src)).toBe(TEST_WALLET_INFO.icon);

  // connect → sign → back to the redirect target, signed in as a new user
  await page.click(CONNECT_BUTTON);
  await waitForPath(page, '/my');
  await waitForProfile(page, wallet.address);
  expect(signer.signed).toHaveLength(1);
  const message = signer.signed[0];
  expect(message).toContain(`${new URL(e2e.baseUrl).host} wants you to sign in with your Ethereum account:\n${wallet.address}\n`);
  expect(message).toContain(`URI: ${e2e.baseUrl}`);
  expect(message).toMatch(/\nNonce: \w{8,}\n/);
  const tokens = await storedTokens(page);
  expect(tokens.session).toBeTruthy();
  expect(tokens.local).toBe(tokens.session);
  const token = tokens.session!;
  expect(await profileStatus(token)).toBe(200);

  // a reload keeps the session
  await page.reload();
  await waitForPath(page, '/my');
  await waitForProfile(page, wallet.address);

  // a second tab restores the session from localStorage …
  const otherTab = await e2e.newPage({ context });
  await installWallet(otherTab, wallet);
  await otherTab.goto(e2e.url('/my'));
  await waitForProfile(otherTab, wallet.address);

  // … and follows a logout in the first tab
  await page.bringToFront();
  await page.goto(e2e.url('/my/setting'));
  await waitForText(page, 'button', '退出登录');
  const [logoutButton] = await page.$$('xpath/.//button[contains(., "退出登录")]');
  await logoutButton.click();
  await waitForText(page, '.ant-popconfirm', '确定退出登录吗');
  // a locator waits until the popconfirm stopped animating (a click mid-animation misses)
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await waitForPath(page, '/login');
  expect(await storedTokens(page)).toEqual({ session: null, local: null });
  await waitForPath(otherTab, `/login?redirect=${encodeURIComponent('/my')}`);
  expect(await storedTokens(otherTab)).toEqual({ session: null, local: null });
  // the logout revoked the token on the server
  expect(await profileStatus(token)).toBe(401);
});

test('a request with a revoked token lands on /login?redirect=…', async () => {
  const wallet = Wallet.createRandom();
  const session = await signInViaApi(e2e.baseUrl, wallet);
  const page = await e2e.newPage();
  // the stored session as the app left it, before the token was revoked elsewhere
  await page.goto(e2e.url('/login'));
  await page.evaluate((token, user) => {
    for (const storage of [localStorage, sessionStorage]) {
      storage.setItem('token', token);
      storage.setItem('userInfo', user);
    }
  }, session.token, JSON.stringify(session.user));
  await page.goto(e2e.url('/my/assets?currency=USDT'));
  await waitForPath(page, '/my/assets?currency=USDT');

  await revokeToken(e2e.baseUrl, session.token);
  // whichever signed-in call answers first is refused (the profile, or the page's balances): the
  // app then leaves for /login, and a call still in flight may be cut off without its answer
  const refused = page.waitForResponse((response) => response.url().includes('/api/v1/web/') && response.status() === 401);
  await page.reload();
  await refused;
  await waitForPath(page, `/login?redirect=${encodeURIComponent('/my/assets?currency=USDT')}`);
});
