/** The shipping address book used by the mall. */
import type { AddressInputType, AddressType } from '../contract/address';
import { MAX_ADDRESSES_PER_USER } from '../contract/address';
import { ADDRESS_LIMITS } from '../contract/rules/address';
import { contract } from '../contract';
import { refusal } from './_errors';
import { mockRoutes, paginate } from './_kit';
import { nextId, type MockUser } from './_state';
import { timestamp } from './_time';

/** One of the caller's addresses, or 404 (also for other users' ids). */
export function ownAddress(user: MockUser, id: string): AddressType {
  const found = user.addresses.find((a) => a.id === id);
  if (!found) throw refusal('NOT_FOUND', 'address.notFound');
  return found;
}

/** Exactly one default while any address exists: `chosen`, else the oldest. */
function keepOneDefault(user: MockUser, chosen?: AddressType): void {
  const winner = chosen ?? user.addresses.find((a) => a.isDefault) ?? user.addresses[0];
  for (const a of user.addresses) a.isDefault = a === winner;
}

export function addAddress(user: MockUser, input: AddressInputType): AddressType {
  if (user.addresses.length >= MAX_ADDRESSES_PER_USER) throw refusal('BUSINESS_RULE', 'address.limit', ADDRESS_LIMITS);
  const address = { id: nextId(), ...input, region: { ...input.region }, createdAt: timestamp() };
  user.addresses.push(address);
  keepOneDefault(user, input.isDefault ? address : undefined);
  return address;
}

export default mockRoutes(contract.address, {
  list: ({ user, query }) => paginate([...user.addresses].sort((a, b) => Number(b.isDefault) - Number(a.isDefault)), query),

  get: ({ user, params }) => ownAddress(user, params.id),

  create: ({ user, body }) => addAddress(user, body),

  update: ({ user, body }) => {
    const address = ownAddress(user, body.id);
    Object.assign(address, { ...body, region: { ...body.region } });
    keepOneDefault(user, body.isDefault ? address : undefined);
    return address;
  },

  remove: ({ user, body }) => {
    ownAddress(user, body.id);
    user.addresses = user.addresses.filter((a) => a.id !== body.id);
    keepOneDefault(user);
    return null;
  },
});
