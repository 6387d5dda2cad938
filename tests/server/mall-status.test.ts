/**
 * Mall order statuses: every move in every status is tried on a fresh order; the allowed ones
 * (and only those) succeed and lead to the expected status, the others answer 422 with the move's
 * message. The expected table is written out here, independently of contract/rules/mallOrders.ts.
 */
import type { MallOrderStatusType, MallOrderType } from '../../contract/mall';
import { STATUS_TABLE } from '../../contract/rules/mallOrders';
import { MARCH_FIRST_NOON } from './products.fixture';
import { insertSku, newBuyer, ops, orderApi, type Buyer } from './mall.fixture';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
let buyer: Buyer;
let skuId: string;
let api: ReturnType<typeof orderApi>;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(MARCH_FIRST_NOON);
  buyer = await newBuyer(t, '100000');
  skuId = await insertSku(t, { stock: 1000 });
  api = orderApi(t);
});
afterAll(async () => t.close());
// a buyer may hold only a few unpaid orders at a time (server/mall/checkout.ts): cancel the leftovers
afterEach(async () => {
  for (const order of (await api.list(buyer, 1)).body.data.list) expect((await api.cancel(buyer, order.id)).status).toBe(200);
});

type Move = 'pay' | 'cancel' | 'confirm' | 'logistics' | 'ship' | 'trace';
const MOVES: Move[] = ['pay', 'cancel', 'confirm', 'logistics', 'ship', 'trace'];

/** status → move → the status it leads to; a missing move is refused */
const EXPECTED: Record<MallOrderStatusType, Partial<Record<Move, MallOrderStatusType>>> = {
  unpaid: { pay: 'paid', cancel: 'cancelled' },
  paid: { cancel: 'cancelled', ship: 'shipped' },
  shipped: { confirm: 'completed', logistics: 'shipped', trace: 'shipped' },
  completed: { logistics: 'completed', trace: 'completed' },
  cancelled: {},
};
const EXPECTED_ACTIONS: Record<MallOrderStatusType, MallOrderType['actions']> = {
  unpaid: ['pay', 'cancel'],
  paid: ['cancel'],
  shipped: ['confirm', 'logistics'],
  completed: ['logistics'],
  cancelled: [],
};
const REFUSAL: Record<Move, string> = {
  pay: '只有待付款的訂單可以付款',
  cancel: '只有待付款或待發貨的訂單可以取消',
  confirm: '只有待收貨的訂單可以確認收貨',
  logistics: '訂單尚未發貨，暫無物流資訊',
  ship: '只有待發貨的訂單可以發貨',
  trace: '只有已發貨的訂單可以新增物流軌跡',
};

let tracking = 0;
const ship = (id: string) => ops(t, 'ship', { order: id, carrier: '顺丰速运', tracking: `SF${(tracking += 1)}` });

async function orderIn(status: MallOrderStatusType): Promise<string> {
  const created = await api.create(buyer, skuId);
  expect(created.status).toBe(200);
  const { id } = created.body.data;
  if (status === 'cancelled') expect((await api.cancel(buyer, id)).status).toBe(200);
  if (['paid', 'shipped', 'completed'].includes(status)) expect((await api.pay(buyer, id)).status).toBe(200);
  if (['shipped', 'completed'].includes(status)) expect((await ship(id)).code).toBe(0);
  if (status === 'completed') expect((await api.confirm(buyer, id)).status).toBe(200);
  expect((await api.detail(buyer, id)).body.data.status).toBe(status);
  return id;
}

/** Tries one move; the answer's status (HTTP-like for ops: 200 or 422) and message. */
async function attempt(move: Move, id: string): Promise<{ status: number; message: string }> {
  if (move === 'ship' || move === 'trace') {
    try {
      if (move === 'ship') await ship(id);
      else await ops(t, 'trace', { order: id, text: '已揽收', location: '深圳' });
      return { status: 200, message: '' };
    } catch (error) {
      const apiError = error as { statusCode?: number; options?: { messageKey?: string } };
      const messages: Record<string, string> = { 'mall.refused.ship': REFUSAL.ship, 'mall.refused.trace': REFUSAL.trace };
      return { status: apiError.statusCode ?? 500, message: messages[apiError.options?.messageKey ?? ''] ?? String(error) };
    }
  }
  const answer = move === 'logistics' ? await api.logistics(buyer, id) : await api[move](buyer, id);
  return { status: answer.status, message: answer.body.errMessage ?? '' };
}

it('the server table is the documented one', () => {
  for (const status of Object.keys(EXPECTED) as MallOrderStatusType[]) {
    const { expire, autoConfirm, ...moves } = STATUS_TABLE[status];
    expect(moves).toEqual(EXPECTED[status]);
    expect(expire).toBe(status === 'unpaid' ? 'cancelled' : undefined);
    expect(autoConfirm).toBe(status === 'shipped' ? 'completed' : undefined);
  }
});

describe.each(Object.keys(EXPECTED) as MallOrderStatusType[])('an order that is %s', (status) => {
  it('lists exactly the actions its status allows', async () => {
    const id = await orderIn(status);
    expect((await api.detail(buyer, id)).body.data.actions).toEqual(EXPECTED_ACTIONS[status]);
  });

  it.each(MOVES)('%s: allowed moves succeed, all others answer 422', async (move) => {
    const id = await orderIn(status);
    const result = await attempt(move, id);
    const target = EXPECTED[status][move];
    if (target) {
      expect(result).toEqual({ status: 200, message: '' });
      expect((await api.detail(buyer, id)).body.data.status).toBe(target);
    } else {
      expect(result).toEqual({ status: 422, message: REFUSAL[move] });
      expect((await api.detail(buyer, id)).body.data.status).toBe(status);
    }
  });
});
