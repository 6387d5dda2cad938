/** Fiat-like figures to exactly 2 decimals (rounded down), and a currency printed once. */
import { roundDownForDisplay } from '../../contract/rules/moneyDisplay';

describe('roundDownForDisplay', () => {
  it('shows exactly the given decimals, rounded down', () => {
    expect(roundDownForDisplay('998.12345678', 2)).toBe('998.12');
    expect(roundDownForDisplay('0.09972599', 2)).toBe('0.09');
    expect(roundDownForDisplay('0.0099', 2)).toBe('0.00');
    expect(roundDownForDisplay('5000', 2)).toBe('5000.00');
    expect(roundDownForDisplay('1.10', 2)).toBe('1.10');
    expect(roundDownForDisplay('-3.14159', 2)).toBe('-3.14');
    expect(roundDownForDisplay('-0.001', 2)).toBe('0.00');
    expect(roundDownForDisplay('12.5', 0)).toBe('12');
  });

  it('gives back anything that is not a decimal amount unchanged', () => {
    expect(roundDownForDisplay('abc', 2)).toBe('abc');
    expect(roundDownForDisplay('1e5', 2)).toBe('1e5');
  });
});
