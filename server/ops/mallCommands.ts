/**
 * The mall's ops commands, the server owner's way to do what the console's mall page does:
 *   mall:ship   --order ID|ORDER_NO --carrier NAME --tracking NO [--reason TEXT] [--operator NAME]
 *   mall:trace  --order ID|ORDER_NO --text TEXT --location PLACE [--delivered] [--reason TEXT] [--operator NAME]
 *   mall:refund --order ID|ORDER_NO --reason TEXT [--operator NAME]
 * They call the console's domain functions (server/mall/fulfilment.ts) as the command-line actor
 * (--operator, default the OS user): each change is audited with source 'cli'. Shipping and tracing
 * are idempotent (repeating one changes nothing and says so); a refund happens once.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { actorName, cliActor, type OperatorAct } from '../operators/actor';
import { addTrace, findOrderId, refundOrder, shipOrder } from '../mall/fulfilment';
import { fromUnits } from '../../contract/rules/money';
import type { OpsCommand, OpsContext } from './command';

function requireOptions<T extends Record<string, unknown>>(values: T, names: (keyof T & string)[]): void {
  const missing = names.filter((name) => typeof values[name] !== 'string' || !(values[name] as string).trim());
  if (missing.length) throw new Error(`missing --${missing.join(', --')}`);
}

/** The act of the command line: who (--operator or the OS user), when, why (--reason, at most 200 characters). */
function cliAct(values: { operator?: string; reason?: string }, clock: OpsContext['clock']): OperatorAct {
  const reason = (values.reason ?? '').trim();
  if (reason.length > 200) throw new Error('--reason is at most 200 characters');
  return { actor: cliActor((values.operator || os.userInfo().username).slice(0, 64)), now: clock.now(), reason };
}

const common = { order: { type: 'string' }, reason: { type: 'string' }, operator: { type: 'string' } } as const;

export const mallShip: OpsCommand = {
  usage: 'mall:ship --order ID|ORDER_NO --carrier NAME --tracking NO [--reason TEXT] [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { values } = parseArgs({ args, options: { ...common, carrier: { type: 'string' }, tracking: { type: 'string' } }, strict: true });
    requireOptions(values, ['order', 'carrier', 'tracking']);
    const act = cliAct(values, clock);
    const id = await findOrderId(db, values.order!);
    const { order, shipped } = await shipOrder(db, id, { carrier: values.carrier!, trackingNo: values.tracking! }, act);
    print({ order: String(order.id), orderNo: order.order_no, status: order.status, carrier: order.carrier, tracking: order.tracking_no, shipped, alreadyShipped: !shipped });
    return 0;
  },
};

export const mallTrace: OpsCommand = {
  usage: 'mall:trace --order ID|ORDER_NO --text TEXT --location PLACE [--delivered] [--reason TEXT] [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { values } = parseArgs({
      args, options: { ...common, text: { type: 'string' }, location: { type: 'string' }, delivered: { type: 'boolean' } }, strict: true,
    });
    requireOptions(values, ['order', 'text', 'location']);
    const act = cliAct(values, clock);
    const id = await findOrderId(db, values.order!);
    const added = await addTrace(db, id, { text: values.text!, location: values.location!, delivered: !!values.delivered }, act);
    print({ order: String(id), added, alreadyAdded: !added });
    return 0;
  },
};

export const mallRefund: OpsCommand = {
  usage: 'mall:refund --order ID|ORDER_NO --reason TEXT [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { values } = parseArgs({ args, options: common, strict: true });
    requireOptions(values, ['order', 'reason']);
    const act = cliAct(values, clock);
    const id = await findOrderId(db, values.order!);
    const order = await refundOrder(db, id, act);
    print({ order: String(order.id), orderNo: order.order_no, status: order.status, refunded: fromUnits(order.total), currency: 'USDT', operator: actorName(act.actor), reason: act.reason });
    return 0;
  },
};

export const MALL_OPS_COMMANDS: Record<string, OpsCommand> = { 'mall:ship': mallShip, 'mall:trace': mallTrace, 'mall:refund': mallRefund };
