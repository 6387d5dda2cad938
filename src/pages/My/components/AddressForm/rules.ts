/**
 * The address form's antd rules, made from the shared checks in contract/rules/address, so the
 * browser refuses exactly what the server refuses, with the same sentences (`address.rule.*`).
 */
import type { Rule } from 'antd/es/form';
import type { AddressInputType, AddressType } from '../../../../../contract/address';
import {
  ADDRESS_LIMITS,
  checkCity,
  checkDetail,
  checkDistrict,
  checkPhone,
  checkProvince,
  checkReceiver,
  normalizeAddress,
  type AddressProblem,
} from '../../../../../contract/rules/address';
import { districtsOf } from '../../../../../contract/rules/regions';
import type { RegionValue } from '../RegionPicker';

export interface AddressFormValues {
  receiver: string;
  phone: string;
  region?: RegionValue;
  district?: string;
  detail: string;
  isDefault: boolean;
}

export type Translate = (id: string, values?: Record<string, string | number>) => string;

/** One antd rule from one shared check: the check's problem becomes the field's message. */
function ruleOf<V>(t: Translate, check: (value: V) => AddressProblem | null): Rule {
  return {
    validator: async (_rule, value: V) => {
      const problem = check(value);
      if (problem) throw new Error(t(`address.rule.${problem}`, ADDRESS_LIMITS));
    },
  };
}

/** A city with a district list needs one of its districts picked (the typed field is not shown then). */
function pickedDistrictProblem([province, city, district = '']: RegionValue): AddressProblem | null {
  return hasDistrictList(province, city) ? checkDistrict(district, province, city) : null;
}

export function hasDistrictList(province: string, city: string): boolean {
  return districtsOf(province, city).length > 0;
}

export function addressFormRules(t: Translate): Record<'receiver' | 'phone' | 'region' | 'district' | 'detail', Rule[]> {
  return {
    receiver: [ruleOf<string | undefined>(t, (value) => checkReceiver(value ?? ''))],
    phone: [ruleOf<string | undefined>(t, (value) => checkPhone(value ?? ''))],
    region: [
      ruleOf<RegionValue | undefined>(t, (value) =>
        value ? checkProvince(value[0]) ?? checkCity(value[0], value[1] ?? '') ?? pickedDistrictProblem(value) : 'provinceRequired',
      ),
    ],
    // typed only for a city without a district list
    district: [ruleOf<string | undefined>(t, (value) => checkDistrict(value ?? ''))],
    detail: [ruleOf<string | undefined>(t, (value) => checkDetail(value ?? ''))],
  };
}

/** Form values → the API's AddressInput, normalised like the server stores it. */
export function toAddressInput(values: AddressFormValues): AddressInputType {
  const [province = '', city = '', picked = ''] = values.region ?? [];
  return normalizeAddress({
    receiver: values.receiver ?? '',
    phone: values.phone ?? '',
    region: { province, city, district: hasDistrictList(province, city) ? picked : values.district ?? '' },
    detail: values.detail ?? '',
    isDefault: !!values.isDefault,
  });
}

export function toFormValues(address: AddressType): AddressFormValues {
  const { region, receiver, phone, detail, isDefault } = address;
  const { province, city, district } = region;
  const listed = hasDistrictList(province, city);
  // a district typed before the lists existed is not carried into the picker: it is picked again
  const picked = listed && districtsOf(province, city).includes(district);
  return {
    receiver,
    phone,
    region: picked ? [province, city, district] : [province, city],
    district: listed ? undefined : district,
    detail,
    isDefault,
  };
}
