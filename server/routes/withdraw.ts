/**
 * Withdrawals (contract/withdraw.ts): the caller's withdrawal addresses, the options, a request
 * (pay password + a wallet signature over it, Idempotency-Key, amount + fee frozen), cancel while
 * in review, the history, one withdrawal (its times and explorer link). The rules and checks:
 * server/withdrawals/.
 */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import type { AppContext } from '../context';
import { pageArgs, toPage } from '../http/paging';
import { route, sessionOf } from '../http/route';
import { idempotencyKeyOf } from '../idempotency/idempotency';
import { moneyRoute } from '../idempotency/moneyRoute';
import { withdrawHoldEnd } from '../payPassword/reset';
import { addWithdrawAddress, deleteWithdrawAddress, listWithdrawAddresses } from '../withdrawals/addresses';
import { cancelWithdrawal, ownWithdrawal, requestWithdrawal, withdrawalHistory, withdrawOptions } from '../withdrawals/requests';
import { reviewReasonsOf, toWithdrawal, toWithdrawAddress } from '../withdrawals/view';

export default async function withdrawRoutes(app: FastifyInstance, deps: AppContext): Promise<void> {
  const { db, clock, time, config } = deps;

  route(app, contract.withdraw.addresses, async (request) => {
    const now = clock.now();
    return (await listWithdrawAddresses(db, sessionOf(request).userId)).map((row) => toWithdrawAddress(row, time, now));
  });

  route(app, contract.withdraw.addressAdd, async (request) => {
    const now = clock.now();
    return toWithdrawAddress(await addWithdrawAddress(db, config, sessionOf(request).userId, request.body, now), time, now);
  });

  route(app, contract.withdraw.addressDelete, async (request) => {
    await deleteWithdrawAddress(db, sessionOf(request).userId, BigInt(request.body.id));
    return null;
  });

  route(app, contract.withdraw.options, async (request) => {
    const { userId } = sessionOf(request);
    const now = clock.now();
    const heldUntil = await withdrawHoldEnd(db, userId, now);
    const options = await withdrawOptions(db, config, userId, now);
    return heldUntil === null ? options : { ...options, withdrawHeldUntil: time.timestamp(heldUntil) };
  });

  moneyRoute(
    app,
    deps,
    contract.withdraw.request,
    async ({ request, trx, userId, now }) => {
      const { sessionId } = sessionOf(request);
      const row = await requestWithdrawal(trx, config, { userId, sessionId, body: request.body, idempotencyKey: idempotencyKeyOf(request) ?? null, now, time });
      if (reviewReasonsOf(row).includes('platformLimit')) {
        request.log.warn({ withdrawal: String(row.id), currency: row.currency }, `withdrawals of ${row.currency} passed the platform's hourly limit: this one waits for review`);
      }
      return toWithdrawal(row, time, config.withdrawExplorerTxUrls);
    },
    { payPassword: true },
  );

  moneyRoute(app, deps, contract.withdraw.cancel, async ({ request, trx, userId, now }) => toWithdrawal(await cancelWithdrawal(trx, userId, BigInt(request.body.id), now), time, config.withdrawExplorerTxUrls));

  route(app, contract.withdraw.history, async (request) => {
    const args = pageArgs(request.query);
    const { rows, total, nextCursor } = await withdrawalHistory(db, sessionOf(request).userId, args);
    return toPage(rows.map((row) => toWithdrawal(row, time, config.withdrawExplorerTxUrls)), total, args, nextCursor);
  });

  route(app, contract.withdraw.detail, async (request) => toWithdrawal(await ownWithdrawal(db, sessionOf(request).userId, BigInt(request.params.id)), time, config.withdrawExplorerTxUrls));
}
