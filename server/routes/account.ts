/**
 * contract/account.ts: balances, the account product title, deposits, transfers, conversions and
 * the power account (hashrate and output, daily bills, exchanging mined coin to USDT). Money
 * moves (transfer, convert, power exchange) take the pay password and an Idempotency-Key.
 */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import type { AppContext } from '../context';
import { pageArgs } from '../http/paging';
import { route, sessionOf } from '../http/route';
import { moneyRoute } from '../idempotency/moneyRoute';
import { accountProductTitle } from '../accountHistory/accountProducts';
import { balanceOverview } from '../ledger/balances';
import { conversionOverview } from '../conversions/history';
import { convertAtQuote, createQuote } from '../conversions/conversions';
import { openDepositAddressBook } from '../deposits/addresses';
import { depositOverview } from '../deposits/records';
import { listTransfers, transferOptions } from '../transfers/history';
import { createTransfer, lookupRecipient } from '../transfers/transfers';
import { powerDetail } from '../products/powerAccount';
import { exchangePower, toExchangeRecord, withExchangeTerms } from '../products/powerExchange';
import { listPowerBills, listPowerExchanges } from '../products/powerHistory';
import { addDays, dayOf } from '../settlement/days';

export default async function accountRoutes(app: FastifyInstance, deps: AppContext): Promise<void> {
  const { db, config, clock, time, prices } = deps;
  const depositAddresses = await openDepositAddressBook(db, config.depositXpub, clock.now());

  route(app, contract.account.account, async (request) => balanceOverview(db, prices, sessionOf(request).userId, request.query.currency, clock.now(), time));

  route(app, contract.account.productTitle, async (request) => accountProductTitle(db, BigInt(request.params.id)));

  route(app, contract.account.recharge, async (request) => {
    const { userId } = sessionOf(request);
    return depositOverview(db, userId, depositAddresses.addressOf(userId), request.query.currency, pageArgs(request.query), time, config.chainNetworks);
  });

  // transfers between PowerFi users
  route(app, contract.account.transferOptions, async (request) => transferOptions(db, sessionOf(request).userId));

  // checked as the sender types: rate limited per caller, so it cannot walk the user table
  route(app, contract.account.transferRecipient, async (request) => lookupRecipient(db, sessionOf(request).userId, request.query.to), { rateLimit: 'money' });

  route(app, contract.account.transfers, async (request) => listTransfers(db, sessionOf(request).userId, pageArgs(request.query), time));

  moneyRoute(app, deps, contract.account.transferCreate, ({ request, trx, userId, now }) => createTransfer(trx, userId, request.body, now, time), { payPassword: true });

  // conversion: pairs and records, a short-lived quote, converting at a quote
  route(app, contract.account.convert, async (request) => conversionOverview(db, prices, sessionOf(request).userId, pageArgs(request.query), clock.now(), time));

  route(app, contract.account.convertQuote, async (request) => createQuote(db, prices, sessionOf(request).userId, request.body, clock.now(), time));

  moneyRoute(app, deps, contract.account.convertCreate, ({ request, trx, userId, now }) => convertAtQuote(trx, prices, config.prices.exchangeMaxPosition, userId, request.body.quoteId, now, time), { payPassword: true });

  // the power account
  route(app, contract.account.powerDetail, async (request) => {
    const today = dayOf(clock.now(), config.displayUtcOffsetMinutes);
    return withExchangeTerms(db, prices, clock.now(), await powerDetail(db, sessionOf(request).userId, today, addDays(today, -1)));
  });

  route(app, contract.account.powerBill, async (request) => listPowerBills(db, sessionOf(request).userId, request.query, pageArgs(request.query)));

  moneyRoute(app, deps, contract.account.powerExchange, async ({ request, trx, userId, now }) => toExchangeRecord(await exchangePower(trx, prices, config.prices.exchangeMaxPosition, userId, request.body, now), time), {
    payPassword: true,
  });

  route(app, contract.account.exchange, async (request) => listPowerExchanges(db, sessionOf(request).userId, pageArgs(request.query), time));
}
