/**
 * The user's side of withdrawals on a phone (375 px, zh-CN), in Chromium against the real server
 * on a local chain (CHAIN_ERC20_*, the hot wallet's signer every 300 ms), as a new user meets it:
 * - an address pasted all in lower case is checksummed before the wallet signs it, and saved;
 * - the confirmation lays its labels out on one line at 375 and at 360 px and shows what arrives,
 *   the fee and the total leaving the balance;
 * - an answer lost on its way back (the server acted) is retried with the same proof under the same
 *   Idempotency-Key: the server replays it, one withdrawal, amount + fee frozen once;
 * - the history and /my/records show the total (never `withdraw:<id>`), a cancelled withdrawal
 *   reads 已退回; the detail view, from both, follows the withdrawal through review, sent and
 *   confirming n/12 to 已到账, with the hash on the configured explorer and the usual time.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAddress, Wallet, type BaseWallet, type Contract, type JsonRpcProvider } from 'ethers';
import type { ElementHandle, Page } from 'puppeteer-core';
import { fundedWallet, startLocalChain, type LocalChain } from '../chain/localChain';
import { clickButton, clickText, fill } from './support/actions';
import { webApi } from './support/api';
import { PHONE, useE2E, type Session } from './support/environment';
import { interceptRequests } from './support/intercept';
import { opsOn } from './support/ops';
import { screenshotPath } from './support/paths';
import { currentPath, waitForMotionToEnd, waitForPath, waitForText } from './support/page';
import { setPayPasswordViaApi, signInViaApi } from './support/siwe';
import { installWallet, type PageWallet } from './support/wallet';

const sqlitePath = join(mkdtempSync(join(tmpdir(), 'powerfi-e2e-withdraw-phone-')), 'withdraw.sqlite');
jest.setTimeout(180_000);

const EXPLORER = 'https://explorer.e2e.test/tx/';
const serverEnv: Record<string, string> = {
  SQLITE_PATH: sqlitePath,
  JOBS_OFF: 'settlement,mallSweep,depositWatcher',
  WITHDRAW_SIGNER_FIRST_RUN_MS: '200',
  WITHDRAW_SIGNER_INTERVAL_MS: '300',
  WITHDRAW_EXPLORER_TX_URL_ERC20: EXPLORER,
};
let local: LocalChain;
let chain: JsonRpcProvider;
let usdt: Contract;

// registered before useE2E's, so the chain and the hot wallet are in serverEnv when the server starts
beforeAll(async () => {
  local = await startLocalChain();
  ({ provider: chain, usdt } = local);
  const hotWallet = await fundedWallet(local, '1000');
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
/** an exchange's deposit address, as exchanges show it: all lower case */
const TARGET = getAddress('0x8ba1f109551bd432803012645ac136ddd64dba72');
const PASTED = TARGET.toLowerCase();
const SHEET = '.ant-drawer-open';
const RECORD = '[data-testid="withdrawal-record"]';

let wallet: BaseWallet;
let session: Session;
/** the withdrawal the retry made */
let withdrawalId = '';

beforeAll(async () => {
  wallet = Wallet.createRandom();
  session = await signInViaApi(e2e.baseUrl, wallet);
  await setPayPasswordViaApi(e2e.baseUrl, session.token, wallet, PAY_PASSWORD);
  const { uid } = session.user as { uid: string };
  ops('deposit:credit', '--uid', uid, '--currency', 'USDT', '--amount', '1000', '--network', 'ERC20', '--tx', `0x${'ce'.repeat(32)}`, '--operator', 'e2e');
});

/** A phone page of the user with the wallet in it (each test has its own: pages close after a test). */
async function phonePage(): Promise<{ page: Page; inPage: PageWallet }> {
  const page = await e2e.newPage({ session, viewport: PHONE });
  return { page, inPage: await installWallet(page, wallet) };
}

/** /my/withdraw with the saved address chosen and `amount` typed, then 下一步: the confirmation. */
async function openConfirmation(page: Page, amount: string): Promise<void> {
  await page.goto(e2e.url('/my/withdraw'));
  await page.locator('.ant-form-item:has(#addressId) .ant-select-selector').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title*="交易所"]').click();
  await page.waitForSelector('.ant-select-selection-item[title*="交易所"]', { visible: true });
  await fill(page, 'input#amount', amount);
  await clickButton(page, '下一步');
  await waitForText(page, `${SHEET} [data-testid="withdraw-summary"]`, TARGET);
}

async function balances() {
  const account = await webApi<{ balances: { currency: string; available: string; frozen: string }[] }>(e2e.baseUrl, session.token, '/account/account');
  return account.balances.find((balance) => balance.currency === 'USDT');
}

/** Each label of the confirmation: its text and how many lines it takes (its line boxes). */
function summaryLabels(target: Page) {
  return target.$$eval(`${SHEET} [data-testid="withdraw-summary"] [data-testid="summary-label"]`, (labels) =>
    labels.map((label) => {
      const range = document.createRange();
      range.selectNodeContents(label);
      const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      return { text: (label as HTMLElement).innerText, lines };
    }),
  );
}

test('an address pasted in lower case is checksummed before the wallet signs it, and saved', async () => {
  const { page, inPage } = await phonePage();
  await page.browserContext().overridePermissions(e2e.baseUrl, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
  await page.goto(e2e.url('/my/withdraw'));
  await waitForText(page, '.ant-select-selection-placeholder', '还没有 ERC20 提现地址');
  await page.evaluate((text) => navigator.clipboard.writeText(text), PASTED);

  await clickButton(page, '添加提现地址');
  await fill(page, `${SHEET} input#label`, '交易所');
  await page.click(`${SHEET} [data-testid="withdraw-address-paste"]`);
  await page.waitForFunction((sheet, pasted) => (document.querySelector<HTMLInputElement>(`${sheet} input#address`)?.value ?? '') === pasted, {}, SHEET, PASTED);
  await page.screenshot({ path: screenshotPath('withdraw-phone-lowercase-paste.png') });
  await clickButton(page, '钱包签名并保存', SHEET);
  await waitForText(page, '.ant-message-notice', '地址已添加，可以立即使用');
  expect(inPage.signed).toHaveLength(1);
  expect(inPage.signed[0]).toContain(`\nAdd withdrawal address ${TARGET} on ERC20 to PowerFi\n`);
  await waitForText(page, '[data-testid="withdraw-saved-address"]', TARGET);
});

test('the confirmation keeps its labels on one line at 375 and 360 px, and shows what arrives, the fee and the total', async () => {
  const { page } = await phonePage();
  await openConfirmation(page, '100');
  const summary = await page.$eval(`${SHEET} [data-testid="withdraw-summary"]`, (element) => (element as HTMLElement).innerText.replace(/\s+/g, ' '));
  expect(summary).toContain('到账数量 100 USDT');
  expect(summary).toContain('手续费 5 USDT');
  expect(summary).toContain('共扣除（含手续费） 105 USDT');
  const at375 = await summaryLabels(page);
  expect(at375.map((label) => label.text)).toEqual(['提现地址', '币种 / 网络', '到账数量', '手续费', '共扣除（含手续费）']);
  expect(at375.every((label) => label.lines === 1)).toBe(true);
  await page.screenshot({ path: screenshotPath('withdraw-phone-confirm-375.png') });

  await page.setViewport({ ...PHONE, width: 360 });
  await page.waitForFunction(() => window.innerWidth === 360);
  expect((await summaryLabels(page)).every((label) => label.lines === 1)).toBe(true);
  await page.screenshot({ path: screenshotPath('withdraw-phone-confirm-360.png') });
  await page.setViewport(PHONE);
});

test('an answer lost on its way back is retried with the same proof and key: replayed, one withdrawal, frozen once', async () => {
  const { page, inPage } = await phonePage();
  let requests = 0;
  const answers: Array<{ status: number; replayed: string | undefined }> = [];
  await interceptRequests(page, [
    { match: (url, request) => url.pathname === '/api/v1/web/withdraw/request' && request.method() === 'POST' && (requests += 1) === 1, reply: 'deliverThenDrop' },
  ]);
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/v1/web/withdraw/request') answers.push({ status: response.status(), replayed: response.headers()['idempotent-replayed'] });
  });
  const sent: Array<{ key: string; body: string }> = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/web/withdraw/request') sent.push({ key: request.headers()['idempotency-key'], body: request.postData() ?? '' });
  });
  await openConfirmation(page, '100');

  await fill(page, `${SHEET} [data-pay-password][aria-label="支付密码"]`, PAY_PASSWORD);
  await clickButton(page, '确定', SHEET);
  // the server froze it, the page got no answer: it says so and the sheet stays open
  await page.waitForFunction(() => document.querySelector('.ant-message-notice-error, .ant-notification-notice'), { timeout: 20_000 });
  expect(await balances()).toMatchObject({ available: '895', frozen: '105' });
  await page.screenshot({ path: screenshotPath('withdraw-phone-answer-lost.png') });

  await clickButton(page, '确定', SHEET);
  await waitForText(page, '.ant-message-notice', '已提交 100 USDT 的提现');
  expect(sent).toHaveLength(2);
  expect(sent[1]).toEqual(sent[0]);
  expect(answers).toEqual([{ status: 200, replayed: 'true' }]);
  // one signature for the withdrawal, sent twice
  expect(inPage.signed).toHaveLength(1);
  expect(await balances()).toMatchObject({ available: '895', frozen: '105' });
  const listed = ops('withdraw:list');
  expect(listed).toHaveLength(1);
  withdrawalId = String(listed[0].id);
});

test('the history and /my/records show the total, a cancelled withdrawal reads as returned, and the detail follows one to 已到账 with its explorer link', async () => {
  const { page } = await phonePage();
  // the history: the total that left, and a link to the detail
  await page.goto(e2e.url('/my/withdraw'));
  await waitForText(page, RECORD, '-105 USDT');
  await waitForText(page, RECORD, '含手续费 5');

  // a second withdrawal (50 + 5), cancelled while in review: 已退回, not a red −55
  await openConfirmation(page, '50');
  await fill(page, `${SHEET} [data-pay-password][aria-label="支付密码"]`, PAY_PASSWORD);
  await clickButton(page, '确定', SHEET);
  await waitForText(page, '.ant-message-notice', '已提交 50 USDT 的提现');
  // the new row's own 撤销: the first withdrawal is in review too, and until the list has reloaded
  // its button is the first one on the page
  const cancelOfNewRow = await page.waitForFunction(
    (selector) => [...document.querySelectorAll(selector)].find((row) => (row as HTMLElement).innerText.includes('-55 USDT'))?.querySelector<HTMLElement>('[data-testid="withdrawal-cancel"]'),
    {},
    RECORD,
  );
  await (cancelOfNewRow.asElement() as ElementHandle<Element>).click();
  await clickButton(page, '撤销', '.ant-modal-confirm');
  await waitForText(page, '.ant-message-notice', '已撤销，金额和手续费已退回');
  await waitForText(page, RECORD, '已退回');
  const rows = await page.$$eval(RECORD, (elements) => elements.map((element) => ({ text: (element as HTMLElement).innerText, red: !!element.querySelector('.ant-typography-danger') })));
  expect(rows[0].text).toContain('55 USDT');
  expect(rows[0].text).not.toContain('-55');
  expect(rows[0].red).toBe(false);
  await page.$eval(RECORD, (row) => row.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: screenshotPath('withdraw-phone-history.png') });

  // /my/records: words, the total, 已退回, a link to each withdrawal; never `withdraw:<id>`
  const records = await e2e.newPage({ session, viewport: PHONE });
  await records.goto(e2e.url('/my/records'));
  await waitForText(records, '[data-testid="ledger-entry"]', '提现退回');
  const entries = await records.$$eval('[data-testid="ledger-entry"]', (elements) => elements.map((element) => (element as HTMLElement).innerText));
  expect(entries.join('\n')).not.toContain('withdraw:');
  expect(entries.find((text) => text.includes('-105 USDT'))).toContain('详情');
  expect(entries.find((text) => text.includes('已退回'))).toContain('55 USDT');
  await records.screenshot({ path: screenshotPath('withdraw-records-phone.png') });
  const links = await records.$$eval('[data-testid="ledger-entry"] [data-testid="withdrawal-detail-link"]', (anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(new Set(links)).toEqual(new Set([`/my/withdraw/${withdrawalId}`, `/my/withdraw/${Number(withdrawalId) + 1}`]));
  // the one on its way, above the entries, opens its detail
  await waitForText(records, '[data-testid="withdrawals-on-the-way"]', '-105 USDT');
  await clickText(records, '[data-testid="withdrawals-on-the-way"] a', '详情');
  await waitForPath(records, `/my/withdraw/${withdrawalId}`);
  await records.close();

  // the detail, from the history (the first withdrawal, below the cancelled one): in review
  await clickText(page, `${RECORD} a[href="/my/withdraw/${withdrawalId}"]`, '详情');
  await waitForPath(page, `/my/withdraw/${withdrawalId}`);
  const timeline = '[data-testid="withdrawal-timeline"]';
  await waitForText(page, `${timeline} .ant-steps-item-process`, '等待人工审核');
  await waitForText(page, '[data-testid="withdrawal-detail"]', '通常约 4 分钟');
  await page.screenshot({ path: screenshotPath('withdraw-phone-detail-review.png'), fullPage: true });

  // approved; the signer sends it (mined at once): 区块确认 1/12, with the hash on the explorer
  ops('withdraw:approve', withdrawalId, '--operator', 'e2e');
  await waitForText(page, `${timeline} .ant-steps-item-process`, '区块确认 1/12', 30_000);
  await waitForText(page, `${timeline} .ant-steps-item-finish`, '审核通过');
  await waitForText(page, `${timeline} .ant-steps-item-finish`, '已发出');
  const link = await page.$eval('[data-testid="withdrawal-explorer"]', (a) => ({ href: (a as HTMLAnchorElement).href, target: (a as HTMLAnchorElement).target }));
  expect(link.href).toMatch(new RegExp(`^${EXPLORER.replace(/\./g, '\\.')}0x[0-9a-f]{64}$`));
  expect(link.target).toBe('_blank');
  await page.screenshot({ path: screenshotPath('withdraw-phone-detail-confirming.png'), fullPage: true });

  // 11 more blocks: 已到账, seen by the page's own polling
  for (let i = 0; i < 11; i += 1) await chain.send('evm_mine', []);
  await waitForText(page, `${timeline} .ant-steps-item-finish`, '已到账', 30_000);
  await waitForText(page, '[data-testid="withdrawal-detail"]', '已完成');
  const [done] = ops('withdraw:list', '--status', 'completed');
  expect(link.href).toBe(`${EXPLORER}${(done as { txHash: string }).txHash}`);
  expect(await page.$$eval(`${timeline} .ant-steps-item-finish`, (steps) => steps.length)).toBe(6);
  await page.screenshot({ path: screenshotPath('withdraw-phone-detail-completed.png'), fullPage: true });
  expect(currentPath(page)).toBe(`/my/withdraw/${withdrawalId}`);
  expect(await balances()).toMatchObject({ available: '895', frozen: '0' });
  // as the other screens (axe.test.ts): no serious or critical accessibility violation
  expect(await seriousViolations(page)).toEqual([]);
});

/** The page's serious and critical axe violations, after a reload that lets axe's script in past the CSP. */
async function seriousViolations(target: Page): Promise<string[]> {
  await target.setBypassCSP(true);
  await target.reload();
  await waitForText(target, '[data-testid="withdrawal-detail"]', '已完成');
  await target.waitForNetworkIdle({ idleTime: 300, timeout: 20_000 }).catch(() => undefined);
  await waitForMotionToEnd(target); // antd's colour transitions, before contrast is measured
  await target.addScriptTag({ path: require.resolve('axe-core') });
  return target.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${violation.help} — ${node.target.map(String).join(' > ')}`));
  });
}
