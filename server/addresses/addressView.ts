/** Addresses as the contract shows them: an address book row, or the copy a mall order keeps. */
import type { AddressType } from '../../contract/address';
import type { AddressesTable } from '../db/schema';
import type { TimeFormat } from '../time';

/** The columns an address is shown from (a mall order names its copy's id and default flag itself). */
export type AddressColumns = Pick<AddressesTable, 'receiver' | 'phone' | 'province' | 'city' | 'district' | 'detail' | 'is_default'> & { id: bigint };

/** Everything but the creation time, which a mall order's copy does not carry. */
export function toAddressFields(row: AddressColumns): Omit<AddressType, 'createdAt'> {
  return {
    id: String(row.id),
    receiver: row.receiver,
    phone: row.phone,
    region: { province: row.province, city: row.city, district: row.district },
    detail: row.detail,
    isDefault: row.is_default === 1n,
  };
}

export function toAddress(row: AddressColumns & { created_at: bigint }, time: TimeFormat): AddressType {
  return { ...toAddressFields(row), createdAt: time.timestamp(row.created_at) };
}
