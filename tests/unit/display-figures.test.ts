/** Issue 15, defect 11: fiat-like figures to 2 decimals (rounded down), and a currency printed once. */
import { currencyTitle } from '@/constants/currency';
import { roundDownForDisplay } from '../../contract/rules/moneyDisplay';

describe('roundDownForDisplay', () => {
  it('shows at most the given decimals, rounded down, without trailing zeros', () => {
    expect(roundDownForDisplay('998.12345678', 2)).toBe('998.12');
    expect(roundDownForDisplay('0.09972599', 2)).toBe('0.09');
    expect(roundDownForDisplay('0.0099', 2)).toBe('0');
    expect(roundDownForDisplay('5000', 2)).toBe('5000');
    expect(roundDownForDisplay('1.10', 2)).toBe('1.1');
    expect(roundDownForDisplay('-3.14159', 2)).toBe('-3.14');
    expect(roundDownForDisplay('-0.001', 2)).toBe('0');
  });

  it('gives back anything that is not a decimal amount unchanged', () => {
    expect(roundDownForDisplay('abc', 2)).toBe('abc');
    expect(roundDownForDisplay('1e5', 2)).toBe('1e5');
  });
});

describe('currencyTitle', () => {
  it('puts the symbol before the code only when the currency has a symbol of its own', () => {
    expect(currencyTitle('USDT')).toBe('₮ USDT');
    expect(currencyTitle('BTC')).toBe('₿ BTC');
    expect(currencyTitle('FIL')).toBe('FIL');
    expect(currencyTitle('EOS')).toBe('EOS');
  });
});
