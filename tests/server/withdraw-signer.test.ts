/**
 * The withdrawal signer (server/withdrawals/signer.ts) on a local chain: ganache in process, the
 * 6-decimal TestUSDT of the deposit tests, a hot wallet funded by ganache's first account.
 * Requests go through the API (pay password + wallet signature), the signer's `run` is driven by
 * hand, and chain and ledger are compared. SQLite, or PostgreSQL when DATABASE_URL is set.
 */
import { Wallet, parseEther, parseUnits, type Contract, type JsonRpcProvider, type JsonRpcSigner } from 'ethers';
import { startLocalChain, type LocalChain } from '../chain/localChain';
import { withdrawAddressStatement, withdrawStatement } from '../../contract/rules/withdraw';
import { checkLedger } from '../../server/ledger/invariants';
import { WithdrawalSigner, type SignerNetwork } from '../../server/withdrawals/signer';
import { startTestApp, type TestApp } from './support/app';
import { DAY, HOUR } from './support/clock';
import { deposit, newUser, PAY_PASSWORD, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { walletProof } from './support/stepUp';

const CONFIRMATIONS = 3;
let local: LocalChain;
let chain: JsonRpcProvider;
let funder: JsonRpcSigner;
let usdt: Contract;
let net: SignerNetwork;
let t: TestApp;
let alice: MoneyUser;

beforeAll(async () => {
  local = await startLocalChain();
  ({ provider: chain, funder, usdt } = local);
  net = { network: 'ERC20', chainId: 1337n, nativeCurrency: 'ETH', tokens: { USDT: { address: await usdt.getAddress(), decimals: 6 } }, confirmations: CONFIRMATIONS };
  t = await startTestApp({ seed: true, config: { tokenIdleTtlMs: 30 * DAY } });
  alice = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, alice, '100000');
  await deposit(t.db, t.clock, alice, '100', 'ETH', 'ERC20');
  // past the review window after setting the pay password
  t.clock.advance(DAY + HOUR);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await local?.stop();
});

afterEach(async () => {
  expect((await checkLedger(t.db)).ok).toBe(true);
});

/** a hot wallet holding `usdtAmount` USDT and 10 ETH */
async function hotWallet(usdtAmount: string): Promise<WithdrawalSigner> {
  const wallet = Wallet.createRandom().connect(chain);
  await (await funder.sendTransaction({ to: wallet.address, value: parseEther('10') })).wait();
  await (await (usdt.transfer as (to: string, v: bigint) => Promise<{ wait(): Promise<unknown> }>)(wallet.address, parseUnits(usdtAmount, 6))).wait();
  return new WithdrawalSigner(t.db, net, wallet as unknown as Wallet, chain, t.clock);
}

const signerFor = (wallet: Wallet) => new WithdrawalSigner(t.db, net, wallet, chain, t.clock);

/** a fresh target address saved with a signature, past the delay (no review) */
async function savedAddress(): Promise<{ id: string; address: string }> {
  const address = Wallet.createRandom().address;
  const proof = await walletProof(t.app, t.clock, alice, 'withdrawAddress.add', { statement: withdrawAddressStatement({ network: 'ERC20', address }) });
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/web/withdraw/address/add', headers: bearer(alice.token), payload: { label: 'to', network: 'ERC20', address, proof } });
  expect(response.statusCode).toBe(200);
  t.clock.advance(DAY + 1);
  return response.json().data;
}

async function request(to: { id: string; address: string }, amount: string, currency = 'USDT'): Promise<string> {
  const proof = await walletProof(t.app, t.clock, alice, 'withdraw', { statement: withdrawStatement({ amount, currency, network: 'ERC20', address: to.address }) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/web/withdraw/request',
    headers: bearer(alice.token),
    payload: { currency, network: 'ERC20', addressId: to.id, amount, payPassword: PAY_PASSWORD, proof },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().data.status).toBe('processing');
  return response.json().data.id;
}

const row = (id: string) => t.db.selectFrom('withdrawals').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
const tokenBalance = async (address: string) => BigInt(await (usdt.balanceOf as (a: string) => Promise<bigint>)(address));
const mine = async (blocks: number) => {
  for (let i = 0; i < blocks; i += 1) await chain.send('evm_mine', []);
};
async function account(owner: string, currency = 'USDT') {
  const found = await t.db.selectFrom('ledger_accounts').select(['available', 'frozen']).where('owner', '=', owner).where('currency', '=', currency).executeTakeFirst();
  return { available: found?.available ?? 0n, frozen: found?.frozen ?? 0n };
}

describe('the signer on a local chain', () => {
  it('sends an approved USDT withdrawal, follows its confirmations, and settles: chain and ledger agree', async () => {
    const signer = await hotWallet('1000');
    const to = await savedAddress();
    const before = { user: await account(`u${alice.userId}`), out: await account('sys:withdrawals'), fees: await account('sys:fees') };
    const id = await request(to, '100');
    expect((await account(`u${alice.userId}`)).frozen).toBe(before.user.frozen + 10_500_000_000n);

    await signer.run();
    const sent = await row(id);
    expect(sent).toMatchObject({ status: 'broadcast', signer_address: signer.address });
    expect(sent.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await tokenBalance(to.address)).toBe(100_000_000n);

    await signer.run();
    expect(await row(id)).toMatchObject({ status: 'confirming', confirmations: 1n });
    const view = (await t.app.inject({ method: 'GET', url: '/api/v1/web/withdraw/history', headers: bearer(alice.token) })).json().data.list[0];
    expect(view).toMatchObject({ id, status: 'confirming', confirmations: 1, confirmationsNeeded: 12, txHash: sent.tx_hash });

    await mine(CONFIRMATIONS - 1);
    await signer.run();
    expect(await row(id)).toMatchObject({ status: 'completed', confirmations: BigInt(CONFIRMATIONS) });
    const after = { user: await account(`u${alice.userId}`), out: await account('sys:withdrawals'), fees: await account('sys:fees') };
    expect(after.user).toEqual({ available: before.user.available - 10_500_000_000n, frozen: before.user.frozen });
    expect(after.out.available - before.out.available).toBe(10_000_000_000n);
    expect(after.fees.available - before.fees.available).toBe(500_000_000n);
    await signer.run();
    expect((await account(`u${alice.userId}`))).toEqual(after.user);
  });

  it('sends ETH as the native coin, and two withdrawals at once on distinct nonces', async () => {
    const signer = await hotWallet('1000');
    const a = await savedAddress();
    const b = await savedAddress();
    const one = await request(a, '1.5', 'ETH');
    const two = await request(b, '30');
    await signer.run();
    const [r1, r2] = [await row(one), await row(two)];
    expect([r1.status, r2.status]).toEqual(['broadcast', 'broadcast']);
    expect([r1.nonce, r2.nonce]).toEqual([0n, 1n]);
    expect(await chain.getBalance(a.address)).toBe(parseEther('1.5'));
    expect(await tokenBalance(b.address)).toBe(30_000_000n);
    expect(await chain.getTransactionCount(signer.address)).toBe(2);
    await mine(CONFIRMATIONS);
    await signer.run();
    expect([(await row(one)).status, (await row(two)).status]).toEqual(['completed', 'completed']);
  });

  it('a crash after writing the intent, before broadcasting: the restarted signer sends that same transaction, once', async () => {
    const wallet = Wallet.createRandom().connect(chain) as unknown as Wallet;
    await (await funder.sendTransaction({ to: wallet.address, value: parseEther('1') })).wait();
    await (await (usdt.transfer as (to: string, v: bigint) => Promise<{ wait(): Promise<unknown> }>)(wallet.address, parseUnits('500', 6))).wait();
    const first = signerFor(wallet);
    const to = await savedAddress();
    const id = await request(to, '40');
    const intent = await first.prepare(await row(id));
    expect(intent).not.toBeNull();
    expect(await chain.getTransactionCount(wallet.address)).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'processing', nonce: 0n });

    const restarted = signerFor(wallet);
    await restarted.run();
    // sent again from its intent (same hash), then seen mined in the same run
    expect(await row(id)).toMatchObject({ status: 'confirming', tx_hash: intent!.hash });
    expect(await chain.getTransactionCount(wallet.address)).toBe(1);
    expect(await tokenBalance(to.address)).toBe(40_000_000n);
    await restarted.run();
    await mine(CONFIRMATIONS);
    await restarted.run();
    expect((await row(id)).status).toBe('completed');
    expect(await chain.getTransactionCount(wallet.address)).toBe(1);
  });

  it('a crash after broadcasting, before recording it: the restarted signer finds it on chain and never sends again', async () => {
    const wallet = Wallet.createRandom().connect(chain) as unknown as Wallet;
    await (await funder.sendTransaction({ to: wallet.address, value: parseEther('1') })).wait();
    await (await (usdt.transfer as (to: string, v: bigint) => Promise<{ wait(): Promise<unknown> }>)(wallet.address, parseUnits('500', 6))).wait();
    const first = signerFor(wallet);
    const to = await savedAddress();
    const id = await request(to, '60');
    const intent = await first.prepare(await row(id));
    await chain.broadcastTransaction(intent!.raw);
    expect(await row(id)).toMatchObject({ status: 'processing' });

    const restarted = signerFor(wallet);
    await restarted.run();
    await mine(CONFIRMATIONS);
    await restarted.run();
    expect(await row(id)).toMatchObject({ status: 'completed', tx_hash: intent!.hash });
    expect(await chain.getTransactionCount(wallet.address)).toBe(1);
    expect(await tokenBalance(to.address)).toBe(60_000_000n);
  });

  it('waits while the hot wallet cannot cover a withdrawal, and returns amount + fee when a token transfer reverts', async () => {
    const signer = await hotWallet('150');
    const to = await savedAddress();
    const big = await request(to, '200');
    await signer.run();
    expect(await row(big)).toMatchObject({ status: 'processing', nonce: null });

    // two prepared before either is sent: each alone fits, together they do not; the second reverts
    const one = await request(to, '100');
    const two = await request(to, '100');
    const userBefore = await account(`u${alice.userId}`);
    const p1 = await signer.prepare(await row(one));
    const p2 = await signer.prepare(await row(two));
    await signer.broadcast(p1!);
    await signer.broadcast(p2!);
    await signer.run();
    expect(await row(two)).toMatchObject({ status: 'failed', reason: 'reverted on chain' });
    const userAfter = await account(`u${alice.userId}`);
    expect(userAfter.available - userBefore.available).toBe(10_500_000_000n);
    expect(userBefore.frozen - userAfter.frozen).toBe(10_500_000_000n);
    await mine(CONFIRMATIONS);
    await signer.run();
    expect((await row(one)).status).toBe('completed');
    expect(await tokenBalance(to.address)).toBe(100_000_000n);
    // the big one still waits: 50 USDT left on the hot wallet
    expect((await row(big)).status).toBe('processing');
  });
});
