/**
 * Invitations in Chromium against the real server: user A shares the link of /my/invite,
 * user B opens it and signs in with a wallet, B buys a power product (API, after an ops deposit),
 * and A sees B among the invitees with the commission, and B sees A as the inviter.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet, type BaseWallet } from 'ethers';
import type { Page } from 'puppeteer-core';
import { webApi, type WebCall } from './support/api';
import { PHONE, useE2E, type Session } from './support/environment';
import { currentPath, textsOf, waitForText } from './support/page';
import { opsOn } from './support/ops';
import { setPayPasswordViaApi, signInViaApi } from './support/siwe';
import { installWallet, TEST_WALLET_INFO } from './support/wallet';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-invite-')), 'invite.sqlite');
const e2e = useE2E({ SQLITE_PATH: sqlitePath, COMMISSION_RATE: '5' });
const ops = opsOn(sqlitePath);
const api = <T>(token: string, path: string, call?: WebCall) => webApi<T>(e2e.baseUrl, token, path, call);

/** B (signed in on `page` with `wallet`) buys 10 units of the 12.8 USDT power product: 128 USDT, so A earns 5 % = 6.4 USDT. */
async function buyPower(page: Page, wallet: BaseWallet): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { uid: string });
  if (!token || !user.uid) throw new Error('B has no stored session');
  await setPayPasswordViaApi(e2e.baseUrl, token, wallet, '135790');
  ops('deposit:credit', '--uid', user.uid, '--currency', 'USDT', '--amount', '500', '--network', 'ERC20', '--tx', `0x${'cd'.repeat(32)}`, '--operator', 'e2e');
  const products = await api<{ list: Array<{ id: string; pricePerUnit: string; status: string }> }>(token, '/product/power?pageSize=100');
  const product = products.list.find((p) => p.pricePerUnit === '12.8' && p.status === 'on_sale');
  if (!product) throw new Error(`no 12.8 USDT power product on sale: ${JSON.stringify(products.list)}`);
  await api(token, '/product/power-order/create', {
    method: 'POST',
    body: { productId: product.id, units: 10, payPassword: '135790' },
    headers: { 'Idempotency-Key': 'e2e-invite-buy-1' },
  });
}
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

describe('invite through the link', () => {
  let inviter: Session;
  const inviterWallet = Wallet.createRandom();

  beforeAll(async () => {
    inviter = await signInViaApi(e2e.baseUrl, inviterWallet);
  });

  test('A shares the link, B signs in through it and buys, A sees B with the commission and B sees A', async () => {
    const pageA = await e2e.newPage({ session: inviter, viewport: PHONE });
    await pageA.goto(e2e.url('/my/invite'));
    await waitForText(pageA, '[data-testid="invite-link"]', '/login?invite=');
    const [link] = await textsOf(pageA, '[data-testid="invite-link"]');
    const [code] = await textsOf(pageA, '[data-testid="invite-code"]');
    expect(link).toBe(e2e.url(`/login?invite=${code}`));
    expect(await pageA.$('.ant-qrcode canvas')).not.toBeNull();
    await waitForText(pageA, 'body', '还没有邀请到好友');

    const invitee = Wallet.createRandom();
    const pageB = await e2e.newPage({ viewport: PHONE });
    await installWallet(pageB, invitee);
    await pageB.goto(link);
    await waitForText(pageB, 'body', code);
    const connect = await pageB.waitForSelector(`button[aria-label*="${TEST_WALLET_INFO.name}"]`, { timeout: 30_000 });
    await connect!.evaluate((button) => (button as HTMLElement).click());
    await pageB.waitForFunction(() => !location.pathname.startsWith('/login'), { timeout: 30_000 }).catch(() => {
      throw new Error(`B stayed on ${currentPath(pageB)}`);
    });
    await pageB.goto(e2e.url('/my/invite'));
    await waitForText(pageB, '[data-testid="invite-inviter"]', short(inviterWallet.address));

    await pageA.reload();
    await waitForText(pageA, '[data-testid="invitee"]', short(invitee.address));
    expect(await textsOf(pageA, '[data-testid="invitee"]')).toEqual([expect.stringContaining('0 USDT')]);
    await waitForText(pageA, '.ant-statistic', '已邀请');
    expect((await textsOf(pageA, '.ant-statistic')).find((text) => text.includes('已邀请'))).toContain('1');

    await buyPower(pageB, invitee);
    await pageA.reload();
    await waitForText(pageA, '[data-testid="invitee"]', '+6.4 USDT');
    // The statistics come from a request of their own, which may answer after the invitees' page.
    await waitForText(pageA, '.ant-statistic', '累计佣金');
    expect((await textsOf(pageA, '.ant-statistic')).find((text) => text.includes('累计佣金'))).toContain('6.4');
  });

  test('a signed-in user without an inviter binds one by code, and a wrong code is explained', async () => {
    const user = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
    const page = await e2e.newPage({ session: user, viewport: PHONE });
    await page.goto(e2e.url('/my/invite'));
    const input = await page.waitForSelector('input[placeholder="请输入邀请码"]', { timeout: 30_000 });
    await input!.type('ZZZZ9999');
    await page.$eval('form button[type="submit"]', (button) => (button as HTMLElement).click());
    await waitForText(page, '.ant-message-notice', '邀请码 ZZZZ9999 不存在');

    const [inviterCode] = [(inviter.user as { inviteCode: string }).inviteCode];
    await input!.evaluate((el) => (el as HTMLInputElement).select());
    await input!.type(inviterCode.toLowerCase());
    await page.$eval('form button[type="submit"]', (button) => (button as HTMLElement).click());
    await waitForText(page, '[data-testid="invite-inviter"]', short(inviterWallet.address));
  });
});
