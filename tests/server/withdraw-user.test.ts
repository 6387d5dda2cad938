/**
 * The user's side of withdrawals on the server: an address is the same address in any letter
 * case (a wallet statement naming it in lower case matches the checksummed one; wrong mixed case
 * is still refused); a retry of a committed request with the same Idempotency-Key and the same
 * body, proof included, is the first answer again with nothing frozen twice, even once the proof
 * has expired; one withdrawal with its times and explorer link; its ledger entries name it, and a
 * completed one is listed once. Both databases (DATABASE_URL).
 */
import { getAddress, isAddress, Wallet } from 'ethers';
import { withdrawAddressStatement, withdrawStatement } from '../../contract/rules/withdraw';
import type { WalletProofType } from '../../contract/stepUp';
import { loadConfig } from '../../server/config';
import { runMoneyTransaction } from '../../server/ledger/moneyTransaction';
import { postSettle } from '../../server/withdrawals/postings';
import { approveWithdrawal } from '../../server/withdrawals/review';
import { cliActor } from '../../server/operators/actor';
import { startTestApp, type TestApp } from './support/app';
import { DAY, HOUR } from './support/clock';
import { deposit, DETAILS_URL, newUser, PAY_PASSWORD, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { walletProof } from './support/stepUp';

const BASE = '/api/v1/web/withdraw';
const EXPLORER = 'https://explorer.test/tx/';
let t: TestApp;
let alice: MoneyUser;
let bob: MoneyUser;

beforeAll(async () => {
  t = await startTestApp({ seed: true, config: { tokenIdleTtlMs: 30 * DAY, withdrawExplorerTxUrls: { ERC20: EXPLORER, BEP20: 'https://bscscan.com/tx/' } } });
  alice = await newUser(t.app, t.db, t.clock);
  bob = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, alice, '10000');
  // past the review window after setting the pay password
  t.clock.advance(DAY + HOUR);
});
afterAll(async () => t.close());

const get = (user: MoneyUser, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
const post = (user: MoneyUser, path: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${BASE}${path}`, headers: { ...bearer(user.token), ...headers }, payload: payload as Record<string, unknown> });

/** the checksummed address with the case of one letter turned: mixed case that fails EIP-55 */
function wrongCase(address: string): string {
  const at = address.slice(2).search(/[a-fA-F]/) + 2;
  const letter = address[at];
  const turned = `${address.slice(0, at)}${letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()}${address.slice(at + 1)}`;
  expect(isAddress(turned)).toBe(false);
  return turned;
}

/** the statement of a withdrawal (it names the fee and the total from the rule table) */
function statementOf(amount: string, address: string, currency = 'USDT', network = 'ERC20'): string {
  return withdrawStatement({ amount, currency, network, address });
}

async function addSigned(user: MoneyUser, address: string, signedAs = address) {
  const proof = await walletProof(t.app, t.clock, user, 'withdrawAddress.add', { statement: withdrawAddressStatement({ network: 'ERC20', address: signedAs }) });
  return post(user, '/address/add', { label: 'mine', network: 'ERC20', address, proof });
}

async function withdrawProof(user: MoneyUser, amount: string, address: string): Promise<WalletProofType> {
  return walletProof(t.app, t.clock, user, 'withdraw', { statement: statementOf(amount, address) });
}

async function balances(user: MoneyUser) {
  const account = await t.db.selectFrom('ledger_accounts').select(['available', 'frozen']).where('owner', '=', `u${user.userId}`).where('currency', '=', 'USDT').executeTakeFirstOrThrow();
  return { available: account.available, frozen: account.frozen };
}

const withdrawalCount = async (user: MoneyUser) =>
  Number((await t.db.selectFrom('withdrawals').select((eb) => eb.fn.countAll<bigint>().as('n')).where('user_id', '=', user.userId).executeTakeFirstOrThrow()).n);

/** a usable saved address of alice's (signed, checksummed) */
let saved: { id: string; address: string };

describe('an address by value', () => {
  it('is saved from a lower-case paste signed as pasted, checksummed; the same address in another case is the same address', async () => {
    const target = Wallet.createRandom().address;
    const added = await addSigned(alice, target.toLowerCase());
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({ address: target, usable: true });
    saved = added.json().data;
    // upper case: the same address again
    const again = await addSigned(alice, `0x${target.slice(2).toUpperCase()}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errKey).toBe('withdraw.addressExists');
  });

  it('accepts a statement naming the address in another case than the one sent, and refuses mixed case that fails EIP-55', async () => {
    const target = Wallet.createRandom().address;
    const refused = await addSigned(alice, target, wrongCase(target));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errKey).toBe('withdraw.addressProofMismatch');
    // the body's address in wrong mixed case is a checksum error, signed or not
    const typo = await addSigned(alice, wrongCase(target), target);
    expect(typo.statusCode).toBe(422);
    expect(typo.json().errKey).toBe('withdraw.badChecksum');
    const accepted = await addSigned(alice, target, target.toLowerCase());
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.address).toBe(getAddress(target));
  });

  it('accepts a withdrawal signed with the address in lower case, and refuses one signed in wrong mixed case', async () => {
    const before = await withdrawalCount(alice);
    const wrong = await post(alice, '/request', { currency: 'USDT', network: 'ERC20', addressId: saved.id, amount: '20', payPassword: PAY_PASSWORD, proof: await withdrawProof(alice, '20', wrongCase(saved.address)) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errKey).toBe('withdraw.proofMismatch');
    const lower = await post(alice, '/request', { currency: 'USDT', network: 'ERC20', addressId: saved.id, amount: '20', payPassword: PAY_PASSWORD, proof: await withdrawProof(alice, '20', saved.address.toLowerCase()) });
    expect(lower.statusCode).toBe(200);
    expect(lower.json().data.address).toBe(saved.address);
    expect(await withdrawalCount(alice)).toBe(before + 1);
  });
});

describe('a retry after a lost answer', () => {
  it('with the same key and the same body, proof included, is the first answer again, nothing frozen twice, even after the proof expired', async () => {
    const body = { currency: 'USDT', network: 'ERC20', addressId: saved.id, amount: '30', payPassword: PAY_PASSWORD, proof: await withdrawProof(alice, '30', saved.address) };
    const before = { ...(await balances(alice)), count: await withdrawalCount(alice) };
    const first = await post(alice, '/request', body, { 'idempotency-key': 'retry-1' });
    expect(first.statusCode).toBe(200);
    // the answer was lost; the page retries later, when the proof's five minutes are over
    t.clock.advance(10 * 60_000);
    const retry = await post(alice, '/request', body, { 'idempotency-key': 'retry-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data).toEqual(first.json().data);
    const after = await balances(alice);
    expect(await withdrawalCount(alice)).toBe(before.count + 1);
    expect(after.frozen - before.frozen).toBe(3_500_000_000n);
    expect(before.available - after.available).toBe(3_500_000_000n);
    // what the page did before: a fresh proof under the same key is another request
    const resigned = await post(alice, '/request', { ...body, proof: await withdrawProof(alice, '30', saved.address) }, { 'idempotency-key': 'retry-1' });
    expect(resigned.statusCode).toBe(409);
    expect(resigned.json().errCode).toBe('IDEMPOTENCY_CONFLICT');
    expect(await balances(alice)).toEqual(after);
  });
});

describe('one withdrawal', () => {
  it('shows its times as they happen and its hash on the configured explorer; never another user\'s', async () => {
    const requested = await post(alice, '/request', { currency: 'USDT', network: 'ERC20', addressId: saved.id, amount: '40', payPassword: PAY_PASSWORD, proof: await withdrawProof(alice, '40', saved.address) });
    const { id } = requested.json().data as { id: string };
    const fresh = await get(alice, `${BASE}/detail/${id}`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data).toEqual({ ...requested.json().data, reviewedAt: null, broadcastAt: null, finishedAt: null, txUrl: null });
    expect((await get(bob, `${BASE}/detail/${id}`)).statusCode).toBe(404);
    expect((await get(alice, `${BASE}/detail/999999`)).statusCode).toBe(404);

    t.clock.advance(60_000);
    if (fresh.json().data.status === 'review') await approveWithdrawal(t.db, BigInt(id), { actor: cliActor('carol'), now: t.clock.now(), reason: '' });
    const hash = `0x${'cd'.repeat(32)}`;
    t.clock.advance(60_000);
    await t.db.updateTable('withdrawals').set({ status: 'confirming', tx_hash: hash, broadcast_at: BigInt(t.clock.now()), confirmations: 3n }).where('id', '=', BigInt(id)).execute();
    const sent = (await get(alice, `${BASE}/detail/${id}`)).json().data;
    expect(sent).toMatchObject({ status: 'confirming', txHash: hash, txUrl: `${EXPLORER}${hash}`, confirmations: 3, broadcastAt: expect.any(String), finishedAt: null });
    if (fresh.json().data.status === 'review') expect(sent.reviewedAt).toEqual(expect.any(String));
    // the history answers the same view
    const listed = (await get(alice, `${BASE}/history`)).json().data.list.find((w: { id: string }) => w.id === id);
    expect(listed).toEqual(sent);
  });
});

describe('its ledger entries', () => {
  it('name the withdrawal and its status; a completed one is listed once, a cancelled one as cancelled', async () => {
    const requested = await post(alice, '/request', { currency: 'USDT', network: 'ERC20', addressId: saved.id, amount: '50', payPassword: PAY_PASSWORD, proof: await withdrawProof(alice, '50', saved.address) });
    const { id } = requested.json().data as { id: string };
    const row = await t.db.selectFrom('withdrawals').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
    const hash = `0x${'ef'.repeat(32)}`;
    await runMoneyTransaction(t.db, async (trx) => {
      await trx.updateTable('withdrawals').set({ status: 'completed', tx_hash: hash, finished_at: BigInt(t.clock.now()) }).where('id', '=', row.id).execute();
      await postSettle(trx, row, hash, t.clock.now());
    });
    const entries = (await get(alice, `${DETAILS_URL}?type=withdraw&pageSize=50`)).json().data.list as Array<{ amount: string; remark: string; withdrawal?: { id: string; status: string } }>;
    const ofIt = entries.filter((entry) => entry.withdrawal?.id === id || entry.remark === hash);
    expect(ofIt).toEqual([expect.objectContaining({ amount: '-55', remark: `withdraw:${id}`, withdrawal: { id, status: 'completed' } })]);
    // every withdraw entry names its withdrawal
    expect(entries.every((entry) => entry.withdrawal?.id)).toBe(true);

    // a withdrawal in review, cancelled: its debit and its return both name it as cancelled
    const big = await post(alice, '/request', { currency: 'USDT', network: 'ERC20', addressId: saved.id, amount: '5000', payPassword: PAY_PASSWORD, proof: await withdrawProof(alice, '5000', saved.address) });
    const bigId = big.json().data.id as string;
    if (big.json().data.status === 'review') {
      expect((await post(alice, '/cancel', { id: bigId }, { 'idempotency-key': `cancel-${bigId}` })).statusCode).toBe(200);
      const all = (await get(alice, `${DETAILS_URL}?pageSize=50`)).json().data.list as Array<{ type: string; withdrawal?: { id: string; status: string } }>;
      expect(all.filter((entry) => entry.withdrawal?.id === bigId).map((entry) => [entry.type, entry.withdrawal?.status])).toEqual([
        ['withdraw_refund', 'cancelled'],
        ['withdraw', 'cancelled'],
      ]);
    }
    // another user's entries never name alice's withdrawals
    const bobs = (await get(bob, `${DETAILS_URL}?pageSize=50`)).json().data.list as Array<{ withdrawal?: unknown }>;
    expect(bobs.some((entry) => entry.withdrawal)).toBe(false);
  });
});

describe('WITHDRAW_EXPLORER_TX_URL_<NETWORK>', () => {
  it('defaults to Etherscan and BscScan, takes another explorer per network, and refuses what is not an http(s) address', () => {
    expect(loadConfig({}).withdrawExplorerTxUrls).toEqual({ ERC20: 'https://etherscan.io/tx/', BEP20: 'https://bscscan.com/tx/' });
    expect(loadConfig({ WITHDRAW_EXPLORER_TX_URL_BEP20: 'https://testnet.bscscan.com/tx/' }).withdrawExplorerTxUrls.BEP20).toBe('https://testnet.bscscan.com/tx/');
    expect(() => loadConfig({ WITHDRAW_EXPLORER_TX_URL_ERC20: 'etherscan.io/tx/' })).toThrow(/WITHDRAW_EXPLORER_TX_URL_ERC20 must be an http\(s\) address/);
  });
});
