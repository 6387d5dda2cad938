/**
 * Chain data verified by a quorum of endpoints (server/deposits/rpc.ts), on a real local chain with
 * lying endpoints in front of it (tests/chain/lyingProxy.ts): forged Transfer logs, forged
 * receipts, wrong block hashes, a far head, an endpoint that is down. With 2 of 3 honest everything
 * completes and nothing wrong happens; with 1 of 2 lying nothing is credited, settled or failed, the
 * cause is recorded for ops, and it completes once they agree. Also: a revert is final only at the
 * network's confirmations, and the signer never stalls (gas reserve, a refused transaction skipped,
 * failing runs shown in ops withdraw:list). SQLite, or PostgreSQL when DATABASE_URL is set.
 */
import Fastify from 'fastify';
import { HDNodeWallet, parseEther, parseUnits, Wallet, type Contract, type JsonRpcProvider } from 'ethers';
import { fundedWallet, startLocalChain, type LocalChain } from '../chain/localChain';
import { startLyingProxy, type LyingProxy } from '../chain/lyingProxy';
import { toUnits } from '../../contract/rules/money';
import { openDepositAddressBook, type DepositAddressBook } from '../../server/deposits/addresses';
import { checkLedger } from '../../server/ledger/invariants';
import { AT_LEAST_NUMBER, NoQuorum, openRpc, type RetryPolicy } from '../../server/deposits/rpc';
import { DepositWatcher } from '../../server/deposits/watcher';
import { parseWatchedNetworks, type WatchedNetwork } from '../../server/deposits/networks';
import { depositWatcherJobs } from '../../server/deposits/job';
import { watcherStatus } from '../../server/ops/watcherStatus';
import { WITHDRAW_OPS_COMMANDS } from '../../server/ops/withdrawCommands';
import { WithdrawalSigner, type SignerNetwork } from '../../server/withdrawals/signer';
import { withdrawalSignerJobs } from '../../server/withdrawals/job';
import { parseSignerKey } from '../../server/withdrawals/signerKey';
import { startTestApp, type TestApp } from './support/app';
import { DAY, HOUR } from './support/clock';
import { balanceOf, deposit, newUser, type MoneyUser } from './support/ledger';
import { requestWithdrawal, saveWithdrawAddress } from './support/withdrawals';

const ROOT = HDNodeWallet.fromPhrase('test test test test test test test test test test test junk', undefined, "m/44'/60'/0'");
const XPUB = ROOT.neuter().extendedKey;
const CONFIRMATIONS = 3;
const FAST: RetryPolicy = { attempts: 2, baseDelayMs: 5, maxDelayMs: 10, timeoutMs: 5000 };
const silent = Fastify({ logger: false }).log;

let local: LocalChain;
let chain: JsonRpcProvider;
let usdt: Contract;
let t: TestApp;
let book: DepositAddressBook;
let alice: MoneyUser;
let honestA: LyingProxy;
let honestB: LyingProxy;
let liar: LyingProxy;

beforeAll(async () => {
  local = await startLocalChain();
  ({ provider: chain, usdt } = local);
  t = await startTestApp({ seed: true, config: { depositXpub: XPUB, tokenIdleTtlMs: 30 * DAY } });
  book = await openDepositAddressBook(t.db, XPUB, t.clock.now());
  alice = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, alice, '100000');
  await deposit(t.db, t.clock, alice, '100', 'ETH', 'ERC20');
  // past the review window after setting the pay password
  t.clock.advance(DAY + HOUR);
  honestA = await startLyingProxy(local.rpcUrl);
  honestB = await startLyingProxy(local.rpcUrl);
  liar = await startLyingProxy(local.rpcUrl);
}, 60_000);

afterAll(async () => {
  await Promise.all([honestA, honestB, liar].map((p) => p?.stop()));
  await t?.close();
  await local?.stop();
});

beforeEach(() => {
  for (const proxy of [honestA, honestB, liar]) for (const key of Object.keys(proxy.lies)) delete proxy.lies[key as keyof typeof proxy.lies];
});

afterEach(async () => {
  const check = await checkLedger(t.db);
  expect(check.problems).toEqual([]);
});

const mine = async (blocks: number) => {
  for (let i = 0; i < blocks; i += 1) await chain.send('evm_mine', []);
};

async function watchedNetwork(urls: string[], quorum?: number): Promise<WatchedNetwork> {
  const [network] = parseWatchedNetworks({
    CHAIN_ERC20_RPC_URL: urls.join(','),
    CHAIN_ERC20_TOKEN_ADDRESS: await usdt.getAddress(),
    CHAIN_ERC20_CONFIRMATIONS: String(CONFIRMATIONS),
    CHAIN_ERC20_START_BLOCK: String(await chain.getBlockNumber()),
    ...(quorum ? { CHAIN_ERC20_RPC_QUORUM: String(quorum) } : {}),
  });
  return network;
}

/** a watcher whose cursor starts now (a fresh network row per test: the cursor table is per network) */
async function freshWatcher(urls: string[], quorum?: number): Promise<DepositWatcher> {
  await t.db.deleteFrom('chain_cursors').execute();
  return new DepositWatcher({ db: t.db, network: await watchedNetwork(urls, quorum), addressBook: book, log: silent, now: () => t.clock.now(), retry: FAST });
}

const run = (w: DepositWatcher) => w.run(new AbortController().signal);

async function sendUsdt(to: string, amount: string): Promise<number> {
  const receipt = await (await usdt.transfer(to, parseUnits(amount, 6))).wait();
  return receipt!.blockNumber as number;
}

describe('configuration', () => {
  it('takes a list of endpoints and a quorum, a majority by default', () => {
    const token = '0x00000000000000000000000000000000000000aa';
    const [three] = parseWatchedNetworks({ CHAIN_ERC20_RPC_URL: 'https://a.example, https://b.example,https://c.example', CHAIN_ERC20_TOKEN_ADDRESS: token });
    expect(three).toMatchObject({ rpcUrls: ['https://a.example', 'https://b.example', 'https://c.example'], quorum: 2 });
    expect(parseWatchedNetworks({ CHAIN_ERC20_RPC_URL: 'https://a.example', CHAIN_ERC20_TOKEN_ADDRESS: token })[0]).toMatchObject({ rpcUrls: ['https://a.example'], quorum: 1 });
    expect(parseWatchedNetworks({ CHAIN_ERC20_RPC_URL: 'https://a.example,https://b.example', CHAIN_ERC20_RPC_QUORUM: '1', CHAIN_ERC20_TOKEN_ADDRESS: token })[0].quorum).toBe(1);
  });

  it.each([
    [{ CHAIN_ERC20_RPC_URL: 'https://a.example,https://b.example', CHAIN_ERC20_RPC_QUORUM: '3' }, /more than the 2 endpoint/],
    [{ CHAIN_ERC20_RPC_URL: 'https://a.example,https://a.example' }, /names one endpoint twice/],
    [{ CHAIN_ERC20_RPC_URL: 'https://a.example', CHAIN_ERC20_RPC_QUORUM: '0' }, /RPC_QUORUM must be a whole number ≥ 1/],
    [{ CHAIN_ERC20_RPC_URL: 'http://node.example:8545', NODE_ENV: 'production' }, /in production an endpoint must be https/],
  ])('refuses %j', (env, message) => {
    expect(() => parseWatchedNetworks({ CHAIN_ERC20_TOKEN_ADDRESS: '0x00000000000000000000000000000000000000aa', ...env })).toThrow(message);
  });

  it('accepts http to a loopback node in production', () => {
    expect(parseWatchedNetworks({ CHAIN_ERC20_RPC_URL: 'http://127.0.0.1:8545', CHAIN_ERC20_TOKEN_ADDRESS: '0x00000000000000000000000000000000000000aa', NODE_ENV: 'production' })).toHaveLength(1);
  });
});

describe('the quorum caller', () => {
  it('takes the head that a quorum has reached, whatever one endpoint claims', async () => {
    liar.lies.farHead = 1000;
    const rpc = openRpc({ network: 'ERC20', urls: [honestA.url, honestB.url, liar.url] }, FAST, silent);
    const head = await chain.getBlockNumber();
    expect(Number(await rpc.call('eth_blockNumber', (p) => p.getBlockNumber(), new AbortController().signal, AT_LEAST_NUMBER))).toBe(head);
    rpc.close();
  });

  it('refuses with NoQuorum naming what differed when 1 of 2 lies', async () => {
    liar.lies.wrongBlockHashes = true;
    const rpc = openRpc({ network: 'ERC20', urls: [honestA.url, liar.url] }, FAST, silent);
    const call = rpc.call('eth_getBlockByNumber 1', async (p) => (await p.getBlock(1))!.hash, new AbortController().signal);
    await expect(call).rejects.toThrow(NoQuorum);
    await expect(call).rejects.toThrow(/endpoints disagree \(quorum 2 of 2\)/);
    rpc.close();
  });

  it('answers with 2 of 3 while one endpoint is down', async () => {
    liar.lies.down = true;
    const rpc = openRpc({ network: 'ERC20', urls: [liar.url, honestA.url, honestB.url] }, FAST, silent);
    expect(await rpc.call('eth_chainId', async (p) => (await p.getNetwork()).chainId, new AbortController().signal)).toBe(1337n);
    rpc.close();
  });
});

describe('the deposit watcher with a lying endpoint', () => {
  it('never credits a forged Transfer log with 2 of 3 honest, and credits the real deposit', async () => {
    const watcher = await freshWatcher([honestA.url, liar.url, honestB.url]);
    await run(watcher);
    const to = book.addressOf(alice.userId);
    const before = await balanceOf(t.app, alice);
    const block = await sendUsdt(to, '25');
    liar.lies.forgeLog = { token: await usdt.getAddress(), to, value: 5_000_000n * 10n ** 6n, blockNumber: block };
    await run(watcher);
    await mine(CONFIRMATIONS);
    await run(watcher);
    expect(liar.asked.get('eth_getLogs')).toBeGreaterThan(0);
    expect(Number(await balanceOf(t.app, alice)) - Number(before)).toBe(25);
    const seen = await t.db.selectFrom('chain_deposits').select(['amount', 'status']).where('user_id', '=', alice.userId).where('block_number', '=', BigInt(block)).execute();
    expect(seen).toEqual([{ amount: toUnits('25'), status: 'credited' }]);
    watcher.close();
  });

  it('waits with 1 of 2 lying: nothing credited, the cause recorded for ops, then completes once they agree', async () => {
    const network = await watchedNetwork([honestA.url, liar.url]);
    await t.db.deleteFrom('chain_cursors').execute();
    const [job] = depositWatcherJobs({ db: t.db, clock: t.clock, config: { ...t.config, depositXpub: XPUB, chainNetworks: [network] } }, silent, { firstRunDelayMs: 0, intervalMs: 1000 }, FAST);
    const runJob = () => job.run(new AbortController().signal);
    await runJob();
    const to = book.addressOf(alice.userId);
    const before = await balanceOf(t.app, alice);
    const block = await sendUsdt(to, '40');
    liar.lies.forgeLog = { token: await usdt.getAddress(), to, value: 10n ** 12n, blockNumber: block };
    await mine(CONFIRMATIONS);
    for (let i = 0; i < 3; i += 1) await expect(runJob()).rejects.toThrow(NoQuorum);
    expect(await balanceOf(t.app, alice)).toBe(before);
    const printed: Array<Record<string, unknown>> = [];
    expect(await watcherStatus.run([], { db: t.db, clock: t.clock, print: (line) => printed.push(line as Record<string, unknown>) })).toBe(1);
    expect(printed[0]).toMatchObject({ network: 'ERC20', stuck: true, failedRunsInARow: 3 });
    expect(String(printed[0].lastError)).toMatch(/NoQuorum: endpoints disagree \(quorum 2 of 2\)/);

    delete liar.lies.forgeLog;
    await runJob();
    expect(Number(await balanceOf(t.app, alice)) - Number(before)).toBe(40);
    printed.length = 0;
    await watcherStatus.run([], { db: t.db, clock: t.clock, print: (line) => printed.push(line as Record<string, unknown>) });
    expect(printed[0]).toMatchObject({ failedRunsInARow: 0, lastError: null });
  });

  it('follows the chain with 2 of 3 honest while one answers wrong block hashes or is down', async () => {
    liar.lies.wrongBlockHashes = true;
    const watcher = await freshWatcher([liar.url, honestA.url, honestB.url]);
    await run(watcher);
    const to = book.addressOf(alice.userId);
    const before = await balanceOf(t.app, alice);
    await sendUsdt(to, '12');
    await run(watcher);
    liar.lies.down = true;
    await mine(CONFIRMATIONS);
    const summary = await run(watcher);
    expect(summary.reorgs).toBe(0);
    expect(Number(await balanceOf(t.app, alice)) - Number(before)).toBe(12);
    watcher.close();
  });
});

describe('the withdrawal signer with a lying endpoint', () => {
  let net: SignerNetwork;
  let hot: Wallet;

  beforeAll(async () => {
    net = { network: 'ERC20', chainId: 1337n, nativeCurrency: 'ETH', tokens: { USDT: { address: await usdt.getAddress(), decimals: 6 } }, confirmations: CONFIRMATIONS, replaceAfterMs: 10 * 60 * 1000, maxFeePerGas: 10n ** 11n };
    hot = await fundedWallet(local, '100000');
  });

  const signer = (urls: string[], wallet: Wallet = hot) => new WithdrawalSigner(t.db, net, wallet, openRpc({ network: 'ERC20', urls }, FAST, silent, 'withdrawal signer'), t.clock);
  const row = (id: string) => t.db.selectFrom('withdrawals').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
  const tokenBalance = async (address: string) => BigInt(await (usdt.balanceOf as (a: string) => Promise<bigint>)(address));

  it('is not fooled by a forged reverted receipt with 2 of 3 honest: completed, paid once, never returned', async () => {
    const to = await saveWithdrawAddress(t, alice);
    const id = await requestWithdrawal(t, alice, to, '100');
    const s = signer([honestA.url, honestB.url, liar.url]);
    await s.run();
    const sent = await row(id);
    expect(sent.status).toBe('broadcast');
    liar.lies.forgeReceiptStatus = { txHash: sent.tx_hash!, status: '0x0' };
    await mine(CONFIRMATIONS);
    await s.run();
    expect(await row(id)).toMatchObject({ status: 'completed' });
    expect(await tokenBalance(to.address)).toBe(100_000_000n);
    expect(liar.asked.get('eth_sendRawTransaction')).toBeGreaterThan(0);
  });

  it('waits with 1 of 2 lying about the receipt, and completes once they agree', async () => {
    const to = await saveWithdrawAddress(t, alice);
    const id = await requestWithdrawal(t, alice, to, '50');
    const s = signer([honestA.url, liar.url]);
    await s.run();
    const sent = await row(id);
    liar.lies.forgeReceiptStatus = { txHash: sent.tx_hash!, status: '0x0' };
    await mine(CONFIRMATIONS);
    await expect(s.run()).rejects.toThrow(NoQuorum);
    expect((await row(id)).status).toBe('broadcast');
    delete liar.lies.forgeReceiptStatus;
    await s.run();
    expect(await row(id)).toMatchObject({ status: 'completed' });
    expect(await tokenBalance(to.address)).toBe(50_000_000n);
  });

  it('holds a reverted withdrawal in confirming until the revert has the network confirmations', async () => {
    // a token transfer reverts when the hot wallet no longer holds the tokens: prepared while it
    // did, then emptied before the broadcast
    const drained = await fundedWallet(local, '20');
    const to = await saveWithdrawAddress(t, alice);
    const id = await requestWithdrawal(t, alice, to, '20');
    const s = signer([honestA.url], drained);
    const intent = await s.prepare(await row(id));
    expect(intent).not.toBeNull();
    // the tokens leave the hot wallet before the withdrawal is mined: its transfer reverts
    await (await (usdt.connect(drained) as Contract & { transfer(to: string, v: bigint): Promise<{ wait(): Promise<unknown> }> }).transfer(Wallet.createRandom().address, 20_000_000n)).wait();
    await s.broadcast(intent!);
    await s.run();
    expect(await row(id)).toMatchObject({ status: 'confirming', reason: null });
    await mine(CONFIRMATIONS - 1);
    expect((await s.run()).failed).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'failed', reason: 'reverted on chain' });
  });
});

describe('the signer never stalls', () => {
  let net: SignerNetwork;

  beforeAll(async () => {
    net = { network: 'ERC20', chainId: 1337n, nativeCurrency: 'ETH', tokens: { USDT: { address: await usdt.getAddress(), decimals: 6 } }, confirmations: CONFIRMATIONS, replaceAfterMs: 10 * 60 * 1000, maxFeePerGas: 10n ** 11n };
  });

  const row = (id: string) => t.db.selectFrom('withdrawals').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();

  it('keeps a gas reserve: an ETH withdrawal of the whole hot wallet waits, and a USDT one after it is still sent', async () => {
    const hot = Wallet.createRandom().connect(chain) as unknown as Wallet;
    await (await local.funder.sendTransaction({ to: hot.address, value: parseEther('2') })).wait();
    await (await (usdt.transfer as (to: string, v: bigint) => Promise<{ wait(): Promise<unknown> }>)(hot.address, parseUnits('500', 6))).wait();
    const s = new WithdrawalSigner(t.db, net, hot, openRpc({ network: 'ERC20', urls: [honestA.url] }, FAST, silent, 'withdrawal signer'), t.clock);
    const to = await saveWithdrawAddress(t, alice);
    // the hot wallet's whole ETH: nothing would be left for the gas
    const all = await requestWithdrawal(t, alice, to, '2', 'ETH');
    const usdtOne = await requestWithdrawal(t, alice, to, '30');
    const summary = await s.run();
    expect(summary).toMatchObject({ sent: 1, waitingForFunds: 1 });
    expect(await row(all)).toMatchObject({ status: 'processing', nonce: null, waiting: 'hotWalletFunds' });
    expect((await row(usdtOne)).status).toBe('broadcast');
    // cancelled by an operator later; here only the funds are looked at
    await t.db.updateTable('withdrawals').set({ status: 'rejected' }).where('id', '=', BigInt(all)).execute();
  });

  it('waits for the gas coin before a token withdrawal from a hot wallet without it', async () => {
    const noGas = Wallet.createRandom().connect(chain) as unknown as Wallet;
    await (await (usdt.transfer as (to: string, v: bigint) => Promise<{ wait(): Promise<unknown> }>)(noGas.address, parseUnits('500', 6))).wait();
    const s = new WithdrawalSigner(t.db, net, noGas, openRpc({ network: 'ERC20', urls: [honestA.url] }, FAST, silent, 'withdrawal signer'), t.clock);
    const to = await saveWithdrawAddress(t, alice);
    const id = await requestWithdrawal(t, alice, to, '20');
    expect((await s.run()).waitingForFunds).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'processing', waiting: 'gasFunds' });
    const printed: Array<Record<string, unknown>> = [];
    await WITHDRAW_OPS_COMMANDS['withdraw:list'].run(['--status', 'processing'], { db: t.db, clock: t.clock, print: (line) => printed.push(line as Record<string, unknown>) });
    expect(printed.find((line) => line.id === id)?.waiting).toMatch(/gas coin/);
    await (await local.funder.sendTransaction({ to: noGas.address, value: parseEther('1') })).wait();
    expect((await s.run()).sent).toBe(1);
    expect((await row(id)).status).toBe('broadcast');
  });

  it('after 3 failed runs in a row ops withdraw:list shows the signer as failing, with the cause', async () => {
    liar.lies.down = true;
    const key = parseSignerKey({ WITHDRAW_SIGNER_KEY: Wallet.createRandom().privateKey })!;
    const network = await watchedNetwork([liar.url]);
    const [job] = withdrawalSignerJobs({ db: t.db, clock: t.clock, config: { ...t.config, withdrawSignerKey: key, chainNetworks: [network] } }, silent, { firstRunDelayMs: 0, intervalMs: 1000 }, FAST);
    for (let i = 0; i < 3; i += 1) await expect(job.run(new AbortController().signal)).rejects.toThrow();
    const printed: Array<Record<string, unknown>> = [];
    await WITHDRAW_OPS_COMMANDS['withdraw:list'].run([], { db: t.db, clock: t.clock, print: (line) => printed.push(line as Record<string, unknown>) });
    expect(printed[0]).toMatchObject({ signer: 'ERC20', state: 'failing', failedRunsInARow: 3 });
    expect(String(printed[0].lastError)).toMatch(/503|down|SERVER_ERROR/i);
  });
});

describe('no missed first deposits', () => {
  /** the book of the test xpub, as if first opened at `since` (ms) */
  const bookSince = (since: number): DepositAddressBook => ({ addressOf: (userId) => book.addressOf(userId), since });
  const TEN_MINUTES = 10 * 60 * 1000;

  async function firstRun(since: number): Promise<{ block: number; before: string; watcher: DepositWatcher }> {
    await t.db.deleteFrom('chain_cursors').execute();
    const network = { ...(await watchedNetwork([honestA.url])), startBlock: null };
    const watcher = new DepositWatcher({ db: t.db, network, addressBook: bookSince(since), log: silent, now: () => t.clock.now(), retry: FAST });
    const before = await balanceOf(t.app, alice);
    // sent to a shown address before the watcher ever ran on the network
    const block = await sendUsdt(book.addressOf(alice.userId), '33');
    await mine(2);
    await run(watcher);
    await mine(CONFIRMATIONS);
    await run(watcher);
    return { block, before, watcher };
  }

  it('starts the first run at the block of the moment addresses were first shown, and credits a deposit sent before it', async () => {
    const marker = (await chain.getBlock('latest'))!;
    // the book first opened at the marker block's time (the margin for clocks is taken off by the watcher)
    const { block, before, watcher } = await firstRun(marker.timestamp * 1000 + TEN_MINUTES);
    const cursor = await t.db.selectFrom('chain_cursors').select('block_number').executeTakeFirstOrThrow();
    expect(Number(cursor.block_number)).toBeGreaterThan(block);
    expect(Number(await balanceOf(t.app, alice)) - Number(before)).toBe(33);
    watcher.close();
  });

  it('starts at the head when addresses were first shown after the newest block (nothing can have been sent before)', async () => {
    const { block, before, watcher } = await firstRun(Date.now() + 3600 * 1000 + TEN_MINUTES);
    const seen = await t.db.selectFrom('chain_deposits').select('id').where('block_number', '=', BigInt(block)).where('user_id', '=', alice.userId).execute();
    expect(seen).toEqual([]);
    expect(await balanceOf(t.app, alice)).toBe(before);
    watcher.close();
  });
});
