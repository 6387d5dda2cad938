/**
 * The sentences of the address rules (contract/rules/address), once per language, for the server's
 * error messages and the browser form's locale files: both sides show the same words.
 * `{receiverMax}`-style placeholders are filled with ADDRESS_LIMITS. Plain TS: only type imports.
 */
import type { AddressProblem } from './address';

export type AddressRuleKey = `address.rule.${AddressProblem}`;
export type AddressMessageLocale = 'zh-CN' | 'zh-TW' | 'en-US';

export const ADDRESS_RULE_MESSAGES: Record<AddressMessageLocale, Record<AddressRuleKey, string>> = {
  'zh-CN': {
    'address.rule.receiverRequired': '请输入收货人姓名',
    'address.rule.receiverTooLong': '收货人姓名最多 {receiverMax} 个字',
    'address.rule.phoneRequired': '请输入手机号码',
    'address.rule.phoneInvalid': '手机号码格式不正确：支持中国大陆（1 开头 11 位）、香港（8 位）、澳门（6 开头 8 位）、台湾（09 开头 10 位）或国际号码（+国家码）',
    'address.rule.provinceRequired': '请选择省份/地区',
    'address.rule.provinceUnknown': '请从列表中选择省份/地区',
    'address.rule.cityRequired': '请选择城市',
    'address.rule.cityUnknown': '所选城市不属于该省份/地区',
    'address.rule.districtTooLong': '区/县最多 {regionMax} 个字',
    'address.rule.districtRequired': '请选择区/县',
    'address.rule.districtUnknown': '请从列表中选择该城市的区/县',
    'address.rule.detailRequired': '请输入详细地址',
    'address.rule.detailTooShort': '详细地址至少 {detailMin} 个字',
    'address.rule.detailTooLong': '详细地址最多 {detailMax} 个字',
  },
  'zh-TW': {
    'address.rule.receiverRequired': '請輸入收貨人姓名',
    'address.rule.receiverTooLong': '收貨人姓名最多 {receiverMax} 個字',
    'address.rule.phoneRequired': '請輸入手機號碼',
    'address.rule.phoneInvalid': '手機號碼格式不正確：支援中國大陸（1 開頭 11 位）、香港（8 位）、澳門（6 開頭 8 位）、台灣（09 開頭 10 位）或國際號碼（+國碼）',
    'address.rule.provinceRequired': '請選擇省份/地區',
    'address.rule.provinceUnknown': '請從列表中選擇省份/地區',
    'address.rule.cityRequired': '請選擇城市',
    'address.rule.cityUnknown': '所選城市不屬於該省份/地區',
    'address.rule.districtTooLong': '區/縣最多 {regionMax} 個字',
    'address.rule.districtRequired': '請選擇區/縣',
    'address.rule.districtUnknown': '請從列表中選擇該城市的區/縣',
    'address.rule.detailRequired': '請輸入詳細地址',
    'address.rule.detailTooShort': '詳細地址至少 {detailMin} 個字',
    'address.rule.detailTooLong': '詳細地址最多 {detailMax} 個字',
  },
  'en-US': {
    'address.rule.receiverRequired': 'Please enter the receiver\'s name',
    'address.rule.receiverTooLong': 'The receiver\'s name can have at most {receiverMax} characters',
    'address.rule.phoneRequired': 'Please enter a phone number',
    'address.rule.phoneInvalid': 'Invalid phone number: use a mainland China mobile (11 digits starting 1), Hong Kong (8 digits), Macau (8 digits starting 6), Taiwan (10 digits starting 09) or an international number (+country code)',
    'address.rule.provinceRequired': 'Please choose a province or region',
    'address.rule.provinceUnknown': 'Please choose a province or region from the list',
    'address.rule.cityRequired': 'Please choose a city',
    'address.rule.cityUnknown': 'The city does not belong to the chosen province or region',
    'address.rule.districtTooLong': 'The district can have at most {regionMax} characters',
    'address.rule.districtRequired': 'Please choose a district',
    'address.rule.districtUnknown': 'Please choose a district of this city from the list',
    'address.rule.detailRequired': 'Please enter the street address',
    'address.rule.detailTooShort': 'The street address needs at least {detailMin} characters',
    'address.rule.detailTooLong': 'The street address can have at most {detailMax} characters',
  },
};
