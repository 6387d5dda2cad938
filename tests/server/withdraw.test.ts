/**
 * Withdrawals, the server's side without a chain: saved addresses with the new-address
 * delay, options, requests (pay password + a wallet signature over exactly this withdrawal,
 * Idempotency-Key, amount + fee frozen at once), every bad input and attack refused with a clear
 * message and nothing frozen, cancel while in review, the operator's review (ops withdraw:list /
 * approve / reject) and the settle and return postings. Both databases (DATABASE_URL).
 */
import { Wallet } from 'ethers';
import type { WalletProofType } from '../../contract/stepUp';
import { withdrawAddressStatement, withdrawStatement } from '../../contract/rules/withdraw';
import { checkLedger } from '../../server/ledger/invariants';
import { runMoneyTransaction } from '../../server/ledger/moneyTransaction';
import { WITHDRAW_OPS_COMMANDS } from '../../server/ops/withdrawCommands';
import { postReturn, postSettle } from '../../server/withdrawals/postings';
import { startTestApp, type TestApp } from './support/app';
import { DAY, HOUR } from './support/clock';
import { deposit, newUser, PAY_PASSWORD, type MoneyUser } from './support/ledger';
import { bearer } from './support/siwe';
import { postPayPass, walletProof } from './support/stepUp';
import { systemBalance } from '../../server/ledger/balances';

const BASE = '/api/v1/web/withdraw';
let t: TestApp;
let alice: MoneyUser;
let bob: MoneyUser;
/** alice's ERC20 address, usable (added with a signature, more than a day ago) */
let aliceErc20: { id: string; address: string };
/** alice's BEP20 address, usable */
let aliceBep20: { id: string; address: string };

const zhTW = (headers: Record<string, string>) => ({ ...headers, 'accept-language': 'zh-TW' });
const randomAddress = () => Wallet.createRandom().address;

function get(user: MoneyUser, path: string) {
  return t.app.inject({ method: 'GET', url: `${BASE}${path}`, headers: zhTW(bearer(user.token)) });
}
function postJson(user: MoneyUser, path: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${BASE}${path}`, headers: { ...zhTW(bearer(user.token)), ...headers }, payload: payload as Record<string, unknown> });
}

async function addAddress(user: MoneyUser, body: { label?: string; network: string; address: string }, signed = false) {
  const proof = signed ? await walletProof(t.app, t.clock, user, 'withdrawAddress.add', { statement: withdrawAddressStatement({ network: body.network, address: body.address }) }) : undefined;
  return postJson(user, '/address/add', { label: 'mine', ...body, ...(proof ? { proof } : {}) });
}

interface Request {
  currency?: string;
  network?: string;
  addressId: string;
  amount: string;
  payPassword?: string;
}

/** a wallet proof of exactly this withdrawal (or of `signed` when given, for the attacks) */
async function withdrawProof(user: MoneyUser, address: string, body: Request, signed: Partial<{ amount: string; currency: string; network: string; address: string }> = {}): Promise<WalletProofType> {
  const statement = withdrawStatement({ amount: body.amount, currency: body.currency ?? 'USDT', network: body.network ?? 'ERC20', address, ...signed });
  return walletProof(t.app, t.clock, user, 'withdraw', { statement });
}

async function requestWithdrawal(user: MoneyUser, address: string, body: Request, options: { proof?: WalletProofType | null; key?: string } = {}) {
  const proof = options.proof === undefined ? await withdrawProof(user, address, body) : options.proof;
  return postJson(
    user,
    '/request',
    { currency: 'USDT', network: 'ERC20', payPassword: PAY_PASSWORD, ...body, ...(proof ? { proof } : {}) },
    options.key ? { 'idempotency-key': options.key } : {},
  );
}

async function balances(user: MoneyUser, currency = 'USDT') {
  const account = await t.db.selectFrom('ledger_accounts').select(['available', 'frozen']).where('owner', '=', `u${user.userId}`).where('currency', '=', currency).executeTakeFirst();
  return { available: account?.available ?? 0n, frozen: account?.frozen ?? 0n };
}

const withdrawalCount = async () => Number((await t.db.selectFrom('withdrawals').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n);

async function ops(name: string, args: string[]): Promise<Array<Record<string, unknown>>> {
  const printed: Array<Record<string, unknown>> = [];
  const code = await WITHDRAW_OPS_COMMANDS[name].run(args, { db: t.db, clock: t.clock, print: (value) => printed.push(value as Record<string, unknown>) });
  expect(code).toBe(0);
  return printed;
}

beforeAll(async () => {
  // the clock moves days ahead (address delay, daily limit): sessions must outlive it
  t = await startTestApp({ seed: true, config: { tokenIdleTtlMs: 30 * DAY } });
  alice = await newUser(t.app, t.db, t.clock);
  bob = await newUser(t.app, t.db, t.clock);
  await deposit(t.db, t.clock, alice, '200000');
  await deposit(t.db, t.clock, alice, '10', 'ETH', 'ERC20');
  await deposit(t.db, t.clock, bob, '1000');
  const erc20 = (await addAddress(alice, { label: 'ledger', network: 'ERC20', address: randomAddress() }, true)).json().data;
  const bep20 = (await addAddress(alice, { label: 'bsc', network: 'BEP20', address: randomAddress() }, true)).json().data;
  aliceErc20 = { id: erc20.id, address: erc20.address };
  aliceBep20 = { id: bep20.id, address: bep20.address };
  const bobFirst = (await addAddress(bob, { label: 'first', network: 'ERC20', address: randomAddress() }, true)).json().data;
  // past the new-address delay, the review window after setting the pay password, the deposits' day and the session's first hour
  t.clock.advance(DAY + HOUR);
  // each account's first withdrawal is reviewed: approved here, so that the tests start from accounts that withdrew before
  for (const [user, to] of [[alice, aliceErc20], [bob, bobFirst]] as const) {
    const first = await requestWithdrawal(user, to.address, { addressId: to.id, amount: '20' });
    expect(first.json().data).toMatchObject({ status: 'review', reviewReasons: ['firstWithdrawal'] });
    await ops('withdraw:approve', [first.json().data.id]);
  }
  // and out of the daily window of that first withdrawal
  t.clock.advance(DAY + 1);
});
afterAll(async () => t.close());

describe('withdrawal addresses', () => {
  it('adds an address with the session alone: usable only after the 24 h delay; a withdrawal to it before then is refused with nothing frozen', async () => {
    const typed = randomAddress();
    const added = await addAddress(bob, { label: 'cold', network: 'ERC20', address: typed.toLowerCase() });
    expect(added.statusCode).toBe(200);
    const address = added.json().data;
    expect(address).toMatchObject({ label: 'cold', network: 'ERC20', address: typed, usable: false });
    const before = await balances(bob);
    const refused = await requestWithdrawal(bob, typed, { addressId: address.id, amount: '20' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errMessage).toContain(`新增加的提現地址需等到 ${address.usableFrom} 才能使用`);
    expect(await balances(bob)).toEqual(before);

    t.clock.advance(DAY);
    const list = (await get(bob, '/address')).json().data;
    expect(list.find((a: { id: string }) => a.id === address.id).usable).toBe(true);
    const accepted = await requestWithdrawal(bob, typed, { addressId: address.id, amount: '20' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'processing', reviewReasons: [], amount: '20', fee: '5', address: typed });
  });

  it('adds an address with a wallet signature naming it: usable at once, but its withdrawals wait for review as a new address', async () => {
    const typed = randomAddress();
    const address = (await addAddress(bob, { network: 'ERC20', address: typed }, true)).json().data;
    expect(address.usable).toBe(true);
    const response = await requestWithdrawal(bob, typed, { addressId: address.id, amount: '20' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'review', reviewReasons: ['newAddress'], cancellable: true });
  });

  it.each([
    ['a wrong checksum', 'ERC20', 'BADCASE', 422, '地址校驗失敗'],
    ['a Tron address', 'ERC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 422, '這不是 ERC20 網路的地址'],
    ['a Bitcoin address', 'BEP20', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 422, '這不是 BEP20 網路的地址'],
    ['the zero address', 'ERC20', '0x0000000000000000000000000000000000000000', 422, '這不是 ERC20 網路的地址'],
    ['an unsupported network', 'TRC20', 'GOOD', 422, '不支援的提現網路或幣種：TRC20'],
  ])('refuses %s', async (_name, network, text, status, message) => {
    const good = randomAddress();
    // flip the case of one letter: still hex, no longer the checksum
    const i = [...good].findIndex((c, k) => k > 1 && /[a-f]/i.test(c));
    const badCase = good.slice(0, i) + (good[i] === good[i].toUpperCase() ? good[i].toLowerCase() : good[i].toUpperCase()) + good.slice(i + 1);
    const address = text === 'BADCASE' ? badCase : text === 'GOOD' ? good : text;
    const response = await addAddress(bob, { network, address });
    expect(response.statusCode).toBe(status);
    expect(response.json().errMessage).toContain(message);
  });

  it('refuses the same address twice, a signature over another address, and never shows or deletes another user\'s', async () => {
    const typed = randomAddress();
    expect((await addAddress(bob, { network: 'BEP20', address: typed })).statusCode).toBe(200);
    const again = await addAddress(bob, { network: 'BEP20', address: typed.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().errMessage).toBe('此 BEP20 地址已儲存');

    const other = randomAddress();
    const proof = await walletProof(t.app, t.clock, bob, 'withdrawAddress.add', { statement: withdrawAddressStatement({ network: 'ERC20', address: randomAddress() }) });
    const mismatch = await postJson(bob, '/address/add', { label: 'x', network: 'ERC20', address: other, proof });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json()).toMatchObject({ errCode: 'STEP_UP_INVALID', errMessage: '錢包簽名的地址或網路與要新增的地址不符，請重新簽名' });

    const bobs = (await get(bob, '/address')).json().data as Array<{ id: string; address: string }>;
    expect(bobs.some((a) => a.id === aliceErc20.id)).toBe(false);
    const steal = await postJson(bob, '/address/delete', { id: aliceErc20.id });
    expect(steal.statusCode).toBe(404);
    expect((await get(alice, '/address')).json().data.some((a: { id: string }) => a.id === aliceErc20.id)).toBe(true);
    const own = bobs.find((a) => a.address === typed)!;
    expect((await postJson(bob, '/address/delete', { id: own.id })).statusCode).toBe(200);
    expect((await get(bob, '/address')).json().data.some((a: { id: string }) => a.id === own.id)).toBe(false);
  });
});

describe('a withdrawal request', () => {
  it('freezes amount + fee at once, shows in the history and the options, and keeps the ledger balanced', async () => {
    const before = await balances(alice);
    const response = await requestWithdrawal(alice, aliceErc20.address, { addressId: aliceErc20.id, amount: '100.5' });
    expect(response.statusCode).toBe(200);
    const withdrawal = response.json().data;
    expect(withdrawal).toMatchObject({ currency: 'USDT', network: 'ERC20', address: aliceErc20.address, addressLabel: 'ledger', amount: '100.5', fee: '5', status: 'processing', txHash: null, confirmations: 0, confirmationsNeeded: 12, cancellable: false });
    const after = await balances(alice);
    expect(after.available).toBe(before.available - 10_550_000_000n);
    expect(after.frozen).toBe(before.frozen + 10_550_000_000n);
    const history = (await get(alice, '/history?page=1&pageSize=5')).json().data;
    expect(history.list[0]).toEqual(withdrawal);
    expect((await get(bob, '/history')).json().data.list.some((w: { id: string }) => w.id === withdrawal.id)).toBe(false);
    const options = (await get(alice, '/options')).json().data;
    expect(options.addressDelayHours).toBe(24);
    const usdt = options.options.find((o: { currency: string; network: string }) => o.currency === 'USDT' && o.network === 'ERC20');
    expect(usdt).toMatchObject({ decimals: 6, minAmount: '20', maxAmount: '50000', fee: '5', dailyLimit: '100000', reviewAbove: '10000' });
    expect(Number(usdt.dailyLeft)).toBeLessThanOrEqual(100000 - 100.5);
    expect(usdt.maxNow).toBe('50000');
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it.each([
    ['below the minimum', { amount: '19.99' }, 422, '提現金額不能低於 20 USDT'],
    ['above the per-withdrawal maximum', { amount: '50000.01' }, 422, '單筆提現不能高於 50000 USDT'],
    ['with more decimals than USDT has', { amount: '20.1234567' }, 422, 'USDT 金額最多 6 位小數'],
    ['with more than 8 decimals', { amount: '20.123456789' }, 400, '最多 8 位小數'],
    ['of zero', { amount: '0' }, 400, '金額必須大於 0'],
    ['in an unsupported currency', { amount: '20', currency: 'DOGE' }, 422, '不支援的提現網路或幣種：ERC20 DOGE'],
    ['on a network the currency is not withdrawn on', { amount: '1', currency: 'ETH', network: 'BEP20' }, 422, '不支援的提現網路或幣種：BEP20 ETH'],
  ])('is refused %s, with nothing frozen', async (_name, fields, status, message) => {
    const before = await balances(alice);
    const count = await withdrawalCount();
    const response = await requestWithdrawal(alice, aliceErc20.address, { addressId: aliceErc20.id, ...fields });
    expect(response.statusCode).toBe(status);
    expect(response.json().errMessage).toContain(message);
    expect(await balances(alice)).toEqual(before);
    expect(await withdrawalCount()).toBe(count);
  });

  it('refuses more than the available balance (amount + fee), with the figures', async () => {
    const before = await balances(bob);
    const addr = (await addAddress(bob, { network: 'BEP20', address: randomAddress() }, true)).json().data;
    const available = Number(before.available) / 1e8;
    const response = await requestWithdrawal(bob, addr.address, { network: 'BEP20', addressId: addr.id, amount: String(available) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errCode: 'INSUFFICIENT_BALANCE' });
    expect(response.json().errMessage).toContain(`提現 ${available} 加手續費 1，共需 ${available + 1} USDT，可用 ${available} USDT`);
    expect(await balances(bob)).toEqual(before);
  });

  it('refuses an address of another network and another user\'s address, with nothing frozen', async () => {
    const before = await balances(alice);
    const wrongNet = await requestWithdrawal(alice, aliceBep20.address, { network: 'ERC20', addressId: aliceBep20.id, amount: '20' });
    expect(wrongNet.statusCode).toBe(422);
    expect(wrongNet.json().errMessage).toBe('此地址儲存於 BEP20 網路，不能用於 ERC20 提現');
    const bobs = (await get(bob, '/address')).json().data[0];
    const notMine = await requestWithdrawal(alice, bobs.address, { network: bobs.network, addressId: bobs.id, amount: '20' });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().errMessage).toBe('提現地址不存在');
    expect(await balances(alice)).toEqual(before);
  });

  it('refuses an unsigned request, a signature by another wallet, a signature over another withdrawal and a replayed signature', async () => {
    const body = { addressId: aliceErc20.id, amount: '30' };
    const before = await balances(alice);
    const count = await withdrawalCount();

    const unsigned = await requestWithdrawal(alice, aliceErc20.address, body, { proof: null });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json()).toMatchObject({ errCode: 'STEP_UP_REQUIRED', errMessage: expect.stringContaining('提現需要錢包簽名確認') });

    // bob's session signs bob's challenge over alice's withdrawal: not the signed-in wallet
    const bobsProof = await walletProof(t.app, t.clock, bob, 'withdraw', { statement: withdrawStatement({ amount: '30', currency: 'USDT', network: 'ERC20', address: aliceErc20.address }) });
    const otherWallet = await requestWithdrawal(alice, aliceErc20.address, body, { proof: bobsProof });
    expect(otherWallet.statusCode).toBe(403);
    expect(otherWallet.json().errMessage).toContain('簽名的錢包不是目前登入的帳戶');

    for (const signed of [{ amount: '3000' }, { address: randomAddress() }, { network: 'BEP20' }, { currency: 'ETH' }]) {
      const proof = await withdrawProof(alice, aliceErc20.address, body, signed);
      const mismatch = await requestWithdrawal(alice, aliceErc20.address, body, { proof });
      expect({ signed, status: mismatch.statusCode, message: mismatch.json().errMessage }).toEqual({ signed, status: 403, message: '錢包簽名的提現內容（金額、幣種、網路或地址）與本次提現不符，請重新簽名' });
    }
    // a pay-password proof never serves a withdrawal
    const otherPurpose = await walletProof(t.app, t.clock, alice, 'payPassword.change', { statement: withdrawStatement({ amount: '30', currency: 'USDT', network: 'ERC20', address: aliceErc20.address }) });
    expect((await requestWithdrawal(alice, aliceErc20.address, body, { proof: otherPurpose })).json().errMessage).toContain('簽名確認已過期、已使用或不屬於此操作');
    expect(await balances(alice)).toEqual(before);
    expect(await withdrawalCount()).toBe(count);

    const proof = await withdrawProof(alice, aliceErc20.address, body);
    expect((await requestWithdrawal(alice, aliceErc20.address, body, { proof })).statusCode).toBe(200);
    const replay = await requestWithdrawal(alice, aliceErc20.address, body, { proof });
    expect(replay.statusCode).toBe(403);
    expect(replay.json().errMessage).toContain('簽名確認已過期、已使用或不屬於此操作');
    expect(await withdrawalCount()).toBe(count + 1);
  });

  it('refuses a wrong pay password before anything else, and a number instead of a decimal string', async () => {
    const before = await balances(alice);
    const wrong = await requestWithdrawal(alice, aliceErc20.address, { addressId: aliceErc20.id, amount: '20', payPassword: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errCode).toBe('PAY_PASSWORD_WRONG');
    const proof = await withdrawProof(alice, aliceErc20.address, { addressId: aliceErc20.id, amount: '20' });
    const number = await postJson(alice, '/request', { currency: 'USDT', network: 'ERC20', addressId: aliceErc20.id, amount: 20, payPassword: PAY_PASSWORD, proof });
    expect(number.statusCode).toBe(400);
    expect(number.json().errCode).toBe('VALIDATION_FAILED');
    const numericId = await postJson(alice, '/request', { currency: 'USDT', network: 'ERC20', addressId: Number(aliceErc20.id), amount: '20', payPassword: PAY_PASSWORD, proof });
    expect(numericId.statusCode).toBe(400);
    const extra = await postJson(alice, '/request', { currency: 'USDT', network: 'ERC20', addressId: aliceErc20.id, amount: '20', payPassword: PAY_PASSWORD, proof, to: '0x' });
    expect(extra.statusCode).toBe(400);
    expect(await balances(alice)).toEqual(before);
  });

  it('freezes once per Idempotency-Key: the same request again is the first answer, another body under the key is a conflict', async () => {
    const before = await balances(alice);
    const count = await withdrawalCount();
    const body = { addressId: aliceErc20.id, amount: '25' };
    const proof = await withdrawProof(alice, aliceErc20.address, body);
    const first = await requestWithdrawal(alice, aliceErc20.address, body, { proof, key: 'wd-key-1' });
    const second = await requestWithdrawal(alice, aliceErc20.address, body, { proof, key: 'wd-key-1' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data).toEqual(first.json().data);
    const other = await requestWithdrawal(alice, aliceErc20.address, { ...body, amount: '26' }, { key: 'wd-key-1' });
    expect(other.statusCode).toBe(409);
    expect(other.json().errCode).toBe('IDEMPOTENCY_CONFLICT');
    expect(await withdrawalCount()).toBe(count + 1);
    expect((await balances(alice)).frozen).toBe(before.frozen + 3_000_000_000n);
    const row = await t.db.selectFrom('withdrawals').select('idempotency_key').where('id', '=', BigInt(first.json().data.id)).executeTakeFirstOrThrow();
    expect(row.idempotency_key).toBe('wd-key-1');
  });

  it('sends to review above the threshold; cancel returns amount + fee, only while in review, only the owner', async () => {
    const before = await balances(alice);
    const big = await requestWithdrawal(alice, aliceErc20.address, { addressId: aliceErc20.id, amount: '10000.5' });
    expect(big.statusCode).toBe(200);
    const withdrawal = big.json().data;
    expect(withdrawal).toMatchObject({ status: 'review', reviewReasons: ['amount'], cancellable: true });
    expect((await postJson(bob, '/cancel', { id: withdrawal.id })).statusCode).toBe(404);
    const cancelled = await postJson(alice, '/cancel', { id: withdrawal.id });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(await balances(alice)).toEqual(before);
    const again = await postJson(alice, '/cancel', { id: withdrawal.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().errMessage).toBe('只有審核中的提現可以取消');
    const processing = (await get(alice, '/history')).json().data.list.find((w: { status: string }) => w.status === 'processing');
    expect((await postJson(alice, '/cancel', { id: processing.id })).statusCode).toBe(409);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('holds the per-user limit over 24 hours (cancelled ones do not count), then frees it a day later', async () => {
    await deposit(t.db, t.clock, alice, '100', 'ETH', 'ERC20');
    const eth = (await addAddress(alice, { label: 'eth', network: 'ERC20', address: randomAddress() }, true)).json().data;
    t.clock.advance(DAY + HOUR);
    const send = (amount: string) => requestWithdrawal(alice, eth.address, { currency: 'ETH', network: 'ERC20', addressId: eth.id, amount });
    // 5 or less needs no review; 20 is the maximum of one; 50 a day
    for (const amount of ['20', '20']) expect((await send(amount)).statusCode).toBe(200);
    const before = await balances(alice, 'ETH');
    const over = await send('10.00000001');
    expect(over.statusCode).toBe(422);
    expect(over.json().errMessage).toBe('超過每日提現限額 50 ETH：24 小時內還可提現 10 ETH');
    expect(await balances(alice, 'ETH')).toEqual(before);
    const ten = (await send('10')).json().data;
    expect(ten).toMatchObject({ status: 'review', reviewReasons: ['amount'] });
    expect((await send('1')).json().errMessage).toBe('超過每日提現限額 50 ETH：24 小時內還可提現 0 ETH');
    expect((await postJson(alice, '/cancel', { id: ten.id })).statusCode).toBe(200);
    expect((await send('10')).statusCode).toBe(200);
    t.clock.advance(DAY + 1);
    expect((await send('1')).json().data).toMatchObject({ status: 'processing', fee: '0.002' });
  });

  it('sends every withdrawal to review for a day after the pay password changed', async () => {
    const changed = await postPayPass(t.app, t.clock, alice, { oldPassword: PAY_PASSWORD, newPassword: '135790' });
    expect(changed.statusCode).toBe(200);
    const response = await requestWithdrawal(alice, aliceErc20.address, { addressId: aliceErc20.id, amount: '20', payPassword: '135790' });
    expect(response.json().data).toMatchObject({ status: 'review', reviewReasons: ['securityChange'] });
    t.clock.advance(DAY + 1);
    const later = await requestWithdrawal(alice, aliceErc20.address, { addressId: aliceErc20.id, amount: '20', payPassword: '135790' });
    expect(later.json().data).toMatchObject({ status: 'processing', reviewReasons: [] });
    expect((await postPayPass(t.app, t.clock, alice, { oldPassword: '135790', newPassword: PAY_PASSWORD })).statusCode).toBe(200);
    t.clock.advance(DAY + 1);
  });
});

describe('the operator\'s review', () => {
  it('lists withdrawals in review; approve → processing once, recorded with the operator; reject → amount + fee returned under a reference naming the operator', async () => {
    const one = (await requestWithdrawal(alice, aliceErc20.address, { addressId: aliceErc20.id, amount: '12000' })).json().data;
    const two = (await requestWithdrawal(alice, aliceErc20.address, { addressId: aliceErc20.id, amount: '13000' })).json().data;
    const listed = await ops('withdraw:list', ['--status', 'review']);
    expect(listed.map((w) => w.id)).toEqual(expect.arrayContaining([one.id, two.id]));
    expect(listed.find((w) => w.id === one.id)).toMatchObject({ amount: '12000', fee: '5', reviewReasons: ['amount'], address: aliceErc20.address });

    const [approved] = await ops('withdraw:approve', [one.id, '--operator', 'carol']);
    expect(approved).toMatchObject({ id: one.id, status: 'processing', operator: 'cli:carol', approved: true });
    const [repeat] = await ops('withdraw:approve', [one.id, '--operator', 'carol']);
    expect(repeat).toMatchObject({ status: 'processing', approved: false, alreadyApproved: true });
    expect((await get(alice, '/history')).json().data.list.find((w: { id: string }) => w.id === one.id)).toMatchObject({ status: 'processing', cancellable: false });

    const before = await balances(alice);
    const [rejected] = await ops('withdraw:reject', [two.id, '--reason', 'address on a sanctions list', '--operator', 'dave']);
    expect(rejected).toMatchObject({ status: 'rejected', operator: 'cli:dave', reason: 'address on a sanctions list', rejected: true });
    const after = await balances(alice);
    expect(after.available - before.available).toBe(1_300_500_000_000n);
    expect(before.frozen - after.frozen).toBe(1_300_500_000_000n);
    const refs = await t.db.selectFrom('ledger_transactions').select('ref').where('ref', 'like', `withdraw:${two.id}:%`).orderBy('id').execute();
    expect(refs.map((r) => r.ref)).toEqual([`withdraw:${two.id}:freeze`, `withdraw:${two.id}:release`]);
    const [rejectAgain] = await ops('withdraw:reject', [two.id, '--reason', 'again', '--operator', 'dave']);
    expect(rejectAgain).toMatchObject({ rejected: false, alreadyRejected: true });
    expect(await balances(alice)).toEqual(after);
    const view = (await get(alice, '/history')).json().data.list.find((w: { id: string }) => w.id === two.id);
    expect(view).toMatchObject({ status: 'rejected', reason: 'address on a sanctions list' });
    // an approved one not yet handed to the signer may still be rejected
    const [late] = await ops('withdraw:reject', [one.id, '--reason', 'customer called']);
    expect(late).toMatchObject({ status: 'rejected' });
    await expect(WITHDRAW_OPS_COMMANDS['withdraw:approve'].run([two.id], { db: t.db, clock: t.clock, print: () => undefined })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(WITHDRAW_OPS_COMMANDS['withdraw:reject'].run([two.id], { db: t.db, clock: t.clock, print: () => undefined })).rejects.toThrow('missing --reason');
    await expect(WITHDRAW_OPS_COMMANDS['withdraw:approve'].run(['999999'], { db: t.db, clock: t.clock, print: () => undefined })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('settles a sent withdrawal: amount to the system withdrawals account, fee to fees, nothing left frozen for it', async () => {
    const w = (await requestWithdrawal(alice, aliceErc20.address, { addressId: aliceErc20.id, amount: '50' })).json().data;
    const row = await t.db.selectFrom('withdrawals').selectAll().where('id', '=', BigInt(w.id)).executeTakeFirstOrThrow();
    const sys = (system: 'withdrawals' | 'fees') => systemBalance(t.db, system, 'USDT');
    const before = { user: await balances(alice), out: await sys('withdrawals'), fees: await sys('fees') };
    await runMoneyTransaction(t.db, (trx) => postSettle(trx, row, '0x' + 'ab'.repeat(32), t.clock.now()));
    expect((await balances(alice)).frozen).toBe(before.user.frozen - 5_500_000_000n);
    expect((await balances(alice)).available).toBe(before.user.available);
    expect(await sys('withdrawals')).toBe(before.out + 5_000_000_000n);
    expect(await sys('fees')).toBe(before.fees + 500_000_000n);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it("a withdrawal's frozen money leaves the frozen bucket once: a second return by another path, or a settle after a return, is refused by the ledger itself", async () => {
    // two withdrawals, so the frozen bucket holds enough for a second release of the first:
    // only the ledger's reference can tell that this one was released already
    const first = (await requestWithdrawal(alice, aliceErc20.address, { addressId: aliceErc20.id, amount: '30' })).json().data;
    await requestWithdrawal(alice, aliceErc20.address, { addressId: aliceErc20.id, amount: '30' });
    const row = await t.db.selectFrom('withdrawals').selectAll().where('id', '=', BigInt(first.id)).executeTakeFirstOrThrow();
    await runMoneyTransaction(t.db, (trx) => postReturn(trx, row, t.clock.now()));
    const after = { user: await balances(alice), out: await systemBalance(t.db, 'withdrawals', 'USDT') };

    await expect(runMoneyTransaction(t.db, (trx) => postReturn(trx, row, t.clock.now()))).rejects.toMatchObject({ statusCode: 409 });
    await expect(runMoneyTransaction(t.db, (trx) => postReturn(trx, row, t.clock.now()))).rejects.toMatchObject({ statusCode: 409 });
    await expect(runMoneyTransaction(t.db, (trx) => postSettle(trx, row, '0x' + 'cd'.repeat(32), t.clock.now()))).rejects.toMatchObject({ statusCode: 409 });
    expect(await balances(alice)).toEqual(after.user);
    expect(await systemBalance(t.db, 'withdrawals', 'USDT')).toBe(after.out);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});

describe('concurrent requests', () => {
  it('ten at once that together exceed the balance: exactly the affordable ones are frozen, never below zero, each proof spent once', async () => {
    const carol = await newUser(t.app, t.db, t.clock);
    await deposit(t.db, t.clock, carol, '100', 'USDT', 'BEP20');
    const address = (await addAddress(carol, { network: 'BEP20', address: randomAddress() }, true)).json().data;
    const body = { network: 'BEP20', addressId: address.id, amount: '20' };
    const proofs = await Promise.all(Array.from({ length: 10 }, () => withdrawProof(carol, address.address, body)));
    const responses = await Promise.all(proofs.map((proof) => requestWithdrawal(carol, address.address, body, { proof })));
    const statuses = responses.map((r) => r.statusCode).sort();
    // 20 + 1 fee each: 4 × 21 = 84 of 100
    expect(statuses).toEqual([200, 200, 200, 200, 422, 422, 422, 422, 422, 422]);
    expect(await balances(carol)).toEqual({ available: 1_600_000_000n, frozen: 8_400_000_000n });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
