/**
 * @jest-environment node
 *
 * The mocks serve every endpoint of the contract, every response (errors included) is the
 * contract's envelope, and what users do changes what later calls return.
 */
import { Value } from '@sinclair/typebox/value';
import featureDefaults from '../../config/access';
import { Wallet, parseUnits } from 'ethers';
import { SiweMessage } from 'siwe';
import { Envelope, ErrorEnvelope, allEndpoints, contract, fullPath } from '../../contract';
import account, { seenDeposit } from '../../mock/account';
import { state as mockState } from '../../mock/_state';
import { DEPOSIT_REVIEW_ABOVE } from '../../contract/rules/wallet';
import address from '../../mock/address';
import auth from '../../mock/auth';
import content from '../../mock/content';
import features from '../../mock/features';
import invite from '../../mock/invite';
import mall from '../../mock/mall';
import market from '../../mock/market';
import notification from '../../mock/notification';
import product from '../../mock/product';
import user from '../../mock/user';
import withdraw from '../../mock/withdraw';
import { withdrawAddressStatement, withdrawStatement } from '../../contract/rules/withdraw';
import { payPasswordResetStatement } from '../../contract/rules/payPassword';
import type { StepUpPurposeType } from '../../contract/stepUp';
import { MARKET_CYCLE_MS, stalePhase } from '../../mock/_market';
import { setMockNow } from '../../mock/_time';
import { invokeMock, type MockReply } from './mockInvoke';

/** the app's endpoints; the console's mocks have a test of their own (admin-mock-contract.test.ts) */
const userEndpoints = () => allEndpoints().filter((e) => e.domain !== 'admin');

const routes = { ...auth, ...user, ...account, ...product, ...content, ...invite, ...address, ...mall, ...features, ...withdraw, ...market, ...notification };

// the mocks' clock at the start of the current market cycle, where every price is usable
// (mock/_market.ts: FIL has none for a minute of every cycle); mock-rules.test.ts covers that phase
beforeAll(() => setMockNow(stalePhase(Date.now()).to - MARKET_CYCLE_MS + 1000));
afterAll(() => setMockNow(null));
type Contract = typeof contract;

interface CallInput {
  query?: Record<string, unknown>;
  body?: unknown;
  params?: Record<string, string>;
  token?: string | null;
  headers?: Record<string, string>;
}

type Reply = MockReply;

/** Endpoints that answered 200 with a valid envelope at least once. */
const served = new Set<string>();

/** Calls the mock of `domain.name` as Umi would, and checks the reply against the contract. */
function call<D extends keyof Contract>(domain: D, name: keyof Contract[D] & string, input: CallInput = {}): Reply {
  const endpoint = allEndpoints().find((e) => e.domain === domain && e.name === name)!.endpoint;
  const handler = routes[`${endpoint.method} ${fullPath(endpoint)}`];
  if (!handler) throw new Error(`no mock for ${domain}.${name}`);
  const headers: Record<string, string> = { host: 'localhost:8000', 'accept-language': 'zh-TW', ...input.headers };
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  const reply: Reply = invokeMock(handler, { ...input, headers });

  const schema = reply.status === 200 ? Envelope(endpoint.response) : ErrorEnvelope;
  const errors = [...Value.Errors(schema, reply.body)].map((e) => `${e.path}: ${e.message} (${JSON.stringify(e.value)})`);
  if (errors.length) throw new Error(`${domain}.${name} broke the contract:\n${errors.join('\n')}`);
  expect(reply.body.httpStatusCode).toBe(reply.status);
  expect(reply.body.success).toBe(reply.status === 200);
  if (reply.status === 200) served.add(`${domain}.${name}`);
  return reply;
}

/** `call`, insisting on success, resolving to the data. */
function ok<D extends keyof Contract>(domain: D, name: keyof Contract[D] & string, input: CallInput = {}): any {
  const reply = call(domain, name, input);
  if (reply.status !== 200) throw new Error(`${domain}.${name} → ${reply.status} ${reply.body.errCode} ${reply.body.errMessage}`);
  return reply.body.data;
}

async function signIn(wallet: Pick<Wallet, 'address' | 'signMessage'>, invite?: string): Promise<string> {
  const { nonce } = ok('auth', 'nonce');
  const message = new SiweMessage({
    domain: 'localhost:8000', address: wallet.address, statement: 'Sign in to PowerFi', uri: 'http://localhost:8000',
    version: '1', chainId: 1, nonce, issuedAt: new Date().toISOString(),
  }).prepareMessage();
  const signature = await wallet.signMessage(message);
  return ok('auth', 'signInWallet', { body: { message, signature, invite } }).token;
}

/** A fresh wallet proof of `purpose` (step-up), as the app makes it. */
async function proof(wallet: Pick<Wallet, 'address' | 'signMessage'>, token: string, purpose: StepUpPurposeType, statement?: string) {
  const challenge = ok('auth', 'stepUpChallenge', { token, body: { purpose } });
  const message = new SiweMessage({
    domain: 'localhost:8000', address: wallet.address, statement: statement ?? challenge.statement, uri: 'http://localhost:8000',
    version: '1', chainId: 1, nonce: challenge.nonce, issuedAt: new Date().toISOString(),
  }).prepareMessage();
  return { message, signature: await wallet.signMessage(message) };
}

const units = (value: string) => parseUnits(value, 8);
const usdt = (token: string) => units(ok('account', 'account', { token, query: { currency: 'USDT' } }).balances[0].available);

const alice = Wallet.createRandom();
const bob = Wallet.createRandom();
let aliceToken = '';
let bobToken = '';

describe('mock routes', () => {
  it('exist for every endpoint of the contract, and nothing else', () => {
    const expected = userEndpoints().map(({ endpoint }) => `${endpoint.method} ${fullPath(endpoint)}`).sort();
    expect(Object.keys(routes).sort()).toEqual(expected);
  });
});

describe('wallet sign-in', () => {
  it('refuses the profile without a session: 401 envelope in zh-TW', () => {
    const reply = call('user', 'profile');
    expect(reply.status).toBe(401);
    expect(reply.body.errCode).toBe('UNAUTHORIZED');
    expect(reply.body.errMessage).toBe('請先登入');
    expect(call('user', 'profile', { token: 'not-a-session' }).status).toBe(401);
  });

  it('signs in with a SIWE message signed by the wallet and returns the profile', async () => {
    aliceToken = await signIn(alice);
    expect(aliceToken).toMatch(/^[0-9a-f]{64}$/);
    const profile = ok('user', 'profile', { token: aliceToken });
    expect(profile.address).toBe(alice.address);
    expect(profile.hasPayPassword).toBe(false);
    // Signing in again is the same user, with a new token.
    const again = await signIn(alice);
    expect(again).not.toBe(aliceToken);
    expect(ok('user', 'profile', { token: again }).uid).toBe(profile.uid);
  });

  it('refuses a signature by another wallet, a reused nonce and an unsupported chain', async () => {
    const { nonce } = ok('auth', 'nonce');
    const fields = { domain: 'localhost:8000', address: alice.address, uri: 'http://localhost:8000', version: '1', chainId: 1, nonce, issuedAt: new Date().toISOString() };
    const message = new SiweMessage(fields).prepareMessage();
    const forged = call('auth', 'signInWallet', { body: { message, signature: await bob.signMessage(message) } });
    expect(forged.status).toBe(401);
    expect(forged.body.errCode).toBe('SIWE_SIGNATURE_INVALID');
    // The failed attempt did not burn the nonce; the owner's signature still works, once.
    const signature = await alice.signMessage(message);
    expect(call('auth', 'signInWallet', { body: { message, signature } }).status).toBe(200);
    expect(call('auth', 'signInWallet', { body: { message, signature } }).body.errCode).toBe('SIWE_NONCE_INVALID');

    const fresh = ok('auth', 'nonce').nonce;
    const wrongChain = new SiweMessage({ ...fields, nonce: fresh, chainId: 999 }).prepareMessage();
    const reply = call('auth', 'signInWallet', { body: { message: wrongChain, signature: await alice.signMessage(wrongChain) } });
    expect(reply.body.errCode).toBe('SIWE_CHAIN_UNSUPPORTED');
  });

  it('binds the inviter of the login link at the first sign-in', async () => {
    const code = ok('invite', 'details', { token: aliceToken }).code;
    bobToken = await signIn(bob, code);
    const aliceUid = ok('user', 'profile', { token: aliceToken }).uid;
    expect(ok('user', 'profile', { token: bobToken }).inviterUid).toBe(aliceUid);
    const invitees = ok('invite', 'invitees', { token: aliceToken });
    expect(invitees.list.map((i: { uid: string }) => i.uid)).toContain(ok('user', 'profile', { token: bobToken }).uid);
  });
});

describe('validation', () => {
  it('answers 400 naming the field, in zh-TW', () => {
    const reply = call('address', 'create', { token: aliceToken, body: { phone: '13800000000' } });
    expect(reply.status).toBe(400);
    expect(reply.body.errCode).toBe('VALIDATION_FAILED');
    expect(reply.body.errMessage).toContain('receiver');
    expect(call('product', 'power', { query: { pageSize: 1000 } }).status).toBe(400);
  });
});

describe('pay password', () => {
  it('is required before money moves, then set once and changed with the old one, each with a fresh wallet proof', async () => {
    const product = ok('product', 'power').list.find((p: { status: string }) => p.status === 'on_sale');
    const refused = call('product', 'powerOrderCreate', { token: aliceToken, body: { productId: product.id, units: 1, payPassword: '123456' } });
    expect(refused.status).toBe(422);
    expect(refused.body.errCode).toBe('PAY_PASSWORD_REQUIRED');

    const tokenAlone = call('user', 'payPass', { token: aliceToken, body: { newPassword: '123456' } });
    expect(tokenAlone.status).toBe(403);
    expect(tokenAlone.body.errCode).toBe('STEP_UP_REQUIRED');
    const bobsProof = await proof(bob, bobToken, 'payPassword.set');
    expect(call('user', 'payPass', { token: aliceToken, body: { newPassword: '123456', proof: bobsProof } }).body.errCode).toBe('STEP_UP_INVALID');

    const setProof = await proof(alice, aliceToken, 'payPassword.set');
    expect(ok('user', 'payPass', { token: aliceToken, body: { newPassword: '123456', proof: setProof } })).toEqual({ hasPayPassword: true });
    expect(call('user', 'payPass', { token: aliceToken, body: { oldPassword: '123456', newPassword: '654321', proof: setProof } }).body.errCode).toBe('STEP_UP_INVALID');
    expect(call('user', 'payPass', { token: aliceToken, body: { oldPassword: '000000', newPassword: '654321', proof: await proof(alice, aliceToken, 'payPassword.change') } }).body.errCode).toBe('PAY_PASSWORD_WRONG');
    ok('user', 'payPass', { token: aliceToken, body: { oldPassword: '123456', newPassword: '654321', proof: await proof(alice, aliceToken, 'payPassword.change') } });
    ok('user', 'payPass', { token: aliceToken, body: { oldPassword: '654321', newPassword: '123456', proof: await proof(alice, aliceToken, 'payPassword.change') } });
    expect(ok('user', 'profile', { token: aliceToken }).hasPayPassword).toBe(true);
    ok('user', 'payPass', { token: bobToken, body: { newPassword: '222222', proof: await proof(bob, bobToken, 'payPassword.set') } });
  });

  it('is reset with a wallet proof naming the account, which pauses withdrawals (the server\'s rule)', async () => {
    const carol = Wallet.createRandom();
    const token = await signIn(carol);
    ok('user', 'payPass', { token, body: { newPassword: '111111', proof: await proof(carol, token, 'payPassword.set') } });
    expect(ok('withdraw', 'options', { token }).withdrawHeldUntil).toBeUndefined();
    expect(call('user', 'payPassReset', { token, body: { newPassword: '333333' } }).body.errCode).toBe('STEP_UP_REQUIRED');
    expect(call('user', 'payPassReset', { token, body: { newPassword: '333333', proof: await proof(carol, token, 'payPassword.reset') } }).body.errKey).toBe('stepUp.wrongPurpose');
    expect(call('user', 'payPassReset', { token, body: { newPassword: '333333', proof: await proof(carol, token, 'payPassword.reset', payPasswordResetStatement(bob.address)) } }).body.errCode).toBe('STEP_UP_INVALID');
    const reset = ok('user', 'payPassReset', { token, body: { newPassword: '333333', proof: await proof(carol, token, 'payPassword.reset', payPasswordResetStatement(carol.address)) } });
    expect(reset).toEqual({ hasPayPassword: true, withdrawHeldUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    expect(ok('withdraw', 'options', { token }).withdrawHeldUntil).toBe(reset.withdrawHeldUntil);
    const refused = call('withdraw', 'request', { token, body: { currency: 'USDT', network: 'ERC20', addressId: '1', amount: '20', payPassword: '333333' } });
    expect(refused.body).toMatchObject({ errCode: 'BUSINESS_RULE', errKey: 'payPassword.resetWithdrawHold' });
    expect(call('withdraw', 'request', { token, body: { currency: 'USDT', network: 'ERC20', addressId: '1', amount: '20', payPassword: '111111' } }).body.errCode).toBe('PAY_PASSWORD_WRONG');
  });
});

describe('accounts', () => {
  it('shows balances, titles, deposits and ledger entries of a new user', () => {
    const overview = ok('account', 'account', { token: aliceToken });
    expect(overview.balances.map((b: { currency: string }) => b.currency)).toEqual(expect.arrayContaining(['USDT', 'ETH']));
    expect(units(overview.totalUsdt)).toBeGreaterThan(0n);
    expect(ok('account', 'productTitle', { params: { id: '10000' } })).toEqual({ id: '10000', title: 'USDT', currency: 'USDT' });
    expect(call('account', 'productTitle', { params: { id: '99999' } }).status).toBe(404);
    const recharge = ok('account', 'recharge', { token: aliceToken, query: { currency: 'USDT' } });
    expect(recharge.networks.length).toBeGreaterThan(0);
    // two credited, and two just seen on chain (mock/_starter.ts): below the minimum, and confirming 1/12
    expect(recharge.records.total).toBe(4);
    expect(recharge.records.list.slice(0, 2).map((r: { status: string; confirmations?: number; requiredConfirmations?: number }) => [r.status, r.confirmations, r.requiredConfirmations]))
      .toEqual([['confirming', 1, 12], ['below_minimum', 1, 12]]);
    const deposits = ok('user', 'walletDetails', { token: aliceToken, query: { type: 'deposit' } });
    expect(deposits.total).toBe(3);
  });

  it('holds a seen deposit above DEPOSIT_REVIEW_ABOVE in review once confirmed, as the server does', () => {
    const before = ok('account', 'recharge', { token: aliceToken, query: { currency: 'USDT' } }).records.total;
    const user = mockState.users.get(mockState.sessions.get(aliceToken)!)!;
    // seen a minute ago: its 12 mock blocks are behind it
    seenDeposit(user, 'ERC20', 'USDT', (BigInt(DEPOSIT_REVIEW_ABOVE.USDT) + 1n).toString(), Date.now() - 60_000);
    const recharge = ok('account', 'recharge', { token: aliceToken, query: { currency: 'USDT' } });
    expect(recharge.records.total).toBe(before + 1);
    expect(recharge.records.list).toContainEqual(expect.objectContaining({ status: 'review', amount: '50001' }));
  });

  it('transfers to another user: sender pays amount and fee, recipient receives, both see it', () => {
    const bobUid = ok('user', 'profile', { token: bobToken }).uid;
    const before = [usdt(aliceToken), usdt(bobToken)];
    const options = ok('account', 'transferOptions', { token: aliceToken });
    const fee = units(options.currencies.find((c: { currency: string }) => c.currency === 'USDT').fee);
    const sent = ok('account', 'transferCreate', { token: aliceToken, body: { to: bobUid, currency: 'USDT', amount: '100', payPassword: '123456' } });
    expect(sent.direction).toBe('out');
    expect(usdt(aliceToken)).toBe(before[0] - units('100') - fee);
    expect(usdt(bobToken)).toBe(before[1] + units('100'));
    expect(ok('account', 'transfers', { token: bobToken }).list[0]).toMatchObject({ direction: 'in', amount: '100' });
    expect(ok('account', 'transferOptions', { token: aliceToken }).recentRecipients[0].uid).toBe(bobUid);

    const self = call('account', 'transferCreate', { token: aliceToken, body: { to: alice.address, currency: 'USDT', amount: '20', payPassword: '123456' } });
    expect(self.status).toBe(422);
    const tooMuch = call('account', 'transferCreate', { token: aliceToken, body: { to: bobUid, currency: 'USDT', amount: '99999999', payPassword: '123456' } });
    expect(tooMuch.body.errCode).toBe('INSUFFICIENT_BALANCE');
  });

  it('checks a transfer recipient as the server does: masked address only, 404 for unknown ones and oneself', () => {
    const bob = ok('user', 'profile', { token: bobToken });
    const found = ok('account', 'transferRecipient', { token: aliceToken, query: { to: bob.uid } });
    expect(found).toEqual({ maskedAddress: `${bob.address.slice(0, 4)}…${bob.address.slice(-4)}` });
    expect(call('account', 'transferRecipient', { token: aliceToken, query: { to: '99999999' } }).status).toBe(404);
    expect(call('account', 'transferRecipient', { token: aliceToken, query: { to: alice.address } }).status).toBe(404);
  });

  it('converts at a quote: the exact amount received is credited', () => {
    const { pairs } = ok('account', 'convert', { token: aliceToken });
    expect(pairs.some((p: { from: string; to: string }) => p.from === 'USDT' && p.to === 'ETH')).toBe(true);
    const ethBefore = units(ok('account', 'account', { token: aliceToken, query: { currency: 'ETH' } }).balances[0].available);
    const usdtBefore = usdt(aliceToken);
    const quote = ok('account', 'convertQuote', { token: aliceToken, body: { from: 'USDT', to: 'ETH', amount: '100' } });
    const record = ok('account', 'convertCreate', { token: aliceToken, body: { quoteId: quote.quoteId, payPassword: '123456' } });
    expect(record.received).toBe(quote.received);
    expect(usdt(aliceToken)).toBe(usdtBefore - units('100'));
    const ethAfter = units(ok('account', 'account', { token: aliceToken, query: { currency: 'ETH' } }).balances[0].available);
    expect(ethAfter).toBe(ethBefore + units(quote.received));
    expect(ok('account', 'convert', { token: aliceToken }).records.list[0].id).toBe(record.id);
    // A quote is used once (409 CONFLICT, as the server answers).
    expect(call('account', 'convertCreate', { token: aliceToken, body: { quoteId: quote.quoteId, payPassword: '123456' } }).status).toBe(409);
  });

  it('exchanges mined coin to USDT and lists power bills', () => {
    const detail = ok('account', 'powerDetail', { token: aliceToken });
    const btc = detail.coins.find((c: { coin: string }) => c.coin === 'BTC');
    expect(units(btc.available)).toBeGreaterThan(0n);
    const bills = ok('account', 'powerBill', { token: aliceToken, query: { coin: 'BTC' } });
    expect(bills.total).toBeGreaterThan(0);
    const usdtBefore = usdt(aliceToken);
    const record = ok('account', 'powerExchange', { token: aliceToken, body: { coin: 'BTC', amount: '0.00001', payPassword: '123456' } });
    expect(usdt(aliceToken)).toBe(usdtBefore + units(record.received));
    const after = ok('account', 'powerDetail', { token: aliceToken }).coins.find((c: { coin: string }) => c.coin === 'BTC');
    expect(units(after.available)).toBe(units(btc.available) - units('0.00001'));
    expect(ok('account', 'exchange', { token: aliceToken }).list[0].id).toBe(record.id);
  });
});

describe('products', () => {
  it('buying power: order list grows, balance drops by units × price, stock falls, inviter earns commission', () => {
    const product = ok('product', 'power', { query: { coin: 'BTC' } }).list.find((p: { status: string }) => p.status === 'on_sale');
    const ordersBefore = ok('product', 'powerOrders', { token: bobToken }).total;
    const balanceBefore = usdt(bobToken);
    const commissionBefore = units(ok('invite', 'details', { token: aliceToken }).commissionTotal);
    const order = ok('product', 'powerOrderCreate', { token: bobToken, body: { productId: product.id, units: 2, payPassword: '222222' } });
    expect(order).toMatchObject({ productId: product.id, units: 2, status: 'pending' });
    const ordersAfter = ok('product', 'powerOrders', { token: bobToken });
    expect(ordersAfter.total).toBe(ordersBefore + 1);
    expect(ordersAfter.list[0].id).toBe(order.id);
    const price = 2n * units(product.pricePerUnit);
    expect(usdt(bobToken)).toBe(balanceBefore - price);
    const stockAfter = ok('product', 'power', { query: { coin: 'BTC' } }).list.find((p: { id: string }) => p.id === product.id).stock;
    expect(stockAfter).toBe(product.stock - 2);
    expect(units(ok('invite', 'details', { token: aliceToken }).commissionTotal)).toBe(commissionBefore + price / 20n);
    expect(ok('product', 'powerOrders', { token: bobToken, query: { status: 'ended' } }).list).toHaveLength(0);
  });

  it('replays a money-moving call with the same Idempotency-Key, refuses it with another body', () => {
    const product = ok('product', 'power', { query: { coin: 'BTC' } }).list.find((p: { status: string }) => p.status === 'on_sale');
    const body = { productId: product.id, units: 1, payPassword: '123456' };
    const headers = { 'idempotency-key': 'buy-once-1' };
    const balanceBefore = usdt(aliceToken);
    const first = call('product', 'powerOrderCreate', { token: aliceToken, body, headers });
    const second = call('product', 'powerOrderCreate', { token: aliceToken, body, headers });
    expect(second.body.data).toEqual(first.body.data);
    expect(usdt(aliceToken)).toBe(balanceBefore - units(product.pricePerUnit));
    const conflict = call('product', 'powerOrderCreate', { token: aliceToken, body: { ...body, units: 2 }, headers });
    expect(conflict.status).toBe(409);
    expect(conflict.body.errCode).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('subscribing to finance locks the principal and shows in the census', () => {
    const product = ok('product', 'finance').list.find((p: { status: string; id: string }) => p.status === 'on_sale' && p.id === '1');
    const censusBefore = ok('product', 'financeCensus', { token: aliceToken });
    const frozenBefore = units(ok('account', 'account', { token: aliceToken, query: { currency: 'USDT' } }).balances[0].frozen);
    const order = ok('product', 'financeOrderCreate', { token: aliceToken, body: { productId: product.id, amount: '200', payPassword: '123456' } });
    expect(ok('product', 'financeOrders', { token: aliceToken }).list[0].id).toBe(order.id);
    const census = ok('product', 'financeCensus', { token: aliceToken });
    expect(units(census.principalHeld)).toBe(units(censusBefore.principalHeld) + units('200'));
    expect(census.activeOrders).toBe(censusBefore.activeOrders + 1);
    expect(units(census.earnedTotal)).toBeGreaterThan(0n);
    const frozen = units(ok('account', 'account', { token: aliceToken, query: { currency: 'USDT' } }).balances[0].frozen);
    expect(frozen).toBe(frozenBefore + units('200'));
    expect(call('product', 'financeOrderCreate', { token: aliceToken, body: { productId: product.id, amount: '1', payPassword: '123456' } }).status).toBe(422);
  });
});

describe('content and invitations', () => {
  it('serves banners, notices and links', () => {
    const banners = ok('content', 'link', { query: { type: 'banner' } });
    expect(banners.length).toBeGreaterThan(0);
    expect(banners.every((c: { type: string }) => c.type === 'banner')).toBe(true);
    expect(ok('content', 'link').length).toBeGreaterThan(banners.length);
  });

  it('binds an inviter once, never yourself or your own invitee', () => {
    const bobCode = ok('invite', 'details', { token: bobToken }).code;
    const aliceCode = ok('invite', 'details', { token: aliceToken }).code;
    expect(ok('invite', 'details', { token: aliceToken }).link).toBe(`http://localhost:8000/login?invite=${aliceCode}`);
    expect(call('invite', 'update', { token: aliceToken, body: { code: aliceCode } }).status).toBe(422);
    expect(call('invite', 'update', { token: aliceToken, body: { code: bobCode } }).status).toBe(422);
    expect(call('invite', 'update', { token: bobToken, body: { code: aliceCode } }).status).toBe(422);
    expect(call('invite', 'update', { token: aliceToken, body: { code: 'NOPE0000' } }).status).toBe(422);
  });

  it('binds a valid inviter afterwards', async () => {
    const carol = Wallet.createRandom();
    const carolToken = await signIn(carol);
    const code = ok('invite', 'details', { token: bobToken }).code;
    const details = ok('invite', 'update', { token: carolToken, body: { code } });
    expect(details.inviter.uid).toBe(ok('user', 'profile', { token: bobToken }).uid);
    expect(ok('invite', 'details', { token: bobToken }).inviteeCount).toBe(1);
  });
});

describe('market prices', () => {
  it('serves every market currency to anyone, priced by the demo feed, with its history', () => {
    const { prices } = ok('market', 'prices');
    expect(prices.map((p: { currency: string }) => p.currency)).toEqual(['BTC', 'ETH', 'FIL']);
    for (const price of prices) expect(price).toMatchObject({ usable: true, reason: null, demo: true, ageSeconds: 0 });
  });
});

describe('feature flags', () => {
  it('serves the flags of config/access.ts to anyone', () => {
    expect(ok('features', 'flags')).toEqual(featureDefaults);
  });
});

describe('address book', () => {
  const input = { receiver: '陳大文', phone: '+852 6123 4567', region: { province: '香港', city: '九龍', district: '油尖旺區' }, detail: '彌敦道 100 號 8 樓', isDefault: false };

  it('creates, reads, updates and deletes, keeping exactly one default', () => {
    const before = ok('address', 'list', { token: aliceToken }).total;
    const created = ok('address', 'create', { token: aliceToken, body: input });
    const list = ok('address', 'list', { token: aliceToken });
    expect(list.total).toBe(before + 1);
    expect(list.list.map((a: { id: string }) => a.id)).toContain(created.id);
    expect(ok('address', 'get', { token: aliceToken, params: { id: created.id } }).receiver).toBe('陳大文');

    const updated = ok('address', 'update', { token: aliceToken, body: { ...input, id: created.id, isDefault: true } });
    expect(updated.isDefault).toBe(true);
    const defaults = ok('address', 'list', { token: aliceToken }).list.filter((a: { isDefault: boolean }) => a.isDefault);
    expect(defaults.map((a: { id: string }) => a.id)).toEqual([created.id]);
    expect(ok('address', 'list', { token: aliceToken }).list[0].id).toBe(created.id);

    expect(ok('address', 'remove', { token: aliceToken, body: { id: created.id } })).toBeNull();
    const after = ok('address', 'list', { token: aliceToken });
    expect(after.list.map((a: { id: string }) => a.id)).not.toContain(created.id);
    expect(after.list.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
    expect(call('address', 'get', { token: aliceToken, params: { id: created.id } }).status).toBe(404);
  });

  it("answers 404 for another user's address", () => {
    const bobs = ok('address', 'list', { token: bobToken }).list[0];
    const reply = call('address', 'get', { token: aliceToken, params: { id: bobs.id } });
    expect(reply.status).toBe(404);
    expect(reply.body.errCode).toBe('NOT_FOUND');
    expect(call('address', 'remove', { token: aliceToken, body: { id: bobs.id } }).status).toBe(404);
  });
});

describe('mall', () => {
  it('lists goods by category and keyword, with details and SKUs', () => {
    const all = ok('mall', 'goods');
    expect(all.categories.length).toBeGreaterThan(0);
    const category = all.categories[0].id;
    const inCategory = ok('mall', 'goods', { query: { categoryId: category } });
    expect(inCategory.list.every((g: { categoryId: string }) => g.categoryId === category)).toBe(true);
    expect(ok('mall', 'goods', { query: { keyword: '钱包' } }).list).toHaveLength(1);
    expect(ok('mall', 'goodsDetail', { params: { id: all.list[0].id } }).skus.length).toBeGreaterThan(0);
    // ids are the server's seed ids: goods 1 exists on both, one past the last exists on neither
    expect(call('mall', 'goodsDetail', { params: { id: '1' } }).status).toBe(200);
    expect(call('mall', 'goodsDetail', { params: { id: String(all.total + 1) } }).status).toBe(404);
  });

  it('creates, pays and cancels an order: stock held, balance paid and refunded, tabs follow the status', () => {
    const goods = ok('mall', 'goodsDetail', { params: { id: '2' } });
    const sku = goods.skus[0];
    const addressId = ok('address', 'list', { token: aliceToken }).list[0].id;
    const balance = usdt(aliceToken);
    const order = ok('mall', 'orderCreate', { token: aliceToken, body: { skuId: sku.id, quantity: 2, addressId } });
    expect(order).toMatchObject({ status: 'unpaid', actions: ['pay', 'cancel'], total: String(Number(sku.price) * 2) });
    expect(ok('mall', 'goodsDetail', { params: { id: '2' } }).skus[0].stock).toBe(sku.stock - 2);
    expect(ok('mall', 'orders', { token: aliceToken, query: { type: 1 } }).list.map((o: { id: string }) => o.id)).toEqual([order.id]);

    const paid = ok('mall', 'orderPay', { token: aliceToken, body: { id: order.id, payPassword: '123456' } });
    expect(paid.status).toBe('paid');
    expect(usdt(aliceToken)).toBe(balance - units(order.total));
    expect(ok('mall', 'orders', { token: aliceToken, query: { type: 2 } }).list[0].id).toBe(order.id);
    expect(call('mall', 'orderPay', { token: aliceToken, body: { id: order.id, payPassword: '123456' } }).status).toBe(422);

    const cancelled = ok('mall', 'orderCancel', { token: aliceToken, body: { id: order.id } });
    expect(cancelled.status).toBe('cancelled');
    expect(usdt(aliceToken)).toBe(balance);
    expect(ok('mall', 'goodsDetail', { params: { id: '2' } }).skus[0].stock).toBe(sku.stock);
    expect(ok('mall', 'orderDetail', { token: aliceToken, params: { id: order.id } }).cancelledAt).not.toBeNull();
    expect(ok('mall', 'orders', { token: aliceToken, query: { type: 5 } }).list[0].id).toBe(order.id);
  });

  it('shows logistics of a shipped order and confirms receipt', () => {
    const shipped = ok('mall', 'orders', { token: aliceToken, query: { type: 3 } }).list[0];
    const logistics = ok('mall', 'logistics', { token: aliceToken, params: { id: shipped.id } });
    expect(logistics.traces.length).toBeGreaterThan(0);
    expect(logistics.trackingNo).not.toBe('');
    const done = ok('mall', 'orderConfirm', { token: aliceToken, body: { id: shipped.id } });
    expect(done.status).toBe('completed');
    expect(ok('mall', 'orders', { token: aliceToken, query: { type: 4 } }).list[0].id).toBe(shipped.id);
    expect(call('mall', 'orderDetail', { token: bobToken, params: { id: shipped.id } }).status).toBe(404);
  });
});

describe('withdrawals', () => {
  it('saves addresses (delayed without a signature), refuses bad ones, requests with pay password and a signature over it, freezes, cancels and lists', async () => {
    const target = Wallet.createRandom().address;
    const delayed = ok('withdraw', 'addressAdd', { token: aliceToken, body: { label: 'cold', network: 'ERC20', address: target.toLowerCase() } });
    expect(delayed).toMatchObject({ address: target, usable: false });
    expect(call('withdraw', 'addressAdd', { token: aliceToken, body: { label: 'x', network: 'ERC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' } }).status).toBe(422);
    const other = Wallet.createRandom().address;
    const signed = ok('withdraw', 'addressAdd', {
      token: aliceToken,
      body: { label: 'hot', network: 'ERC20', address: other, proof: await proof(alice, aliceToken, 'withdrawAddress.add', withdrawAddressStatement({ network: 'ERC20', address: other })) },
    });
    expect(signed.usable).toBe(true);
    expect(ok('withdraw', 'addresses', { token: aliceToken }).map((a: { id: string }) => a.id)).toEqual([signed.id, delayed.id]);
    expect(call('withdraw', 'addresses', { token: bobToken }).body.data).toEqual([]);

    const options = ok('withdraw', 'options', { token: aliceToken });
    expect(options.addressDelayHours).toBe(24);
    const before = usdt(aliceToken);
    const body = { currency: 'USDT', network: 'ERC20', addressId: signed.id, amount: '20', payPassword: '123456' };
    expect(call('withdraw', 'request', { token: aliceToken, body }).body.errCode).toBe('STEP_UP_REQUIRED');
    const wrong = await proof(alice, aliceToken, 'withdraw', withdrawStatement({ amount: '2000', currency: 'USDT', network: 'ERC20', address: other }));
    expect(call('withdraw', 'request', { token: aliceToken, body: { ...body, proof: wrong } }).body.errKey).toBe('withdraw.proofMismatch');
    expect(call('withdraw', 'request', { token: aliceToken, body: { ...body, addressId: delayed.id, proof: await proof(alice, aliceToken, 'withdraw', withdrawStatement({ amount: '20', currency: 'USDT', network: 'ERC20', address: target })) } }).body.errKey).toBe('withdraw.addressInDelay');
    const sent = ok('withdraw', 'request', { token: aliceToken, body: { ...body, proof: await proof(alice, aliceToken, 'withdraw', withdrawStatement({ amount: '20', currency: 'USDT', network: 'ERC20', address: other })) } });
    // a fresh account: the address is new, the pay password too, the starter deposits came in today, it is the first withdrawal, from a new session
    expect(sent).toMatchObject({ status: 'review', reviewReasons: ['newAddress', 'securityChange', 'afterInflow', 'firstWithdrawal', 'newSession'], amount: '20', fee: '5', cancellable: true });
    expect(before - usdt(aliceToken)).toBe(units('25'));
    expect(ok('withdraw', 'cancel', { token: aliceToken, body: { id: sent.id } }).status).toBe('cancelled');
    expect(usdt(aliceToken)).toBe(before);
    expect(ok('withdraw', 'history', { token: aliceToken }).list[0]).toMatchObject({ id: sent.id, status: 'cancelled' });
    // one withdrawal, with when it was returned; never another user's
    expect(ok('withdraw', 'detail', { token: aliceToken, params: { id: sent.id } })).toMatchObject({ id: sent.id, status: 'cancelled', finishedAt: expect.any(String), txUrl: null });
    expect(call('withdraw', 'detail', { token: bobToken, params: { id: sent.id } }).status).toBe(404);
    // its ledger entries name it, not by their reference alone
    expect(ok('user', 'walletDetails', { token: aliceToken, query: { type: 'withdraw' } }).list[0]).toMatchObject({ remark: `withdraw:${sent.id}`, withdrawal: { id: sent.id, status: 'cancelled' } });
    expect(call('withdraw', 'cancel', { token: bobToken, body: { id: sent.id } }).status).toBe(404);
    expect(ok('withdraw', 'addressDelete', { token: aliceToken, body: { id: delayed.id } })).toBeNull();
  });
});

describe('message centre', () => {
  it("lists the caller's notifications newest first, counts the unread, marks one and all read, and never another's", async () => {
    const wallet = Wallet.createRandom();
    const token = await signIn(wallet);
    const other = await signIn(Wallet.createRandom());
    await signIn(wallet);
    const all = ok('notification', 'list', { token, query: { pageSize: 100 } }).list;
    // the second sign-in is the newest; the first one is there too
    expect(all[0]).toMatchObject({ kind: 'signin.new', payload: {}, read: false });
    expect(all.filter((n: { kind: string }) => n.kind === 'signin.new')).toHaveLength(2);
    const first = ok('notification', 'list', { token, query: { pageSize: 1 } });
    const second = ok('notification', 'list', { token, query: { pageSize: 1, cursor: first.nextCursor } });
    expect([first.list[0].id, second.list[0].id]).toEqual([all[0].id, all[1].id]);
    expect(ok('notification', 'unreadCount', { token })).toEqual({ unread: all.length });
    const othersUnread = ok('notification', 'unreadCount', { token: other }).unread;
    expect(call('notification', 'markRead', { token: other, body: { id: all[0].id } }).status).toBe(404);
    ok('notification', 'markRead', { token, body: { id: all[0].id } });
    expect(ok('notification', 'unreadCount', { token })).toEqual({ unread: all.length - 1 });
    expect(ok('notification', 'markAllRead', { token })).toEqual({ unread: 0 });
    expect(ok('notification', 'unreadCount', { token: other })).toEqual({ unread: othersUnread });
    expect(call('notification', 'list', { token, query: { pageSize: 101 } }).status).toBe(400);
  });
});

describe('records and sign-out', () => {
  it('lists every money movement in the ledger, filterable', () => {
    const entries = ok('user', 'walletDetails', { token: aliceToken, query: { pageSize: 100 } });
    const types = new Set(entries.list.map((e: { type: string }) => e.type));
    for (const type of ['deposit', 'transfer_out', 'transfer_fee', 'convert_out', 'convert_in', 'power_purchase', 'power_output', 'power_exchange_in', 'finance_subscribe', 'commission', 'mall_payment', 'mall_refund']) {
      expect(types).toContain(type);
    }
    const usdtOnly = ok('user', 'walletDetails', { token: aliceToken, query: { currency: 'USDT', pageSize: 5, page: 2 } });
    expect(usdtOnly.page).toBe(2);
    expect(usdtOnly.list.every((e: { currency: string }) => e.currency === 'USDT')).toBe(true);
  });

  it('pages as the server does: by number with the total, by cursor after the row it names without one, count=false without one', () => {
    const all = ok('user', 'walletDetails', { token: aliceToken, query: { pageSize: 100 } });
    expect(all.total).toBe(all.list.length);
    expect(all.nextCursor).toBeNull();
    const rows: unknown[] = [];
    let page = ok('user', 'walletDetails', { token: aliceToken, query: { pageSize: 3 } });
    expect(page.total).toBe(all.list.length);
    rows.push(...page.list);
    while (page.nextCursor) {
      page = ok('user', 'walletDetails', { token: aliceToken, query: { pageSize: 3, cursor: page.nextCursor } });
      // a page asked by cursor is not counted
      expect(page).not.toHaveProperty('total');
      rows.push(...page.list);
    }
    expect(page.nextCursor).toBeNull();
    expect(rows).toEqual(all.list);
    // a cursor that names no row, or one sent to a list without a sort key, is refused as the server refuses it
    expect(call('user', 'walletDetails', { token: aliceToken, query: { cursor: '999999999' } }).body.errMessage).toBe('列表位置無效，請重新整理列表');
    expect(call('mall', 'goods', { query: { cursor: '1' } }).status).toBe(400);
    expect(ok('mall', 'goods')).not.toHaveProperty('nextCursor');
    // count=false (the app's lists; the query string's "false"): a growing list is not counted, a short one is
    const uncounted = ok('user', 'walletDetails', { token: aliceToken, query: { pageSize: 3, count: 'false' } });
    expect(uncounted).not.toHaveProperty('total');
    expect(uncounted.list).toEqual(all.list.slice(0, 3));
    expect(ok('mall', 'goods', { query: { count: 'false' } }).total).toBe(ok('mall', 'goods').total);
  });

  it('lists the user\'s sessions, ends one and ends all others', async () => {
    const second = await signIn(alice);
    const third = await signIn(alice);
    const listed = ok('auth', 'sessions', { token: second });
    expect(listed.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const thirdId = ok('auth', 'sessions', { token: third }).find((s: { current: boolean }) => s.current).id;
    expect(call('auth', 'endSession', { token: bobToken, body: { id: thirdId } }).status).toBe(404);
    expect(ok('auth', 'endSession', { token: second, body: { id: thirdId } })).toBeNull();
    expect(call('user', 'profile', { token: third }).status).toBe(401);
    expect(ok('auth', 'endOtherSessions', { token: second }).ended).toBeGreaterThanOrEqual(1);
    expect(call('user', 'profile', { token: aliceToken }).status).toBe(401);
    aliceToken = second;
    expect(ok('auth', 'sessions', { token: second })).toHaveLength(1);
  });

  it('signs out: the token stops working', () => {
    expect(ok('auth', 'signOut', { token: bobToken })).toBeNull();
    expect(call('user', 'profile', { token: bobToken }).status).toBe(401);
  });

  it('served every endpoint of the contract successfully at least once', () => {
    const all = userEndpoints().map((e) => `${e.domain}.${e.name}`).sort();
    expect([...served].sort()).toEqual(all);
  });
});
