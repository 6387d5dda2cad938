import { BASIC_PRODUCT, CURRENCIES, DEFAULT_CURRENCY, currencySymbol, findCurrency } from '@/constants/currency';

describe('currency table', () => {
  it('has the 17 currencies of the spec in order, each with text, code and symbol', () => {
    expect(CURRENCIES.map((c) => c.code)).toEqual([
      'CNY', 'HKD', 'MYR', 'USD', 'EUR', 'GBP', 'JPY', 'BTC', 'ETH', 'EOS', 'BCH', 'LTC', 'XRP', 'USDT', 'SGD', 'AUD', 'THB',
    ]);
    for (const c of CURRENCIES) {
      expect(c.text.length).toBeGreaterThan(0);
      expect(c.symbol.length).toBeGreaterThan(0);
    }
  });

  it('defaults to USDT and labels the basic product 10000 as USDT', () => {
    expect(DEFAULT_CURRENCY).toBe('USDT');
    expect(BASIC_PRODUCT).toEqual({ id: '10000', label: 'USDT' });
    expect(findCurrency(DEFAULT_CURRENCY)?.symbol).toBe('₮');
  });

  it('looks codes up case-insensitively and falls back to the code as symbol', () => {
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('FIL')).toBe('FIL');
  });
});
