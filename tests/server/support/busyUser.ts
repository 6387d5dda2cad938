/**
 * A signed-in user with data in every domain (addresses, deposits, a transfer, mall orders of which
 * one unpaid order is past its pay window and one shipped order past its confirm window, neither
 * swept yet), and the URL of every GET endpoint of the contract for that user. Shared by the tests
 * that walk every read: get-read-only (no GET writes) and query-plans (every query uses an index).
 */
import { randomBytes } from 'node:crypto';
import { allEndpoints, fullPath, type Endpoint } from '../../../contract';
import { AUTO_CONFIRM_MS } from '../../../contract/rules/mallOrders';
import { insertSku, newBuyer, ops, orderApi, type Buyer } from '../mall.fixture';
import { creditDeposit } from '../../../server/deposits/creditByHand';
import { cliActor } from '../../../server/operators/actor';
import { settlePendingDays } from '../../../server/settlement/pendingDays';
import { insertFinanceProduct, insertPowerProduct, MARCH_FIRST_NOON, newUser, PAY_PASSWORD, call, type Answer } from '../products.fixture';
import type { TestApp } from './app';
import { requestWithdrawal, saveWithdrawAddress } from './withdrawals';
import { bearer, PROFILE_URL } from './siwe';

export interface BusyUser {
  buyer: Buyer;
  friend: Buyer;
  ids: { friendUid: string; address: string; goods: string; shipped: string; unpaid: string; skuId: string; withdrawal?: string };
}

/** Needs an app whose sessions outlive ten days (the confirm window) and every feature on. */
export async function busyUser(t: TestApp): Promise<BusyUser> {
  t.clock.set(MARCH_FIRST_NOON);
  const buyer = await newBuyer(t, '1000');
  const friend = await newBuyer(t, '10');
  const transfer = await call(t, buyer, 'POST', '/account/transfer/create', { to: friend.uid, amount: '20', currency: 'USDT', payPassword: '246810' });
  if (transfer.status !== 200) throw new Error(`transfer failed: ${JSON.stringify(transfer.body)}`);

  const skuId = await insertSku(t, { price: '10', stock: 5 });
  const goods = String((await t.db.selectFrom('mall_skus').select('goods_id').where('id', '=', BigInt(skuId)).executeTakeFirstOrThrow()).goods_id);
  const api = orderApi(t);
  const shipped = (await api.create(buyer, skuId, 1)).body.data.id;
  if ((await api.pay(buyer, shipped)).status !== 200) throw new Error('pay failed');
  if ((await ops(t, 'ship', { order: shipped, carrier: '顺丰速运', tracking: 'SF1' })).code !== 0) throw new Error('ship failed');
  const unpaid = (await api.create(buyer, skuId, 2)).body.data.id;
  t.clock.advance(AUTO_CONFIRM_MS);
  // the session's last-use stamp is refreshed at most once per interval on any signed-in call:
  // bookkeeping of the session, not of what is read; let it happen before the reads
  if ((await t.app.inject({ method: 'GET', url: PROFILE_URL, headers: bearer(buyer.token) })).statusCode !== 200) throw new Error('profile failed');
  return { buyer, friend, ids: { friendUid: friend.uid, address: buyer.addressId, goods, shipped, unpaid, skuId } };
}

function expectOk(answer: Answer<unknown>, what: string): void {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/**
 * More history for the busy user, two or more rows in every list that grows with time: transfers,
 * a second deposit, power and finance orders, conversions, power exchanges, withdrawals, and two
 * invitees, one of whom bought power (a commission), and two settled days. Moves the clock four
 * days on (the withdrawal address's delay, the days settled).
 */
export async function addHistory(t: TestApp, busy: BusyUser): Promise<void> {
  const { buyer, friend } = busy;
  for (let i = 0; i < 3; i++) expectOk(await call(t, buyer, 'POST', '/account/transfer/create', { to: friend.uid, amount: '10', currency: 'USDT', payPassword: PAY_PASSWORD }), 'transfer');
  await creditDeposit(t.db, { uid: buyer.uid, network: 'ERC20', currency: 'USDT', amount: '500', txHash: `0x${randomBytes(32).toString('hex')}` }, { actor: cliActor('test'), now: t.clock.now(), reason: '' });
  const power = await insertPowerProduct(t);
  const finance = await insertFinanceProduct(t);
  for (let i = 0; i < 2; i++) {
    expectOk(await call(t, buyer, 'POST', '/product/power-order/create', { productId: power, units: 1, payPassword: PAY_PASSWORD }), 'power order');
    expectOk(await call(t, buyer, 'POST', '/product/finance-order/create', { productId: finance, amount: '100', payPassword: PAY_PASSWORD }), 'finance order');
  }
  for (let i = 0; i < 2; i++) {
    const quote = await call<{ quoteId: string }>(t, buyer, 'POST', '/account/convert/quote', { from: 'USDT', to: 'BTC', amount: '10' });
    expectOk(quote, 'quote');
    expectOk(await call(t, buyer, 'POST', '/account/convert/create', { quoteId: quote.body.data.quoteId, payPassword: PAY_PASSWORD }), 'convert');
  }
  // two withdrawals to an address saved with a wallet signature (past its delay)
  const prover = { token: buyer.token, wallet: buyer.wallet! };
  const saved = await saveWithdrawAddress(t, prover, 'cold');
  for (let i = 0; i < 2; i++) await requestWithdrawal(t, prover, saved, '20');
  const code = (await t.db.selectFrom('users').select('invite_code').where('id', '=', buyer.id).executeTakeFirstOrThrow()).invite_code;
  const invitee = await newUser(t, '100', code);
  await newUser(t, '0', code);
  expectOk(await call(t, invitee, 'POST', '/product/power-order/create', { productId: power, units: 1, payPassword: PAY_PASSWORD }), 'invitee power order');
  // power orders start the day after their purchase: two days of bills, then two exchanges of what they mined
  t.clock.advance(3 * 24 * 3600 * 1000);
  await settlePendingDays(t.db, t.clock, t.config.displayUtcOffsetMinutes, t.config.commissionRate);
  for (let i = 0; i < 2; i++) expectOk(await call(t, buyer, 'POST', '/account/power/exchange', { coin: 'BTC', amount: '0.00001', payPassword: PAY_PASSWORD }), 'power exchange');
}

export const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

export interface Page {
  list: unknown[];
  /** absent on a page asked by cursor */
  total?: number;
  nextCursor?: string | null;
}

/** each list that grows with time (keyset paging): its URL, with filters, and where its page is in the answer */
export const LISTS: { url: string; page: (data: any) => Page }[] = [
  { url: '/user/wallet/details', page: (data) => data },
  { url: '/user/wallet/details?currency=USDT', page: (data) => data },
  { url: '/user/wallet/details?type=transfer_out', page: (data) => data },
  { url: '/user/wallet/details?type=transfer_out&currency=USDT', page: (data) => data },
  { url: '/account/transfer', page: (data) => data },
  { url: '/account/convert', page: (data) => data.records },
  { url: '/account/recharge', page: (data) => data.records },
  { url: '/account/power-bill', page: (data) => data },
  { url: '/account/exchange', page: (data) => data },
  { url: '/product/power-order', page: (data) => data },
  { url: '/product/finance-order', page: (data) => data },
  { url: '/mall/order?type=0', page: (data) => data },
  { url: '/user/invite', page: (data) => data },
  { url: '/withdraw/history', page: (data) => data },
  { url: '/user/notification/list', page: (data) => data },
];

/** every GET endpoint of the contract, named domain.name */
export const GET_ENDPOINTS: { name: string; endpoint: Endpoint }[] = allEndpoints()
  .filter(({ endpoint }) => endpoint.method === 'GET')
  .map(({ domain, name, endpoint }) => ({ name: `${domain}.${name}`, endpoint }));

/** the URL of a GET endpoint with the busy user's ids filled in */
export function getUrl({ name, endpoint }: { name: string; endpoint: Endpoint }, ids: BusyUser['ids']): string {
  const id = {
    'account.productTitle': '10000', 'address.get': ids.address, 'mall.goodsDetail': ids.goods, 'mall.logistics': ids.shipped, 'withdraw.detail': ids.withdrawal,
    'admin.withdrawalDetail': ids.withdrawal,
  }[name] ?? ids.unpaid;
  // a GET whose query is required
  const query = { 'account.transferRecipient': `?to=${ids.friendUid}` }[name] ?? '';
  return fullPath(endpoint).replace(':id', id).replace(':uid', ids.friendUid) + query;
}
