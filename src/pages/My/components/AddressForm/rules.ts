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

export function addressFormRules(t: Translate): Record<'receiver' | 'phone' | 'region' | 'district' | 'detail', Rule[]> {
  return {
    receiver: [ruleOf<string | undefined>(t, (value) => checkReceiver(value ?? ''))],
    phone: [ruleOf<string | undefined>(t, (value) => checkPhone(value ?? ''))],
    region: [ruleOf<RegionValue | undefined>(t, (value) => (value ? checkProvince(value[0]) ?? checkCity(value[0], value[1] ?? '') : 'provinceRequired'))],
    district: [ruleOf<string | undefined>(t, (value) => checkDistrict(value ?? ''))],
    detail: [ruleOf<string | undefined>(t, (value) => checkDetail(value ?? ''))],
  };
}

/** Form values → the API's AddressInput, normalised like the server stores it. */
export function toAddressInput(values: AddressFormValues): AddressInputType {
  const [province = '', city = ''] = values.region ?? [];
  return normalizeAddress({
    receiver: values.receiver ?? '',
    phone: values.phone ?? '',
    region: { province, city, district: values.district ?? '' },
    detail: values.detail ?? '',
    isDefault: !!values.isDefault,
  });
}

export function toFormValues(address: AddressType): AddressFormValues {
  const { region, receiver, phone, detail, isDefault } = address;
  return { receiver, phone, region: [region.province, region.city], district: region.district, detail, isDefault };
}
