/**
 * The mall's ops commands (no screen in the app):
 *   mall:ship  --order ID|ORDER_NO --carrier NAME --tracking NO [--operator NAME]
 *   mall:trace --order ID|ORDER_NO --text TEXT --location PLACE [--delivered] [--operator NAME]
 * Both are idempotent (repeating one changes nothing and says so) and record the operator
 * (default: the OS user) on the order or the trace.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { addTrace, findOrderId, shipOrder } from '../mall/fulfilment';
import type { OpsCommand } from './command';

function requireOptions<T extends Record<string, unknown>>(values: T, names: (keyof T & string)[]): void {
  const missing = names.filter((name) => !values[name]);
  if (missing.length) throw new Error(`missing --${missing.join(', --')}`);
}

export const mallShip: OpsCommand = {
  usage: 'mall:ship --order ID|ORDER_NO --carrier NAME --tracking NO [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { values } = parseArgs({
      args,
      options: { order: { type: 'string' }, carrier: { type: 'string' }, tracking: { type: 'string' }, operator: { type: 'string' } },
      strict: true,
    });
    requireOptions(values, ['order', 'carrier', 'tracking']);
    const id = await findOrderId(db, values.order!);
    const { order, shipped } = await shipOrder(db, id, { carrier: values.carrier!, trackingNo: values.tracking!, operator: values.operator || os.userInfo().username }, clock.now());
    print({ order: String(order.id), orderNo: order.order_no, status: order.status, carrier: order.carrier, tracking: order.tracking_no, shipped, alreadyShipped: !shipped });
    return 0;
  },
};

export const mallTrace: OpsCommand = {
  usage: 'mall:trace --order ID|ORDER_NO --text TEXT --location PLACE [--delivered] [--operator NAME]',
  async run(args, { db, clock, print }) {
    const { values } = parseArgs({
      args,
      options: { order: { type: 'string' }, text: { type: 'string' }, location: { type: 'string' }, delivered: { type: 'boolean' }, operator: { type: 'string' } },
      strict: true,
    });
    requireOptions(values, ['order', 'text', 'location']);
    const id = await findOrderId(db, values.order!);
    const added = await addTrace(db, id, { text: values.text!, location: values.location!, delivered: !!values.delivered, operator: values.operator || os.userInfo().username }, clock.now());
    print({ order: String(id), added, alreadyAdded: !added });
    return 0;
  },
};

export const MALL_OPS_COMMANDS: Record<string, OpsCommand> = { 'mall:ship': mallShip, 'mall:trace': mallTrace };
