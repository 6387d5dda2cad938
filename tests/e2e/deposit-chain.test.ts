/**
 * Deposits from the chain end to end: the real server follows a local ganache chain (CHAIN_ERC20_*, 2
 * confirmations, the watcher every 500 ms) with a 6-decimal TestUSDT deployed here. A user opens
 * /my/deposit on a phone, the test reads the address the page shows and sends TestUSDT to it on the
 * chain: the page shows 确认中 and then, once the test mined the confirmation, the credited record and
 * the new balance, without a reload.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Wallet, parseUnits, type Contract, type JsonRpcProvider } from 'ethers';
import { startLocalChain, type LocalChain } from '../chain/localChain';
import { PHONE, useE2E } from './support/environment';
import { signInViaApi } from './support/siwe';
import { SCREENSHOT_DIR } from './support/paths';

jest.setTimeout(180_000);

const serverEnv: Record<string, string> = {
  CHAIN_ERC20_CONFIRMATIONS: '2',
  CHAIN_ERC20_START_BLOCK: '0',
  DEPOSIT_WATCHER_FIRST_RUN_MS: '200',
  DEPOSIT_WATCHER_INTERVAL_MS: '500',
};
let local: LocalChain;
let chain: JsonRpcProvider;
let usdt: Contract;

// registered before useE2E's, so the chain is up and its addresses are in serverEnv when the server starts
beforeAll(async () => {
  local = await startLocalChain();
  ({ provider: chain, usdt } = local);
  serverEnv.CHAIN_ERC20_RPC_URL = local.rpcUrl;
  serverEnv.CHAIN_ERC20_TOKEN_ADDRESS = await usdt.getAddress();
});
const e2e = useE2E(serverEnv);

afterAll(async () => {
  await local?.stop();
});

it('a USDT transfer to the shown address shows 确认中, then is credited, without a reload', async () => {
  const session = await signInViaApi(e2e.baseUrl, Wallet.createRandom());
  const page = await e2e.newPage({ viewport: PHONE, session });
  await page.goto(e2e.url('/my/deposit'));
  const addressEl = await page.waitForSelector('[data-testid="deposit-address"]', { timeout: 30_000 });
  const address = (await addressEl!.evaluate((el) => el.textContent ?? '')).trim();
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await page.waitForFunction(() => /0(\.0+)?\s*USDT/.test(document.querySelector('[data-testid="deposit-balance"]')?.textContent ?? ''), { timeout: 30_000 });
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });

  await (await usdt.transfer(address, parseUnits('123.45', 6))).wait();
  // seen at once: 1 of 2 confirmations (polled every 10 s while nothing is confirming)
  await page.waitForFunction(() => document.querySelector('[data-testid="deposit-confirming"]')?.textContent?.replace(/\s/g, '') === '确认中1/2', { timeout: 30_000 });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'deposit-confirming-375.png'), fullPage: true });

  await chain.send('evm_mine', []);
  await page.waitForFunction(() => !document.querySelector('[data-testid="deposit-confirming"]') && /123\.45\s*USDT/.test(document.querySelector('[data-testid="deposit-balance"]')?.textContent ?? ''), { timeout: 30_000 });
  const rows = await page.$$eval('[data-testid="deposit-record"]', (els) => els.map((el) => (el as HTMLElement).innerText));
  expect(rows.some((text) => text.includes('+123.45'))).toBe(true);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'deposit-credited-375.png'), fullPage: true });
  expect(navigations).toEqual([]);
});
