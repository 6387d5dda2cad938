/**
 * Withdrawals in Chromium against the real server, on a phone, end to end on a local chain: the server
 * follows a ganache chain (CHAIN_ERC20_*) with a hot wallet (WITHDRAW_SIGNER_KEY, the signer every
 * 300 ms). A user with USDT adds a withdrawal address signed by the wallet (usable at once),
 * withdraws with the pay password and a wallet signature naming exactly that withdrawal, and sees
 * it in the list as 审核中 (the pay password was set minutes ago: review); the operator approves it
 * with `ops withdraw:approve`; the signer sends it: the page shows 确认中 1/12, and once the test has
 * mined the other 11 blocks 已完成 with the transaction's hash, without a reload. The token arrived
 * on chain once, and amount plus fee left the user's frozen balance.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet, type Contract, type JsonRpcProvider } from 'ethers';
import { withdrawStatement } from '../../contract/rules/withdraw';
import { fundedWallet, startLocalChain, type LocalChain } from '../chain/localChain';
import { clickButton, fill } from './support/actions';
import { webApi } from './support/api';
import { PHONE, useE2E } from './support/environment';
import { opsOn } from './support/ops';
import { SCREENSHOT_DIR } from './support/paths';
import { waitForText } from './support/page';
import { setPayPasswordViaApi, signInViaApi } from './support/siwe';
import { installWallet } from './support/wallet';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-withdraw-')), 'withdraw.sqlite');
jest.setTimeout(180_000);

const serverEnv: Record<string, string> = {
  SQLITE_PATH: sqlitePath,
  JOBS_OFF: 'settlement,mallSweep,depositWatcher',
  WITHDRAW_SIGNER_FIRST_RUN_MS: '200',
  WITHDRAW_SIGNER_INTERVAL_MS: '300',
};
let local: LocalChain;
let chain: JsonRpcProvider;
let usdt: Contract;
let hotWallet: Wallet;

// registered before useE2E's, so the chain and the hot wallet are in serverEnv when the server starts
beforeAll(async () => {
  local = await startLocalChain();
  ({ provider: chain, usdt } = local);
  hotWallet = await fundedWallet(local, '1000');
  serverEnv.CHAIN_ERC20_RPC_URL = local.rpcUrl;
  serverEnv.CHAIN_ERC20_TOKEN_ADDRESS = await usdt.getAddress();
  serverEnv.WITHDRAW_SIGNER_KEY = hotWallet.privateKey;
});
const e2e = useE2E(serverEnv);

afterAll(async () => {
  await local?.stop();
});
const ops = opsOn(sqlitePath);
const PAY_PASSWORD = '246810';
const TARGET = '0x000000000000000000000000000000000000dEaD';

test('phone: add a signed address, withdraw with the pay password and a wallet signature, approved, sent on chain, completed', async () => {
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
  await fill(page, '.ant-drawer-open [data-pay-password][aria-label="支付密码"]', PAY_PASSWORD);
  await clickButton(page, '确定', '.ant-drawer-open');
  await waitForText(page, '.ant-message-notice', '已提交 100 USDT 的提现，正在审核');
  expect(inPage.signed).toHaveLength(2);
  expect(inPage.signed[1]).toContain(`\n${withdrawStatement({ amount: '100', currency: 'USDT', network: 'ERC20', address: TARGET })}\n`);

  await waitForText(page, '[data-testid="withdrawal-record"]', '审核中');
  // the total that left the balance: amount + fee
  await waitForText(page, '[data-testid="withdrawal-record"]', '-105 USDT');
  const balances = await webApi<{ balances: { currency: string; available: string; frozen: string }[] }>(e2e.baseUrl, session.token, '/account/account');
  expect(balances.balances.find((balance) => balance.currency === 'USDT')).toMatchObject({ available: '895', frozen: '105' });
  await page.$eval('[data-testid="withdrawal-record"]', (row) => row.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'withdraw-phone-review.png') });

  // the operator approves it; the server's signer sends it from the hot wallet: mined at once
  // (ganache), so the list shows its first confirmation of 12
  const [listed] = ops('withdraw:list', '--status', 'review');
  ops('withdraw:approve', String(listed.id), '--operator', 'e2e');
  await page.reload();
  const record = '[data-testid="withdrawal-record"]';
  await page.waitForFunction((sel) => /确认中\s*1\/12/.test(document.querySelector(sel)?.textContent ?? ''), { timeout: 30_000 }, record);
  expect(await usdtOf(TARGET)).toBe(100_000_000n);
  await page.$eval(record, (row) => row.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'withdraw-phone-confirming.png') });

  // /my/records lists it above the ledger entries while it is on its way
  const records = await e2e.newPage({ session, viewport: PHONE });
  await records.goto(e2e.url('/my/records'));
  await records.waitForFunction(() => /确认中\s*1\/12/.test(document.querySelector('[data-testid="withdrawals-on-the-way"]')?.textContent ?? ''), { timeout: 30_000 });
  await waitForText(records, '[data-testid="ledger-entry"]', '提现');
  await records.screenshot({ path: join(SCREENSHOT_DIR, 'withdraw-records-on-the-way.png') });

  // 11 more blocks: completed, seen by the page's own polling (every 5 s while on its way)
  for (let i = 0; i < 11; i += 1) await chain.send('evm_mine', []);
  await waitForText(page, record, '已完成');
  const [sent] = ops('withdraw:list', '--status', 'completed');
  expect(sent).toMatchObject({ id: listed.id, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
  await waitForText(page, '[data-testid="withdrawal-tx"]', (sent as { txHash: string }).txHash.slice(0, 6));
  await page.$eval(record, (row) => row.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'withdraw-phone-completed.png') });
  // and it leaves /my/records' list by itself
  await records.waitForFunction(() => !document.querySelector('[data-testid="withdrawals-on-the-way"]'), { timeout: 30_000 });
  const after = await webApi<{ balances: { currency: string; available: string; frozen: string }[] }>(e2e.baseUrl, session.token, '/account/account');
  expect(after.balances.find((balance) => balance.currency === 'USDT')).toMatchObject({ available: '895', frozen: '0' });
  expect(await usdtOf(TARGET)).toBe(100_000_000n);
  expect(await chain.getTransactionCount(hotWallet.address)).toBe(1);
});

async function usdtOf(address: string): Promise<bigint> {
  return BigInt(await (usdt.balanceOf as (a: string) => Promise<bigint>)(address));
}
