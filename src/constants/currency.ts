/** The supported currencies: text, code and symbol. */
export interface Currency {
  text: string;
  code: string;
  symbol: string;
}

export const CURRENCIES: readonly Currency[] = [
  { text: '人民币', code: 'CNY', symbol: '¥' },
  { text: '港币', code: 'HKD', symbol: 'HK$' },
  { text: '马来西亚林吉特', code: 'MYR', symbol: 'RM' },
  { text: '美元', code: 'USD', symbol: '$' },
  { text: '欧元', code: 'EUR', symbol: '€' },
  { text: '英镑', code: 'GBP', symbol: '£' },
  { text: '日元', code: 'JPY', symbol: '¥' },
  { text: '比特币', code: 'BTC', symbol: '₿' },
  { text: '以太坊', code: 'ETH', symbol: 'Ξ' },
  { text: '柚子币', code: 'EOS', symbol: 'EOS' },
  { text: '比特币现金', code: 'BCH', symbol: 'BCH' },
  { text: '莱特币', code: 'LTC', symbol: 'Ł' },
  { text: '瑞波币', code: 'XRP', symbol: 'XRP' },
  { text: '泰达币', code: 'USDT', symbol: '₮' },
  { text: '新加坡元', code: 'SGD', symbol: 'S$' },
  { text: '澳元', code: 'AUD', symbol: 'A$' },
  { text: '泰铢', code: 'THB', symbol: '฿' },
];

export const DEFAULT_CURRENCY = 'USDT';
/** The basic product: id 10000, labelled USDT. */
export const BASIC_PRODUCT = { id: '10000', label: 'USDT' } as const;

export function findCurrency(code: string): Currency | undefined {
  return CURRENCIES.find((c) => c.code === code.toUpperCase());
}

export function currencySymbol(code: string): string {
  return findCurrency(code)?.symbol ?? code;
}
