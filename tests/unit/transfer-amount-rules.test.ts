/** The money form rules the browser and the server share (contract/rules/money). */
import fc from 'fast-check';
import { checkAmount, fromUnits as unitsToAmount, isPayPassword, maxSpendable, toUnits as amountUnits } from '../../contract/rules/money';

describe('checkAmount', () => {
  test.each([
    ['abc', { code: 'format' }],
    ['', { code: 'format' }],
    ['-1', { code: 'format' }],
    ['01', { code: 'format' }],
    ['1.123456789', { code: 'tooManyDecimals', decimals: 8 }],
    ['0', { code: 'notPositive' }],
    ['0.00000000', { code: 'notPositive' }],
  ])('%j is refused as %j', (value, problem) => {
    expect(checkAmount(value)).toEqual(problem);
  });

  test('minimum, maximum and balance with the fee on top', () => {
    const limits = { min: '10', max: '100', available: '50', fee: '1' };
    expect(checkAmount('9.99999999', limits)).toEqual({ code: 'belowMinimum', min: '10' });
    expect(checkAmount('100.00000001', limits)).toEqual({ code: 'aboveMaximum', max: '100' });
    expect(checkAmount('49.00000001', limits)).toEqual({ code: 'aboveBalance', available: '50', fee: '1' });
    expect(checkAmount('49', limits)).toBeNull();
    expect(checkAmount('10', limits)).toBeNull();
  });

  test('maxSpendable leaves room for the fee and never goes below zero', () => {
    expect(maxSpendable('50', '1')).toBe('49');
    expect(maxSpendable('0.5', '1')).toBe('0');
    expect(maxSpendable('0.12345678')).toBe('0.12345678');
  });

  test('units round-trip for every 8-decimal amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), (units) => {
        expect(amountUnits(unitsToAmount(units))).toBe(units);
      }),
    );
  });
});

test('a pay password is exactly six digits', () => {
  expect(isPayPassword('123456')).toBe(true);
  expect(isPayPassword('12345')).toBe(false);
  expect(isPayPassword('1234567')).toBe(false);
  expect(isPayPassword('12345a')).toBe(false);
});
