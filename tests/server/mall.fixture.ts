/**
 * Shared by the mall tests: a goods item with one SKU inserted directly, a buyer with an address,
 * and the order calls (each checks nothing itself; tests assert on the answers).
 */
import type { MallOrderType } from '../../contract/mall';
import { toUnits } from '../../contract/rules/money';
import { mallShip, mallTrace } from '../../server/ops/mallCommands';
import { PAY_PASSWORD, call, newUser, type Answer, type TestUser } from './products.fixture';
import type { TestApp } from './support/app';

export interface Buyer extends TestUser {
  addressId: string;
}

export async function newBuyer(t: TestApp, usdt = '1000'): Promise<Buyer> {
  const user = await newUser(t, usdt);
  const address = await call(t, user, 'POST', '/user/address/create', {
    receiver: '张三', phone: '13800138000', region: { province: '广东省', city: '深圳市', district: '南山区' }, detail: '科技园南区 1 栋 101', isDefault: true,
  });
  if (address.status !== 200) throw new Error(`address failed: ${JSON.stringify(address.body)}`);
  return { ...user, addressId: address.body.data.id };
}

/** A goods item with one SKU; returns the SKU id. */
export async function insertSku(t: TestApp, options: { price?: string; stock?: number } = {}): Promise<string> {
  const now = BigInt(t.clock.now());
  const category = await t.db.insertInto('mall_categories').values({ name: '测试分类', sort: 0n }).returning('id').executeTakeFirstOrThrow();
  const goods = await t.db
    .insertInto('mall_goods')
    .values({ category_id: category.id, title: '测试商品', cover: '/cover.png', images: '[]', description: '', sales: 0n, sort: 0n, active: 1n, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sku = await t.db
    .insertInto('mall_skus')
    .values({ goods_id: goods.id, name: '标准版', price: toUnits(options.price ?? '25.5'), stock: BigInt(options.stock ?? 100), sort: 0n })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(sku.id);
}

export async function stockOf(t: TestApp, skuId: string): Promise<number> {
  const row = await t.db.selectFrom('mall_skus').select('stock').where('id', '=', BigInt(skuId)).executeTakeFirstOrThrow();
  return Number(row.stock);
}

type OrderAnswer = Promise<Answer<MallOrderType>>;

export const orderApi = (t: TestApp) => ({
  create: (buyer: Buyer, skuId: string, quantity = 1, addressId = buyer.addressId): OrderAnswer =>
    call(t, buyer, 'POST', '/mall/order/create', { skuId, quantity, addressId }),
  pay: (user: TestUser, id: string, key?: string, payPassword = PAY_PASSWORD): OrderAnswer => call(t, user, 'POST', '/mall/order/pay', { id, payPassword }, key),
  cancel: (user: TestUser, id: string, key?: string): OrderAnswer => call(t, user, 'POST', '/mall/order/cancel', { id }, key),
  confirm: (user: TestUser, id: string): OrderAnswer => call(t, user, 'POST', '/mall/order/confirm', { id }),
  detail: (user: TestUser, id: string): OrderAnswer => call(t, user, 'GET', `/mall/order/${id}`),
  logistics: (user: TestUser, id: string) => call(t, user, 'GET', `/mall/order/${id}/logistics`),
  list: (user: TestUser, type: number) => call<{ list: MallOrderType[]; total: number }>(t, user, 'GET', `/mall/order?type=${type}&pageSize=100`),
});

export type OpsArgs = Record<string, string | true>;

/** Runs an ops command in-process on the test database; its exit code and printed JSON. */
export async function ops(t: TestApp, command: 'ship' | 'trace', args: OpsArgs): Promise<{ code: number; printed: Record<string, unknown>[] }> {
  const printed: Record<string, unknown>[] = [];
  const argv = Object.entries(args).flatMap(([name, value]) => (value === true ? [`--${name}`] : [`--${name}`, String(value)]));
  const code = await (command === 'ship' ? mallShip : mallTrace).run(argv, { db: t.db, clock: t.clock, print: (value) => printed.push(value as Record<string, unknown>) });
  return { code, printed };
}
