/**
 * Issue 17 in Chromium against the real server, on a phone: a user with USDT adds a withdrawal
 * address signed by the wallet (usable at once), withdraws with the pay password and a wallet
 * signature naming exactly that withdrawal, and sees it in the list as 审核中 (the pay password was
 * set minutes ago: review); the operator approves it with `ops withdraw:approve` and the list says
 * 处理中. Amount plus fee are frozen on the server.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import { withdrawStatement } from '../../contract/rules/withdraw';
import { clickButton, fill } from './support/actions';
import { webApi } from './support/api';
import { PHONE, useE2E } from './support/environment';
import { opsOn } from './support/ops';
import { SCREENSHOT_DIR } from './support/paths';
import { waitForText } from './support/page';
import { setPayPasswordViaApi, signInViaApi } from './support/siwe';
import { installWallet } from './support/wallet';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-withdraw-')), 'withdraw.sqlite');
const e2e = useE2E({ SQLITE_PATH: sqlitePath, JOBS_OFF: 'settlement,mallSweep' });
const ops = opsOn(sqlitePath);
const PAY_PASSWORD = '246810';
const TARGET = '0x000000000000000000000000000000000000dEaD';

test('phone: add a signed address, withdraw with the pay password and a wallet signature, see it reviewed and approved', async () => {
  const wallet = Wallet.createRandom();
  const session = await signInViaApi(e2e.baseUrl, wallet);
  await setPayPasswordViaApi(e2e.baseUrl, session.token, wallet, PAY_PASSWORD);
  const { uid } = session.user as { uid: string };
  ops('deposit:credit', '--uid', uid, '--currency', 'USDT', '--amount', '1000', '--network', 'ERC20', '--tx', `0x${'cd'.repeat(32)}`, '--operator', 'e2e');

  const page = await e2e.newPage({ session, viewport: PHONE });
  const inPage = await installWallet(page, wallet);
  await page.goto(e2e.url('/my/withdraw'));
  await waitForText(page, '.ant-select-selection-placeholder', '还没有 ERC20 提现地址');

  // a new address, signed by the wallet: usable at once
  await clickButton(page, '添加提现地址');
  await fill(page, '.ant-drawer-open input#label', '冷钱包');
  await fill(page, '.ant-drawer-open input#address', TARGET);
  await clickButton(page, '钱包签名并保存', '.ant-drawer-open');
  await waitForText(page, '.ant-message-notice', '地址已添加，可以立即使用');
  expect(inPage.signed[0]).toContain(`\nAdd withdrawal address ${TARGET} on ERC20 to PowerFi\n`);

  // the address is chosen; the amount, the fee and the total frozen
  await page.waitForSelector('.ant-select-selection-item[title*="冷钱包"]', { visible: true });
  await fill(page, 'input#amount', '100');
  await waitForText(page, '[data-testid="withdraw-fee"]', '105 USDT');
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'withdraw-phone-form.png') });
  await clickButton(page, '下一步');
  await waitForText(page, '[data-testid="withdraw-summary"]', TARGET);
  await fill(page, '.ant-drawer-open input[aria-label="支付密码"]', PAY_PASSWORD);
  await clickButton(page, '确定', '.ant-drawer-open');
  await waitForText(page, '.ant-message-notice', '已提交 100 USDT 的提现，正在审核');
  expect(inPage.signed).toHaveLength(2);
  expect(inPage.signed[1]).toContain(`\n${withdrawStatement({ amount: '100', currency: 'USDT', network: 'ERC20', address: TARGET })}\n`);

  await waitForText(page, '[data-testid="withdrawal-record"]', '审核中');
  await waitForText(page, '[data-testid="withdrawal-record"]', '-100 USDT');
  const balances = await webApi<{ balances: { currency: string; available: string; frozen: string }[] }>(e2e.baseUrl, session.token, '/account/account');
  expect(balances.balances.find((balance) => balance.currency === 'USDT')).toMatchObject({ available: '895', frozen: '105' });
  await page.$eval('[data-testid="withdrawal-record"]', (row) => row.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'withdraw-phone-review.png') });

  // the operator approves it: the list says 处理中 (the signer sends it when one is configured)
  const [listed] = ops('withdraw:list', '--status', 'review');
  ops('withdraw:approve', String(listed.id), '--operator', 'e2e');
  await page.reload();
  await waitForText(page, '[data-testid="withdrawal-record"]', '处理中');
});
