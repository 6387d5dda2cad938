/** The console's mall calls (contract/admin/mall.ts): the orders, shipping, traces and refunds. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../../contract';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { actorOf, operatorOf } from '../../operators/authenticate';
import { checkOperatorStepUp } from '../../operators/stepUp';
import { adminOrderDetail, listAdminOrders } from '../../mall/adminOrders';
import { addTrace, refundOrder, shipOrder } from '../../mall/fulfilment';

export default async function adminMallRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, clock, time } = ctx;

  route(app, contract.admin.mallOrders, async (request) => listAdminOrders(db, request.query, time));

  route(app, contract.admin.mallOrderDetail, async (request) => adminOrderDetail(db, BigInt(request.params.id), time));

  route(app, contract.admin.shipMallOrder, async (request) => {
    const id = BigInt(request.params.id);
    await shipOrder(db, id, request.body, { actor: actorOf(request), now: clock.now(), reason: '' });
    return adminOrderDetail(db, id, time);
  });

  route(app, contract.admin.traceMallOrder, async (request) => {
    const id = BigInt(request.params.id);
    const { text, location, delivered = false } = request.body;
    await addTrace(db, id, { text, location, delivered }, { actor: actorOf(request), now: clock.now(), reason: '' });
    return adminOrderDetail(db, id, time);
  });

  route(app, contract.admin.refundMallOrder, async (request) => {
    const id = BigInt(request.params.id);
    const now = clock.now();
    const stepUp = await checkOperatorStepUp(db, config, { operator: operatorOf(request), action: 'mall.refund', target: request.params.id, proof: request.body.proof, now });
    await refundOrder(db, id, { actor: actorOf(request), now, reason: request.body.reason, stepUp });
    return adminOrderDetail(db, id, time);
  });
}
