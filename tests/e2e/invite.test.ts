/**
 * Issue 6, invitations in Chromium against the real server: user A shares the link of /my/invite,
 * user B opens it and signs in with a wallet, A then sees B among the invitees and B sees A as
 * the inviter.
 */
import { Wallet } from 'ethers';
import { PHONE, useE2E, type Session } from './support/environment';
import { currentPath, textsOf, waitForText } from './support/page';
import { signInViaApi } from './support/siwe';
import { installWallet, TEST_WALLET_INFO } from './support/wallet';

const e2e = useE2E();
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

describe('invite through the link', () => {
  let inviter: Session;
  const inviterWallet = Wallet.createRandom();

  beforeAll(async () => {
    inviter = await signInViaApi(e2e.baseUrl, inviterWallet);
  });

  test('A shares the link, B signs in through it, A sees B and B sees A', async () => {
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
    const invitees = await textsOf(pageA, '[data-testid="invitee"]');
    expect(invitees).toHaveLength(1);
    expect(invitees[0]).toContain('0 USDT');
    await waitForText(pageA, '.ant-statistic', '已邀请');
    const figures = await textsOf(pageA, '.ant-statistic');
    expect(figures.find((text) => text.includes('已邀请'))).toContain('1');
  });

  test('a signed-in user without an inviter binds one by code, and a wrong code is explained', async () => {
    const user = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
    const page = await e2e.newPage({ session: user, viewport: PHONE });
    await page.goto(e2e.url('/my/invite'));
    const input = await page.waitForSelector('input[placeholder="请输入邀请码"]', { timeout: 30_000 });
    await input!.type('ZZZZ9999');
    await page.$eval('form button[type="submit"]', (button) => (button as HTMLElement).click());
    await waitForText(page, '.ant-message-notice', '邀請碼 ZZZZ9999 不存在');

    const [inviterCode] = [(inviter.user as { inviteCode: string }).inviteCode];
    await input!.evaluate((el) => (el as HTMLInputElement).select());
    await input!.type(inviterCode.toLowerCase());
    await page.$eval('form button[type="submit"]', (button) => (button as HTMLElement).click());
    await waitForText(page, '[data-testid="invite-inviter"]', short(inviterWallet.address));
  });
});
