/**
 * The address book's validation rules, once, for the browser form and the server. Each check
 * returns a problem name (or null); both sides turn it into a message with the key
 * `address.rule.<problem>` (sentences: ./addressMessages) and ADDRESS_LIMITS as parameters.
 * Plain TS: only type imports.
 */
import type { AddressInputType } from '../address';
import { citiesOf, districtsOf } from './regions';

export const MAX_ADDRESSES_PER_USER = 20;

export const ADDRESS_LIMITS = {
  receiverMax: 32,
  regionMax: 32,
  detailMin: 2,
  detailMax: 120,
  max: MAX_ADDRESSES_PER_USER,
} as const;

/**
 * Phone formats, checked after spaces and hyphens are removed: mainland China mobile, Hong Kong
 * (8 digits), Macau (8 digits starting 6), Taiwan mobile, or international `+<country><number>`
 * (E.164: at most 15 digits).
 */
export const PHONE_FORMATS = {
  mainland: /^1[3-9]\d{9}$/,
  hongKong: /^[2-9]\d{7}$/,
  macau: /^6\d{7}$/,
  taiwan: /^09\d{8}$/,
  international: /^\+[1-9]\d{6,14}$/,
} as const;

export type AddressProblem =
  | 'receiverRequired'
  | 'receiverTooLong'
  | 'phoneRequired'
  | 'phoneInvalid'
  | 'provinceRequired'
  | 'provinceUnknown'
  | 'cityRequired'
  | 'cityUnknown'
  | 'districtTooLong'
  | 'districtRequired'
  | 'districtUnknown'
  | 'detailRequired'
  | 'detailTooShort'
  | 'detailTooLong';

/** Field paths as the API reports them (`region.city`, like schema validation errors). */
export type AddressField = 'receiver' | 'phone' | 'region.province' | 'region.city' | 'region.district' | 'detail';

export interface AddressFieldProblem {
  field: AddressField;
  problem: AddressProblem;
}

/** `138 0013-8000` → `13800138000`: people type phone numbers with separators. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

export function checkReceiver(receiver: string): AddressProblem | null {
  const value = receiver.trim();
  if (!value) return 'receiverRequired';
  return value.length > ADDRESS_LIMITS.receiverMax ? 'receiverTooLong' : null;
}

export function checkPhone(phone: string): AddressProblem | null {
  const value = normalizePhone(phone);
  if (!value) return 'phoneRequired';
  return Object.values(PHONE_FORMATS).some((format) => format.test(value)) ? null : 'phoneInvalid';
}

export function checkProvince(province: string): AddressProblem | null {
  if (!province.trim()) return 'provinceRequired';
  return citiesOf(province.trim()).length ? null : 'provinceUnknown';
}

export function checkCity(province: string, city: string): AddressProblem | null {
  if (!city.trim()) return 'cityRequired';
  return citiesOf(province.trim()).includes(city.trim()) ? null : 'cityUnknown';
}

/**
 * A city with a district list (contract/rules/regions) takes one of its districts, exactly as
 * listed; a city without one takes any typed district up to the limit, also none.
 */
export function checkDistrict(district: string, province = '', city = ''): AddressProblem | null {
  const value = district.trim();
  if (value.length > ADDRESS_LIMITS.regionMax) return 'districtTooLong';
  const districts = districtsOf(province.trim(), city.trim());
  if (!districts.length) return null;
  if (!value) return 'districtRequired';
  return districts.includes(value) ? null : 'districtUnknown';
}

export function checkDetail(detail: string): AddressProblem | null {
  const value = detail.trim();
  if (!value) return 'detailRequired';
  if (value.length < ADDRESS_LIMITS.detailMin) return 'detailTooShort';
  return value.length > ADDRESS_LIMITS.detailMax ? 'detailTooLong' : null;
}

/** Every problem of an address, in form order (empty when it is valid). */
export function addressProblems(input: AddressInputType): AddressFieldProblem[] {
  const { province, city, district } = input.region;
  const checks: Array<[AddressField, AddressProblem | null]> = [
    ['receiver', checkReceiver(input.receiver)],
    ['phone', checkPhone(input.phone)],
    ['region.province', checkProvince(province)],
    // a city can only be judged once its province is known
    ['region.city', checkProvince(province) ? null : checkCity(province, city)],
    ['region.district', checkDistrict(district, province, city)],
    ['detail', checkDetail(input.detail)],
  ];
  return checks.flatMap(([field, problem]) => (problem ? [{ field, problem }] : []));
}

/** The address as it is stored: trimmed texts, the phone without separators. */
export function normalizeAddress(input: AddressInputType): AddressInputType {
  return {
    receiver: input.receiver.trim(),
    phone: normalizePhone(input.phone),
    region: { province: input.region.province.trim(), city: input.region.city.trim(), district: input.region.district.trim() },
    detail: input.detail.trim(),
    isDefault: input.isDefault,
  };
}
