/**
 * The deposit watcher (server/deposits) on a real local chain: ganache, in process, on a free
 * port, with a 6-decimal test ERC-20 (tests/chain/TestUSDT.sol, compiled into TestUSDT.json) and
 * real transfers to users' deposit addresses (derived from the test xpub). The watcher's `run` is
 * driven directly (no timers): each test mines the blocks it needs, runs the watcher and reads the
 * database and the ledger, whose invariants hold after every test. SQLite, or PostgreSQL when
 * DATABASE_URL is set.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import Fastify from 'fastify';
import { HDNodeWallet, parseEther, parseUnits, type Contract, type JsonRpcProvider, type JsonRpcSigner } from 'ethers';
import { startLocalChain, type LocalChain } from '../chain/localChain';
import { toUnits } from '../../contract/rules/money';
import { creditDeposit } from '../../server/deposits/creditByHand';
import { cliActor } from '../../server/operators/actor';
import { openDepositAddressBook, type DepositAddressBook } from '../../server/deposits/addresses';
import { checkLedger } from '../../server/ledger/invariants';
import { parseWatchedNetworks, type WatchedNetwork } from '../../server/deposits/networks';
import { DepositWatcher, type WatcherOptions } from '../../server/deposits/watcher';
import { chainToLedgerUnits } from '../../server/deposits/amounts';
import { DepositAddressIndex } from '../../server/deposits/addressIndex';
import { watcherStatus } from '../../server/ops/watcherStatus';
import { serverJobs } from '../../server/jobs';
import { parseJobSchedule } from '../../server/jobSchedule';
import { startTestApp, type TestApp } from './support/app';
import { bearer } from './support/siwe';
import { balanceOf, newUser, randomTxHash, type MoneyUser } from './support/ledger';

const ROOT = HDNodeWallet.fromPhrase('test test test test test test test test test test test junk', undefined, "m/44'/60'/0'");
const XPUB = ROOT.neuter().extendedKey;
const CONFIRMATIONS = 3;
/** ganache's accounts with `wallet.deterministic` */
const GANACHE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
const FAST_RETRY = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20, timeoutMs: 5000 };
const silent = Fastify({ logger: false }).log;

let local: LocalChain;
let rpcUrl: string;
let chain: JsonRpcProvider;
let funder: JsonRpcSigner;
let usdt: Contract;
let t: TestApp;
let book: DepositAddressBook;
let network: WatchedNetwork;
let alice: MoneyUser;
let bob: MoneyUser;

beforeAll(async () => {
  local = await startLocalChain();
  ({ rpcUrl, provider: chain, funder, usdt } = local);
  t = await startTestApp({ seed: true, config: { depositXpub: XPUB } });
  book = await openDepositAddressBook(t.db, XPUB, t.clock.now());
  alice = await newUser(t.app, t.db, t.clock, { payPassword: null });
  bob = await newUser(t.app, t.db, t.clock, { payPassword: null });
  network = {
    network: 'ERC20',
    rpcUrls: [rpcUrl],
    quorum: 1,
    token: { currency: 'USDT', minDeposit: toUnits('10'), address: await usdt.getAddress() },
    native: { currency: 'ETH', minDeposit: toUnits('0.01') },
    confirmations: CONFIRMATIONS,
    startBlock: 0,
    blockRange: 5,
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
  await local?.stop();
});

afterEach(async () => {
  const check = await checkLedger(t.db);
  expect(check.problems).toEqual([]);
  expect(check.ok).toBe(true);
});

function watcher(options: Partial<WatcherOptions> = {}): DepositWatcher {
  return new DepositWatcher({ db: t.db, network, addressBook: book, log: silent, now: () => t.clock.now(), retry: FAST_RETRY, ...options });
}

const run = (w = watcher()) => w.run(new AbortController().signal);
const addressOf = (user: MoneyUser) => book.addressOf(user.userId);

async function mine(blocks: number): Promise<void> {
  for (let i = 0; i < blocks; i += 1) await chain.send('evm_mine', []);
}

async function sendUsdt(to: MoneyUser, amount: string): Promise<{ hash: string; block: number }> {
  const tx = await usdt.transfer(addressOf(to), parseUnits(amount, 6));
  const receipt = await tx.wait();
  return { hash: tx.hash.toLowerCase(), block: receipt!.blockNumber };
}

async function rows(txHash: string) {
  return t.db.selectFrom('chain_deposits').selectAll().where('tx_hash', '=', txHash).orderBy('log_index').execute();
}

async function ledgerRefs(prefix: string): Promise<string[]> {
  const found = await t.db.selectFrom('ledger_transactions').select('ref').where('ref', 'like', `${prefix}%`).execute();
  return found.map((row) => row.ref);
}

describe('the deposit watcher on a local chain', () => {
  it('stores a transfer at once as confirming, then credits it exactly once when it has its confirmations', async () => {
    await run();
    const { hash, block } = await sendUsdt(alice, '150.25');
    const first = await run();
    expect(first.depositsSeen).toBe(1);
    expect(await rows(hash)).toEqual([
      expect.objectContaining({
        network: 'ERC20', currency: 'USDT', log_index: 0n, block_number: BigInt(block), user_id: alice.userId, address: addressOf(alice),
        amount: toUnits('150.25'), chain_amount: '150250000', status: 'confirming', deposit_id: null, credited_at: null,
      }),
    ]);
    expect(await balanceOf(t.app, alice)).toBe('0');

    await mine(CONFIRMATIONS - 2);
    expect((await run()).credited).toBe(0);
    expect((await rows(hash))[0].status).toBe('confirming');

    await mine(1);
    expect((await run()).credited).toBe(1);
    const [credited] = await rows(hash);
    expect(credited).toMatchObject({ status: 'credited', credited_at: BigInt(t.clock.now()) });
    expect(credited.deposit_id).not.toBeNull();
    expect(await balanceOf(t.app, alice)).toBe('150.25');
    expect(await ledgerRefs(`chain:deposit:ERC20:${hash}`)).toEqual([`chain:deposit:ERC20:${hash}:0`]);

    await mine(2);
    expect((await run()).credited).toBe(0);
    expect(await balanceOf(t.app, alice)).toBe('150.25');
    const deposit = await t.db.selectFrom('deposits').selectAll().where('tx_hash', '=', hash).execute();
    expect(deposit).toEqual([expect.objectContaining({ user_id: alice.userId, amount: toUnits('150.25'), log_index: 0n, source: 'watcher', operator: 'watcher' })]);
  });

  it('credits two Transfer logs of one transaction as two deposits', async () => {
    const before = Number(await balanceOf(t.app, bob));
    const tx = await usdt.transferMany([addressOf(bob), addressOf(bob)], [parseUnits('20', 6), parseUnits('30.5', 6)]);
    await tx.wait();
    const hash = tx.hash.toLowerCase();
    await run();
    await mine(CONFIRMATIONS);
    await run();
    const found = await rows(hash);
    expect(found.map((row) => [row.log_index, row.amount, row.status])).toEqual([
      [0n, toUnits('20'), 'credited'],
      [1n, toUnits('30.5'), 'credited'],
    ]);
    expect((await ledgerRefs(`chain:deposit:ERC20:${hash}`)).sort()).toEqual([`chain:deposit:ERC20:${hash}:0`, `chain:deposit:ERC20:${hash}:1`]);
    expect(Number(await balanceOf(t.app, bob))).toBeCloseTo(before + 50.5, 8);
  });

  it('credits a log seen twice once (the cursor moved back over it)', async () => {
    const { hash, block } = await sendUsdt(alice, '12');
    const before = await balanceOf(t.app, alice);
    await run();
    await mine(CONFIRMATIONS);
    await run();
    await t.db.updateTable('chain_cursors').set({ block_number: BigInt(block - 1), block_hash: (await chain.getBlock(block - 1))!.hash! }).where('network', '=', 'ERC20').execute();
    const again = await run();
    expect(again.blocksScanned).toBeGreaterThan(CONFIRMATIONS);
    expect(again.depositsSeen).toBeGreaterThanOrEqual(1);
    expect(again.credited).toBe(0);
    expect(await rows(hash)).toEqual([expect.objectContaining({ status: 'credited' })]);
    expect(await ledgerRefs(`chain:deposit:ERC20:${hash}`)).toHaveLength(1);
    expect(Number(await balanceOf(t.app, alice))).toBeCloseTo(Number(before) + 12, 8);
  });

  it('drops a deposit whose block a reorg removed before it was confirmed, and credits nothing', async () => {
    await run();
    const before = await balanceOf(t.app, bob);
    const snapshot = await chain.send('evm_snapshot', []);
    const { hash } = await sendUsdt(bob, '100');
    expect((await run()).depositsSeen).toBe(1);
    expect((await rows(hash))[0].status).toBe('confirming');
    // the chain forgets the transfer's block and grows another way, past the confirmations
    expect(await chain.send('evm_revert', [snapshot])).toBe(true);
    await sendUsdt(alice, '0.5');
    await mine(CONFIRMATIONS + 1);
    const after = await run();
    expect(after.reorgs).toBeGreaterThanOrEqual(1);
    expect(after.dropped).toBe(1);
    expect(await rows(hash)).toEqual([expect.objectContaining({ status: 'dropped', deposit_id: null })]);
    expect(await ledgerRefs(`chain:deposit:ERC20:${hash}`)).toEqual([]);
    expect(await balanceOf(t.app, bob)).toBe(before);
    // the cursor is on the new chain
    const cursor = await t.db.selectFrom('chain_cursors').selectAll().where('network', '=', 'ERC20').executeTakeFirstOrThrow();
    expect(cursor.block_hash).toBe((await chain.getBlock(Number(cursor.block_number)))!.hash);
  });

  it('re-attaches a deposit whose transaction is mined again in another block after a reorg', async () => {
    await run();
    const before = await balanceOf(t.app, alice);
    const snapshot = await chain.send('evm_snapshot', []);
    // signed here, so that the very same bytes can be mined again after the reorg
    const signer = HDNodeWallet.fromPhrase(GANACHE_MNEMONIC).connect(chain);
    expect(signer.address).toBe(await funder.getAddress());
    const raw = await signer.signTransaction(await signer.populateTransaction(await usdt.transfer.populateTransaction(addressOf(alice), parseUnits('25', 6))));
    const sent = await chain.broadcastTransaction(raw);
    const hash = sent.hash.toLowerCase();
    const block = (await sent.wait())!.blockNumber;
    expect((await run()).depositsSeen).toBe(1);
    await chain.send('evm_revert', [snapshot]);
    await mine(2);
    // the same transaction lands again, two blocks higher
    const again = await chain.broadcastTransaction(raw);
    const receipt = await again.wait();
    expect(again.hash.toLowerCase()).toBe(hash);
    expect(receipt!.blockNumber).toBe(block + 2);
    await mine(CONFIRMATIONS);
    const summary = await run();
    expect(summary.credited).toBe(1);
    expect(await rows(hash)).toEqual([expect.objectContaining({ status: 'credited', block_number: BigInt(block + 2), block_hash: receipt!.blockHash })]);
    expect(Number(await balanceOf(t.app, alice))).toBeCloseTo(Number(before) + 25, 8);
  });

  it('stores a deposit below the minimum as below_minimum and never credits it', async () => {
    const before = await balanceOf(t.app, bob);
    const { hash } = await sendUsdt(bob, '9.999999');
    await run();
    await mine(CONFIRMATIONS + 1);
    await run();
    expect(await rows(hash)).toEqual([expect.objectContaining({ status: 'below_minimum', amount: toUnits('9.999999'), deposit_id: null })]);
    expect(await ledgerRefs(`chain:deposit:ERC20:${hash}`)).toEqual([]);
    expect(await balanceOf(t.app, bob)).toBe(before);
  });

  it('credits a native ETH deposit (a transaction\'s value), rounded down to the ledger\'s 8 decimals', async () => {
    await run();
    const tx = await funder.sendTransaction({ to: addressOf(bob), value: parseEther('0.0123456789') });
    await tx.wait();
    const hash = tx.hash.toLowerCase();
    await run();
    await mine(CONFIRMATIONS);
    await run();
    expect(await rows(hash)).toEqual([
      expect.objectContaining({ currency: 'ETH', log_index: -1n, amount: 1_234_567n, chain_amount: '12345678900000000', status: 'credited' }),
    ]);
    expect(await balanceOf(t.app, bob, 'ETH')).toBe('0.01234567');
    expect(await ledgerRefs(`chain:deposit:ERC20:${hash}`)).toEqual([`chain:deposit:ERC20:${hash}:-1`]);
  });

  it('resumes from its cursor after being stopped mid-range, without gaps or doubles', async () => {
    await run();
    const sent = [];
    for (let i = 0; i < 3; i += 1) {
      sent.push((await sendUsdt(alice, '11')).hash);
      await mine(network.blockRange + 1);
    }
    const before = Number(await balanceOf(t.app, alice));
    const stop = new AbortController();
    const ranges: Array<[number, number]> = [];
    const first = watcher({ onRangeStored: (from, to) => { ranges.push([from, to]); stop.abort(new Error('stopped')); } });
    await expect(first.run(stop.signal)).rejects.toThrow('stopped');
    expect(ranges).toHaveLength(1);
    const cursor = await t.db.selectFrom('chain_cursors').select('block_number').where('network', '=', 'ERC20').executeTakeFirstOrThrow();
    expect(Number(cursor.block_number)).toBe(ranges[0][1]);
    expect((await rows(sent[2]))).toEqual([]);

    const restarted = watcher({ onRangeStored: (from, to) => ranges.push([from, to]) });
    await run(restarted);
    // the ranges follow one another from where the stopped run left off
    for (let i = 1; i < ranges.length; i += 1) expect(ranges[i][0]).toBe(ranges[i - 1][1] + 1);
    await mine(CONFIRMATIONS);
    await run(restarted);
    for (const hash of sent) {
      expect(await rows(hash)).toEqual([expect.objectContaining({ status: 'credited' })]);
      expect(await ledgerRefs(`chain:deposit:ERC20:${hash}`)).toHaveLength(1);
    }
    expect(Number(await balanceOf(t.app, alice))).toBeCloseTo(before + 33, 8);
  });

  it('two watchers running at once credit a deposit once', async () => {
    const before = Number(await balanceOf(t.app, bob));
    const { hash } = await sendUsdt(bob, '42');
    await mine(CONFIRMATIONS);
    const [one, two] = await Promise.all([run(watcher()), run(watcher())]);
    expect(one.credited + two.credited).toBe(1);
    expect(await ledgerRefs(`chain:deposit:ERC20:${hash}`)).toHaveLength(1);
    expect(await rows(hash)).toEqual([expect.objectContaining({ status: 'credited' })]);
    expect(Number(await balanceOf(t.app, bob))).toBeCloseTo(before + 42, 8);
  });

  it('gives up a run when the endpoint is down and skips nothing: the cursor stays', async () => {
    await run();
    const cursor = await t.db.selectFrom('chain_cursors').selectAll().where('network', '=', 'ERC20').executeTakeFirstOrThrow();
    const dead = new DepositWatcher({ db: t.db, network: { ...network, rpcUrls: ['http://127.0.0.1:9'] }, addressBook: book, log: silent, now: () => t.clock.now(), retry: FAST_RETRY });
    await expect(run(dead)).rejects.toThrow();
    expect(await t.db.selectFrom('chain_cursors').selectAll().where('network', '=', 'ERC20').executeTakeFirstOrThrow()).toEqual(cursor);
  });

  it('stops at once when told, even while the endpoint is slow to answer', async () => {
    const sockets = new Set<Socket>();
    const silentNode = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silentNode.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silentNode.address() as AddressInfo).port;
      const slow = new DepositWatcher({ db: t.db, network: { ...network, rpcUrls: [`http://127.0.0.1:${port}`] }, addressBook: book, log: silent, now: () => t.clock.now(), retry: { ...FAST_RETRY, timeoutMs: 60_000 } });
      const stop = new AbortController();
      const running = slow.run(stop.signal);
      const startedAt = Date.now();
      setTimeout(() => stop.abort(new Error('shutdown')), 100);
      await expect(running).rejects.toThrow('shutdown');
      expect(Date.now() - startedAt).toBeLessThan(5000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silentNode.close(resolve));
    }
  });
});

describe('crediting by hand and by the watcher', () => {
  it('ops deposit:credit refuses a transaction the watcher credited', async () => {
    const { hash } = await sendUsdt(alice, '15');
    await run();
    await mine(CONFIRMATIONS);
    await run();
    expect((await rows(hash))[0].status).toBe('credited');
    await expect(
      creditDeposit(t.db, { uid: alice.uid, network: 'ERC20', currency: 'USDT', amount: '15', txHash: hash }, { actor: cliActor('carol'), now: t.clock.now(), reason: '' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', options: { messageKey: 'deposit.creditedByWatcher' } });
    expect(await ledgerRefs(`ops:deposit:credit:cli:carol:ERC20:${hash}`)).toEqual([]);
  });

  it('the watcher does not credit a transaction an operator credited by hand', async () => {
    const { hash } = await sendUsdt(bob, '18');
    const before = Number(await balanceOf(t.app, bob));
    const byHand = await creditDeposit(t.db, { uid: bob.uid, network: 'ERC20', currency: 'USDT', amount: '18', txHash: hash }, { actor: cliActor('carol'), now: t.clock.now(), reason: '' });
    expect(byHand.created).toBe(true);
    await run();
    await mine(CONFIRMATIONS);
    const summary = await run();
    expect(summary.credited).toBe(0);
    expect(await rows(hash)).toEqual([expect.objectContaining({ status: 'credited', deposit_id: byHand.id })]);
    expect(await ledgerRefs(`chain:deposit:ERC20:${hash}`)).toEqual([]);
    expect(Number(await balanceOf(t.app, bob))).toBeCloseTo(before + 18, 8);
  });

  it('ops deposit:credit still credits by network + tx hash, once', async () => {
    const input = { uid: alice.uid, network: 'BEP20', currency: 'USDT', amount: '5', txHash: randomTxHash() };
    const inputAct = { actor: cliActor('dave'), now: t.clock.now(), reason: '' };
    expect((await creditDeposit(t.db, input, inputAct)).created).toBe(true);
    expect((await creditDeposit(t.db, input, inputAct)).created).toBe(false);
  });
});

describe('drop on rescan and the hand credit cross-check', () => {
  it('drops a confirming deposit at once when its block is scanned again and no longer holds it', async () => {
    await run();
    const snapshot = await chain.send('evm_snapshot', []);
    const { hash, block } = await sendUsdt(bob, '40');
    expect((await run()).depositsSeen).toBe(1);
    await chain.send('evm_revert', [snapshot]);
    // one block at the same height, without the transfer: far from the deposit's confirmations
    await mine(1);
    expect(await chain.getBlockNumber()).toBe(block);
    const after = await run();
    expect(after.reorgs).toBe(1);
    expect(after.dropped).toBe(1);
    expect(await rows(hash)).toEqual([expect.objectContaining({ status: 'dropped', deposit_id: null })]);
    expect(await ledgerRefs(`chain:deposit:ERC20:${hash}`)).toEqual([]);
  });

  it('ops deposit:credit refuses an amount or user other than what the watcher saw, and credits the matching one once', async () => {
    const { hash } = await sendUsdt(alice, '33');
    await run();
    expect((await rows(hash))[0].status).toBe('confirming');
    const input = { uid: alice.uid, network: 'ERC20', currency: 'USDT', amount: '34', txHash: hash };
    const inputAct = { actor: cliActor('carol'), now: t.clock.now(), reason: '' };
    await expect(creditDeposit(t.db, input, inputAct)).rejects.toMatchObject({
      code: 'CONFLICT', options: { messageKey: 'deposit.watcherMismatch', params: { seen: '33 USDT', uid: alice.uid } },
    });
    await expect(creditDeposit(t.db, { ...input, amount: '33', uid: bob.uid }, inputAct)).rejects.toMatchObject({ code: 'CONFLICT', options: { messageKey: 'deposit.watcherMismatch' } });
    expect(await ledgerRefs(`ops:deposit:credit:cli:carol:ERC20:${hash}`)).toEqual([]);
    const before = Number(await balanceOf(t.app, alice));
    expect((await creditDeposit(t.db, { ...input, amount: '33' }, inputAct)).created).toBe(true);
    // the watcher then marks its row credited by the operator's deposit, and posts nothing
    await mine(CONFIRMATIONS);
    expect((await run()).credited).toBe(0);
    expect((await rows(hash))[0].status).toBe('credited');
    expect(Number(await balanceOf(t.app, alice))).toBeCloseTo(before + 33, 8);
  });
});

describe('the deposit records (GET /account/recharge)', () => {
  let dave: MoneyUser;
  const page = async (user: MoneyUser, query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/web/account/recharge${query}`, headers: bearer(user.token) });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    // what the server reads from CHAIN_ERC20_*: the watcher's confirmations are the required ones
    t.config.chainNetworks = [network];
    dave = await newUser(t.app, t.db, t.clock, { payPassword: null });
  });
  afterAll(() => {
    t.config.chainNetworks = [];
  });

  it('lists seen deposits with credited ones in one list, newest first, paged, with confirmations, and not the dropped ones', async () => {
    await run();
    const byHand = await creditDeposit(t.db, { uid: dave.uid, network: 'BEP20', currency: 'USDT', amount: '7', txHash: randomTxHash() }, { actor: cliActor('carol'), now: t.clock.now(), reason: '' });
    t.clock.advance(1000);
    // dropped: seen, then taken away by a reorg
    const snapshot = await chain.send('evm_snapshot', []);
    const gone = await sendUsdt(dave, '50');
    await run();
    await chain.send('evm_revert', [snapshot]);
    await mine(1);
    t.clock.advance(1000);
    const confirming = await sendUsdt(dave, '20');
    await run();
    t.clock.advance(1000);
    const below = await sendUsdt(dave, '5');
    await run();
    expect((await rows(gone.hash))[0].status).toBe('dropped');

    const all = await page(dave, '?page=1&pageSize=10');
    expect(all.networks.find((n: { network: string; currency: string }) => n.network === 'ERC20' && n.currency === 'USDT').confirmations).toBe(CONFIRMATIONS);
    expect(all.records.total).toBe(3);
    expect(all.records.list).toEqual([
      { id: expect.any(String), network: 'ERC20', currency: 'USDT', amount: '5', txHash: below.hash, status: 'below_minimum', confirmations: 1, requiredConfirmations: CONFIRMATIONS, createdAt: expect.any(String) },
      { id: expect.any(String), network: 'ERC20', currency: 'USDT', amount: '20', txHash: confirming.hash, status: 'confirming', confirmations: 2, requiredConfirmations: CONFIRMATIONS, createdAt: expect.any(String) },
      { id: String(byHand.id), network: 'BEP20', currency: 'USDT', amount: '7', txHash: expect.any(String), status: 'credited', createdAt: expect.any(String) },
    ]);
    // pages of one: the same three, none twice
    const paged = [];
    for (let n = 1; n <= 3; n += 1) {
      const one = await page(dave, `?page=${n}&pageSize=1`);
      expect(one.records.total).toBe(3);
      paged.push(...one.records.list);
    }
    expect(paged).toEqual(all.records.list);
    expect((await page(dave, '?page=4&pageSize=1')).records.list).toEqual([]);
    expect((await page(dave, '?currency=ETH')).records.total).toBe(0);

    // the confirming one: n/3 as blocks come, then credited, later than it was seen
    t.clock.advance(60_000);
    await mine(1);
    await run();
    const credited = (await rows(confirming.hash))[0];
    expect(credited.status).toBe('credited');
    const after = (await page(dave, '?page=1&pageSize=10')).records.list;
    expect(after.map((r: { status: string }) => r.status)).toEqual(['below_minimum', 'credited', 'credited']);
    expect(after[1]).toEqual({ id: String(credited.deposit_id), network: 'ERC20', currency: 'USDT', amount: '20', txHash: confirming.hash, status: 'credited', createdAt: expect.any(String) });
    expect(after[0].confirmations).toBe(2);
    // the watcher credited it when its third confirmation came: it keeps its place (it arrived when seen)
    t.clock.advance(5000);
    await mine(CONFIRMATIONS + 2);
    await run();
    const later = (await page(dave, '?page=1&pageSize=10')).records.list;
    expect(later.map((r: { txHash: string }) => r.txHash)).toEqual(after.map((r: { txHash: string }) => r.txHash));
    expect(later[1].createdAt).toBe(all.records.list[1].createdAt);
    // capped at the required confirmations
    expect(later[0]).toMatchObject({ status: 'below_minimum', confirmations: CONFIRMATIONS, requiredConfirmations: CONFIRMATIONS });
  });
});

describe('as a job of the server', () => {
  it('is one job per configured network, which scans and credits; with no network it is off and says so', async () => {
    const infos: unknown[] = [];
    const log = { ...silent, info: (...args: unknown[]) => infos.push(args) } as typeof silent;
    const schedule = parseJobSchedule({ JOBS_OFF: 'settlement,mallSweep,reconcile' });
    expect(serverJobs({ db: t.db, clock: t.clock, config: { ...t.config, chainNetworks: [] } }, log, schedule)).toEqual([]);
    expect(JSON.stringify(infos)).toContain('deposit watcher off');

    const jobs = serverJobs({ db: t.db, clock: t.clock, config: { ...t.config, depositXpub: XPUB, chainNetworks: [network] } }, log, schedule);
    expect(jobs.map(({ name, firstRunDelayMs, intervalMs }) => ({ name, firstRunDelayMs, intervalMs }))).toEqual([
      { name: 'deposit watcher ERC20', firstRunDelayMs: 1000, intervalMs: 1000 },
    ]);
    const { hash } = await sendUsdt(alice, '13');
    await mine(CONFIRMATIONS);
    await jobs[0].run(new AbortController().signal);
    expect(await rows(hash)).toEqual([expect.objectContaining({ status: 'credited' })]);
  });
});

describe('ops watcher:status', () => {
  it('shows per network the cursor, the head, the lag and the deposits by status, and exits 1 once stuck', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const ops = { db: t.db, clock: t.clock, print: (value: unknown) => lines.push(value as Record<string, unknown>) };
    await run();
    expect(await watcherStatus.run([], ops)).toBe(0);
    const head = await chain.getBlockNumber();
    const counts = await t.db.selectFrom('chain_deposits').select('status').where('network', '=', 'ERC20').execute();
    const count = (status: string) => counts.filter((row) => row.status === status).length;
    expect(lines).toEqual([
      {
        network: 'ERC20', cursor: head, head, lag: 0, sinceLastRunMs: 0, stuck: false, oldestConfirmingBlock: null, failedRunsInARow: 0, lastError: null,
        deposits: { confirming: 0, credited: count('credited'), below_minimum: count('below_minimum'), dropped: count('dropped'), review: count('review'), rejected: count('rejected') },
      },
    ]);
    expect(count('credited')).toBeGreaterThan(5);
    t.clock.advance(5 * 60 * 1000 + 1);
    lines.length = 0;
    expect(await watcherStatus.run([], ops)).toBe(1);
    expect(lines[0]).toMatchObject({ network: 'ERC20', stuck: true });
  });
});

describe('configuration and amounts', () => {
  it('is off without CHAIN_* and reads each configured network', () => {
    expect(parseWatchedNetworks({})).toEqual([]);
    const token = '0x00000000000000000000000000000000000000aa';
    expect(parseWatchedNetworks({ CHAIN_ERC20_RPC_URL: 'http://node:8545', CHAIN_ERC20_TOKEN_ADDRESS: token, CHAIN_ERC20_CONFIRMATIONS: '20' })).toEqual([
      {
        network: 'ERC20', rpcUrls: ['http://node:8545'], quorum: 1, token: { currency: 'USDT', minDeposit: toUnits('10'), address: '0x00000000000000000000000000000000000000AA' },
        native: { currency: 'ETH', minDeposit: toUnits('0.01') }, confirmations: 20, startBlock: null, blockRange: 500,
      },
    ]);
    expect(parseWatchedNetworks({ CHAIN_BEP20_RPC_URL: 'https://bsc.example', CHAIN_BEP20_TOKEN_ADDRESS: token })[0]).toMatchObject({ network: 'BEP20', native: null, confirmations: 15 });
  });

  it.each([
    [{ CHAIN_ERC20_RPC_URL: 'http://node:8545' }, /CHAIN_ERC20_TOKEN_ADDRESS is required/],
    [{ CHAIN_ERC20_RPC_URL: 'ftp://node', CHAIN_ERC20_TOKEN_ADDRESS: '0x00000000000000000000000000000000000000aa' }, /http\(s\) JSON-RPC URL/],
    [{ CHAIN_ERC20_RPC_URL: 'http://node:8545', CHAIN_ERC20_TOKEN_ADDRESS: '0x12' }, /must be a contract address/],
    [{ CHAIN_ERC20_RPC_URL: 'http://node', CHAIN_ERC20_TOKEN_ADDRESS: '0x00000000000000000000000000000000000000aa', CHAIN_ERC20_CONFIRMATIONS: '0' }, /CONFIRMATIONS must be a whole number ≥ 1/],
    [{ CHAIN_TRC20_RPC_URL: 'http://node' }, /TRC20 is not a deposit network/],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => parseWatchedNetworks(env)).toThrow(message);
  });

  it('converts on-chain amounts exactly, rounding digits beyond 8 decimals down', () => {
    expect(chainToLedgerUnits(150_250_000n, 6)).toBe(toUnits('150.25'));
    expect(chainToLedgerUnits(123_456_789_012_345_678_901n, 18)).toBe(toUnits('123.45678901'));
    expect(chainToLedgerUnits(9n, 18)).toBe(0n);
    expect(chainToLedgerUnits(1n, 0)).toBe(toUnits('1'));
  });
});

describe('the deposit address index', () => {
  it('derives the addresses a batch at a time with the event loop free in between, and a stop keeps what was derived', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({
      uid: String(90_000_000 + i), address: `0x${(0xabc000 + i).toString(16).padStart(40, '0')}`, invite_code: `IX${String(i).padStart(6, '0')}`, created_at: 1n,
    }));
    await t.db.insertInto('users').values(rows).execute();
    const users = await t.db.selectFrom('users').select('id').execute();
    const index = new DepositAddressIndex(book);
    let turns = 0;
    const timer = setInterval(() => (turns += 1), 0);
    await index.refresh(t.db);
    clearInterval(timer);
    expect(index.size).toBe(users.length);
    // 122 addresses, 25 a batch: at least four turns of the event loop while deriving
    expect(turns).toBeGreaterThanOrEqual(4);
    expect(index.owner(addressOf(alice).toLowerCase())).toMatchObject({ userId: alice.userId, uid: alice.uid, address: addressOf(alice) });

    const stopped = new DepositAddressIndex(book);
    const stop = new AbortController();
    stop.abort();
    await stopped.refresh(t.db, stop.signal);
    expect(stopped.size).toBe(0);
    await stopped.refresh(t.db);
    expect(stopped.size).toBe(users.length);
  });
});
