/**
 * In Chromium against the real server: setting the pay password asks the wallet for a
 * fresh signature ("Set pay password for PowerFi", personal_sign) and succeeds with it; a wallet
 * that declines leaves no password. /my/setting lists the signed-in devices and signs another one
 * out, whose token then stops working.
 */
import { Wallet } from 'ethers';
import { clickButton, clickText, fill } from './support/actions';
import { callApi, webApi } from './support/api';
import { PHONE, useE2E } from './support/environment';
import { waitForText } from './support/page';
import { signInViaApi } from './support/siwe';
import { installWallet } from './support/wallet';

const e2e = useE2E();
const profileOf = (token: string) => webApi<{ hasPayPassword: boolean }>(e2e.baseUrl, token, '/user/user/profile');

test('setting the pay password asks the wallet for a signature and succeeds with it', async () => {
  const wallet = Wallet.createRandom();
  const session = await signInViaApi(e2e.baseUrl, wallet);
  const page = await e2e.newPage({ session, viewport: PHONE });
  const inPage = await installWallet(page, wallet);

  await page.goto(e2e.url('/my/setting/pay-pass'));
  await fill(page, '[data-pay-password][aria-label="新支付密码"]', '135790');
  await fill(page, '[data-pay-password][aria-label="再次输入新支付密码"]', '135790');
  await clickText(page, 'button', '设置支付密码');
  await waitForText(page, '.ant-message-notice', '支付密码已设置');

  expect(inPage.calls).toContain('personal_sign');
  expect(inPage.signed).toHaveLength(1);
  const [message] = inPage.signed;
  expect(message).toContain(`${new URL(e2e.baseUrl).host} wants you to sign in with your Ethereum account:\n${wallet.address}\n`);
  expect(message).toContain('\nSet pay password for PowerFi\n');
  expect(message).toContain(`\nURI: ${e2e.baseUrl}\n`);
  expect((await profileOf(session.token)).hasPayPassword).toBe(true);
});

test('a wallet of another account gets a clear message and no password is set', async () => {
  const wallet = Wallet.createRandom();
  const session = await signInViaApi(e2e.baseUrl, wallet);
  const page = await e2e.newPage({ session, viewport: PHONE });
  const inPage = await installWallet(page, Wallet.createRandom());

  await page.goto(e2e.url('/my/setting/pay-pass'));
  await fill(page, '[data-pay-password][aria-label="新支付密码"]', '135790');
  await fill(page, '[data-pay-password][aria-label="再次输入新支付密码"]', '135790');
  await clickText(page, 'button', '设置支付密码');
  await waitForText(page, '[data-testid="wallet-proof-error"]', `钱包当前账户不是登录的账户 ${wallet.address}`);
  expect(inPage.calls).not.toContain('personal_sign');
  expect((await profileOf(session.token)).hasPayPassword).toBe(false);
});

test('/my/setting lists the signed-in devices and signs another one out', async () => {
  const wallet = Wallet.createRandom();
  const elsewhere = await signInViaApi(e2e.baseUrl, wallet);
  const session = await signInViaApi(e2e.baseUrl, wallet);
  const page = await e2e.newPage({ session, viewport: PHONE });

  await page.goto(e2e.url('/my/setting'));
  await waitForText(page, '[data-testid="session"]', '当前设备');
  expect(await page.$$eval('[data-testid="session"]', (items) => items.length)).toBe(2);
  await clickText(page, 'button', '退出其他设备');
  // a centred dialog, which fits a phone's screen (src/pages/My/Setting/SessionList.tsx)
  await waitForText(page, '.ant-modal-confirm', '所有设备退出登录');
  await clickButton(page, '确定', '.ant-modal-confirm');
  await waitForText(page, '.ant-message-notice', '已退出 1 台其他设备');

  await expect(callApi(`${e2e.baseUrl}/api/v1/web/user/user/profile`, { headers: { Authorization: `Bearer ${elsewhere.token}` } })).rejects.toThrow(/401/);
  // this device stays signed in
  await expect(profileOf(session.token)).resolves.toMatchObject({ hasPayPassword: false });
});
