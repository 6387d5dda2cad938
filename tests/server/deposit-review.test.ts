/**
 * Large and impossible deposits, on a real local chain: a deposit above DEPOSIT_REVIEW_ABOVE waits
 * in review when it has its confirmations (the user sees it as in review, nothing is credited)
 * until an operator approves it (credited once) or rejects it (never credited, not even by hand);
 * a Transfer whose amount no real deposit can have (above 2^128, above the token's totalSupply())
 * is logged and skipped while the range's real deposits are stored and the watcher goes on.
 * SQLite, or PostgreSQL when DATABASE_URL is set.
 */
import Fastify from 'fastify';
import { HDNodeWallet, parseUnits, type Contract, type JsonRpcProvider } from 'ethers';
import { startLocalChain, type LocalChain } from '../chain/localChain';
import { startLyingProxy, type LyingProxy } from '../chain/lyingProxy';
import { toUnits } from '../../contract/rules/money';
import { DEPOSIT_REVIEW_ABOVE } from '../../contract/rules/wallet';
import { creditDeposit } from '../../server/deposits/creditByHand';
import { cliActor } from '../../server/operators/actor';
import { openDepositAddressBook, type DepositAddressBook } from '../../server/deposits/addresses';
import { checkLedger } from '../../server/ledger/invariants';
import { impossibleAmount } from '../../server/deposits/amounts';
import { DepositWatcher } from '../../server/deposits/watcher';
import { parseWatchedNetworks } from '../../server/deposits/networks';
import { DEPOSIT_REVIEW_OPS_COMMANDS } from '../../server/ops/depositReview';
import type { OpsCommand } from '../../server/ops/command';
import { startTestApp, type TestApp } from './support/app';
import { bearer } from './support/siwe';
import { balanceOf, newUser, type MoneyUser } from './support/ledger';

const ROOT = HDNodeWallet.fromPhrase('test test test test test test test test test test test junk', undefined, "m/44'/60'/0'");
const XPUB = ROOT.neuter().extendedKey;
const CONFIRMATIONS = 2;
const FAST = { attempts: 2, baseDelayMs: 5, maxDelayMs: 10, timeoutMs: 5000 };

let local: LocalChain;
let chain: JsonRpcProvider;
let usdt: Contract;
let t: TestApp;
let book: DepositAddressBook;
let proxy: LyingProxy;
let watcher: DepositWatcher;
const logs: string[] = [];

beforeAll(async () => {
  local = await startLocalChain();
  ({ provider: chain, usdt } = local);
  t = await startTestApp({ seed: true, config: { depositXpub: XPUB } });
  book = await openDepositAddressBook(t.db, XPUB, t.clock.now());
  // one endpoint, so that what it makes up reaches the watcher (a quorum would outvote it)
  proxy = await startLyingProxy(local.rpcUrl);
  const [network] = parseWatchedNetworks({
    CHAIN_ERC20_RPC_URL: proxy.url,
    CHAIN_ERC20_TOKEN_ADDRESS: await usdt.getAddress(),
    CHAIN_ERC20_CONFIRMATIONS: String(CONFIRMATIONS),
    CHAIN_ERC20_START_BLOCK: String(await chain.getBlockNumber()),
  });
  t.config.chainNetworks = [network];
  const log = Fastify({ logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } } }).log;
  watcher = new DepositWatcher({ db: t.db, network, addressBook: book, log, now: () => t.clock.now(), retry: FAST });
}, 60_000);

afterAll(async () => {
  watcher?.close();
  await proxy?.stop();
  await t?.close();
  await local?.stop();
});

beforeEach(() => {
  logs.length = 0;
  delete proxy.lies.forgeLog;
});

afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
});

const mine = async (blocks: number) => {
  for (let i = 0; i < blocks; i += 1) await chain.send('evm_mine', []);
};
const run = () => watcher.run(new AbortController().signal);

async function sendUsdt(user: MoneyUser, amount: string): Promise<{ hash: string; block: number }> {
  const tx = await usdt.transfer(book.addressOf(user.userId), parseUnits(amount, 6));
  const receipt = await tx.wait();
  return { hash: tx.hash.toLowerCase(), block: receipt!.blockNumber };
}

/** a deposit sent, seen and past its confirmations */
async function depositConfirmed(user: MoneyUser, amount: string) {
  const sent = await sendUsdt(user, amount);
  await mine(CONFIRMATIONS);
  await run();
  return t.db.selectFrom('chain_deposits').selectAll().where('tx_hash', '=', sent.hash).executeTakeFirstOrThrow();
}

async function ops(command: OpsCommand, args: string[]): Promise<Array<Record<string, unknown>>> {
  const printed: Array<Record<string, unknown>> = [];
  expect(await command.run(args, { db: t.db, clock: t.clock, print: (line) => printed.push(line as Record<string, unknown>) })).toBe(0);
  return printed;
}

async function records(user: MoneyUser): Promise<Array<{ id: string; status: string; amount: string }>> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/web/account/recharge', headers: bearer(user.token) });
  expect(response.statusCode).toBe(200);
  return response.json().data.records.list;
}

describe('a deposit above DEPOSIT_REVIEW_ABOVE', () => {
  const limit = DEPOSIT_REVIEW_ABOVE.USDT;
  const above = (BigInt(limit) + 1n).toString();

  it('at the threshold is credited as usual', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    expect(await depositConfirmed(user, limit)).toMatchObject({ status: 'credited' });
    expect(await balanceOf(t.app, user)).toBe(limit);
  });

  it('waits in review, shown to the user, until an operator approves it: credited once', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const row = await depositConfirmed(user, above);
    expect(row).toMatchObject({ status: 'review', deposit_id: null, amount: toUnits(above) });
    expect(await balanceOf(t.app, user)).toBe('0');
    expect(logs.join('')).toContain('held for an operator');
    expect(await records(user)).toEqual([expect.objectContaining({ id: String(row.id), status: 'review', amount: above })]);
    // more runs never credit it on their own
    await mine(1);
    await run();
    expect(await balanceOf(t.app, user)).toBe('0');

    const listed = await ops(DEPOSIT_REVIEW_OPS_COMMANDS['deposit:list'], []);
    expect(listed).toContainEqual(expect.objectContaining({ id: String(row.id), status: 'review', amount: above, user: String(user.userId) }));

    const [approved] = await ops(DEPOSIT_REVIEW_OPS_COMMANDS['deposit:approve'], [String(row.id), '--operator', 'alice-ops']);
    expect(approved).toMatchObject({ status: 'credited', operator: 'cli:alice-ops', approved: true });
    expect(await balanceOf(t.app, user)).toBe(above);
    const [again] = await ops(DEPOSIT_REVIEW_OPS_COMMANDS['deposit:approve'], [String(row.id)]);
    expect(again).toMatchObject({ approved: false, alreadyApproved: true });
    expect(await balanceOf(t.app, user)).toBe(above);
    const credited = await t.db.selectFrom('deposits').select(['operator', 'source', 'amount']).where('user_id', '=', user.userId).execute();
    expect(credited).toEqual([{ operator: 'cli:alice-ops', source: 'watcher', amount: toUnits(above) }]);
    expect((await records(user)).map((r) => r.status)).toEqual(['credited']);
  });

  it('rejected: never credited, not by approval nor by hand; the user sees it rejected', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const row = await depositConfirmed(user, above);
    expect(row.status).toBe('review');
    // deposit:credit by hand may not go around the review
    await expect(
      creditDeposit(t.db, { uid: user.uid, currency: 'USDT', amount: above, network: 'ERC20', txHash: row.tx_hash }, { actor: cliActor('someone'), now: t.clock.now(), reason: '' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', options: { messageKey: 'deposit.inReview' } });

    const [rejected] = await ops(DEPOSIT_REVIEW_OPS_COMMANDS['deposit:reject'], [String(row.id), '--reason', 'source of funds unknown', '--operator', 'bob-ops']);
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'source of funds unknown', operator: 'cli:bob-ops', rejected: true });
    await expect(DEPOSIT_REVIEW_OPS_COMMANDS['deposit:approve'].run([String(row.id)], { db: t.db, clock: t.clock, print: () => undefined }))
      .rejects.toMatchObject({ code: 'CONFLICT', options: { messageKey: 'deposit.refused.approve' } });
    await expect(
      creditDeposit(t.db, { uid: user.uid, currency: 'USDT', amount: above, network: 'ERC20', txHash: row.tx_hash }, { actor: cliActor('someone'), now: t.clock.now(), reason: '' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', options: { messageKey: 'deposit.inReview' } });
    await mine(1);
    await run();
    expect(await balanceOf(t.app, user)).toBe('0');
    expect(await records(user)).toEqual([expect.objectContaining({ status: 'rejected', amount: above })]);
    const [again] = await ops(DEPOSIT_REVIEW_OPS_COMMANDS['deposit:reject'], [String(row.id), '--reason', 'again']);
    expect(again).toMatchObject({ rejected: false, alreadyRejected: true, reason: 'source of funds unknown' });
  });

  it('a deposit that is not in review cannot be approved or rejected', async () => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const sent = await sendUsdt(user, '20');
    await run();
    const row = await t.db.selectFrom('chain_deposits').select('id').where('tx_hash', '=', sent.hash).executeTakeFirstOrThrow();
    const context = { db: t.db, clock: t.clock, print: () => undefined };
    await expect(DEPOSIT_REVIEW_OPS_COMMANDS['deposit:approve'].run([String(row.id)], context)).rejects.toMatchObject({ options: { messageKey: 'deposit.refused.approve' } });
    await expect(DEPOSIT_REVIEW_OPS_COMMANDS['deposit:reject'].run([String(row.id), '--reason', 'x'], context)).rejects.toMatchObject({ options: { messageKey: 'deposit.refused.reject' } });
    await expect(DEPOSIT_REVIEW_OPS_COMMANDS['deposit:approve'].run(['999999999'], context)).rejects.toMatchObject({ options: { messageKey: 'deposit.notFound' } });
    await expect(DEPOSIT_REVIEW_OPS_COMMANDS['deposit:reject'].run([String(row.id)], context)).rejects.toThrow('missing --reason');
    await mine(CONFIRMATIONS);
    await run();
  });
});

describe('a transfer no real deposit can have', () => {
  it.each([
    ['above 2^128', 2n ** 128n + 1n, /above 2\^128/],
    ["above the token's totalSupply()", null, /above the token's totalSupply\(\)/],
  ])('%s is logged and skipped; the real deposit beside it is stored and the watcher goes on', async (_name, forged, reason) => {
    const user = await newUser(t.app, t.db, t.clock, { payPassword: null });
    const supply = BigInt(await usdt.totalSupply());
    await run();
    const real = await sendUsdt(user, '30');
    proxy.lies.forgeLog = { token: await usdt.getAddress(), to: book.addressOf(user.userId), value: forged ?? supply + 1n, blockNumber: real.block };
    const summary = await run();
    expect(summary.depositsSeen).toBe(1);
    const seen = await t.db.selectFrom('chain_deposits').select(['tx_hash', 'chain_amount']).where('user_id', '=', user.userId).execute();
    expect(seen).toEqual([{ tx_hash: real.hash, chain_amount: '30000000' }]);
    const skipped = logs.map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string }).filter((line) => line.msg.includes('skipped'));
    expect(skipped).toHaveLength(1);
    expect(skipped[0].level).toBe(50);
    expect(skipped[0].reason).toMatch(reason);
    delete proxy.lies.forgeLog;
    await mine(CONFIRMATIONS);
    await run();
    expect(await balanceOf(t.app, user)).toBe('30');
  });
});

describe('impossibleAmount', () => {
  it.each([
    [2n ** 128n, 36, null, null],
    [2n ** 128n + 1n, 18, null, 'above 2^128'],
    [1001n, 6, 1000n, "above the token's totalSupply() 1000"],
    [1000n, 6, 1000n, null],
    // a native coin has no supply to compare with, but the ledger's 64-bit amounts bound it
    [(2n ** 63n) * 10n ** 10n, 18, null, 'more than a ledger amount holds'],
    [(2n ** 63n - 1n) * 10n ** 10n, 18, null, null],
  ])('%s units with %i decimals, supply %s: %s', (amount, decimals, supply, reason) => {
    expect(impossibleAmount(amount, decimals, supply)).toBe(reason);
  });
});
