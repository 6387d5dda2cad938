/** The shipping address book used by the mall. */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from './endpoint';
import { Empty, Id, IdParams, Page, PageQuery, Timestamp } from './common';

/** the limit and the field rules live in ./rules/address, shared with the browser form */
export { MAX_ADDRESSES_PER_USER } from './rules/address';

export const Region = Type.Object({
  province: Type.String({ minLength: 1, maxLength: 32 }),
  city: Type.String({ minLength: 1, maxLength: 32 }),
  district: Type.String({ maxLength: 32 }),
});

export const AddressInput = Type.Object({
  receiver: Type.String({ minLength: 1, maxLength: 32 }),
  /** mainland China, Hong Kong, Macau, Taiwan or international (+country) */
  phone: Type.String({ minLength: 5, maxLength: 20 }),
  region: Region,
  detail: Type.String({ minLength: 2, maxLength: 120 }),
  isDefault: Type.Boolean(),
});
export type AddressInputType = Static<typeof AddressInput>;

export const Address = Type.Composite([
  Type.Object({ id: Id }),
  AddressInput,
  Type.Object({ createdAt: Timestamp }),
]);
export type AddressType = Static<typeof Address>;

export const AddressUpdateBody = Type.Composite([Type.Object({ id: Id }), AddressInput]);
export type AddressUpdateBodyType = Static<typeof AddressUpdateBody>;

export const addressEndpoints = {
  list: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/user/address', auth: true,
    summary: 'The caller\'s addresses, default first', query: PageQuery, response: Page(Address),
  }),
  get: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/user/address/:id', auth: true,
    summary: 'One of the caller\'s addresses', params: IdParams, response: Address,
  }),
  create: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/user/address/create', auth: true, moneyMoving: true,
    summary: 'Add an address', body: AddressInput, response: Address,
  }),
  update: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/user/address/update', auth: true,
    summary: 'Change an address', body: AddressUpdateBody, response: Address,
  }),
  remove: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/user/address/delete', auth: true,
    summary: 'Delete an address', body: Type.Object({ id: Id }), response: Empty,
  }),
};
