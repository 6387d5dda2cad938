/** The address book: list, get, create, update, delete, every call on the caller's own addresses. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../contract';
import type { AppContext } from '../context';
import { createAddress, deleteAddress, getAddress, listAddresses, updateAddress } from '../addresses/addressBook';
import { toAddress } from '../addresses/addressView';
import { validAddress } from '../addresses/validateAddress';
import { pageArgs, toPage } from '../http/paging';
import { route, sessionOf } from '../http/route';
import { moneyRoute } from '../idempotency/moneyRoute';
import { requestLocale } from '../i18n';

export default async function addressRoutes(app: FastifyInstance, deps: AppContext): Promise<void> {
  const { db, time, clock } = deps;

  route(app, contract.address.list, async (request) => {
    const args = pageArgs(request.query);
    const { rows, total } = await listAddresses(db, sessionOf(request).userId, args);
    return toPage(rows.map((row) => toAddress(row, time)), total, args);
  });

  route(app, contract.address.get, async (request) => toAddress(await getAddress(db, sessionOf(request).userId, BigInt(request.params.id)), time));

  moneyRoute(app, deps, contract.address.create, async ({ request, trx, userId, now }) => {
    const input = validAddress(request.body, requestLocale(request.headers));
    return toAddress(await createAddress(trx, userId, input, now), time);
  });

  route(app, contract.address.update, async (request) => {
    const { id, ...body } = request.body;
    const input = validAddress(body, requestLocale(request.headers));
    return toAddress(await updateAddress(db, sessionOf(request).userId, BigInt(id), input, clock.now()), time);
  });

  route(app, contract.address.remove, async (request) => {
    await deleteAddress(db, sessionOf(request).userId, BigInt(request.body.id), clock.now());
    return null;
  });
}
