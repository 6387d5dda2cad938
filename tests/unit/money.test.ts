/** Money helpers: decimal strings ⇄ bigint units of 1e-8, exact, never through floats. */
import fc from 'fast-check';
import { divide, fromUnits, multiply, percentOf, toSignedUnits as toUnits, UNIT, wholeUnits } from '../../contract/rules/money';

describe('toUnits / fromUnits', () => {
  it('converts known values exactly', () => {
    expect(toUnits('0')).toBe(0n);
    expect(toUnits('12.5')).toBe(1_250_000_000n);
    expect(toUnits('0.00000001')).toBe(1n);
    expect(toUnits('-3.1')).toBe(-310_000_000n);
    expect(toUnits('123456789012345678.12345678')).toBe(12345678901234567812345678n);
    expect(fromUnits(1_250_000_000n)).toBe('12.5');
    expect(fromUnits(1n)).toBe('0.00000001');
    expect(fromUnits(-310_000_000n)).toBe('-3.1');
    expect(fromUnits(0n)).toBe('0');
    expect(fromUnits(wholeUnits(7))).toBe('7');
  });

  it('is exact where floats are not (0.1 + 0.2)', () => {
    expect(fromUnits(toUnits('0.1') + toUnits('0.2'))).toBe('0.3');
  });

  it('refuses anything but a plain decimal with at most 8 decimals', () => {
    for (const bad of ['', '1.', '.5', '01', '1e5', '1.123456789', ' 1', '1,5', 'NaN', '0x10', '+1', '--1']) {
      expect(() => toUnits(bad)).toThrow(RangeError);
    }
  });

  it('round-trips every amount (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 26n), max: 10n ** 26n }), (units) => {
        expect(toUnits(fromUnits(units))).toBe(units);
      }),
    );
  });

  it('writes the canonical form of every decimal string (property)', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), fc.stringMatching(/^[0-9]{0,8}$/))
      .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : `${whole}`));
    fc.assert(
      fc.property(decimal, (text) => {
        const canonical = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
        expect(fromUnits(toUnits(text))).toBe(canonical === '' ? '0' : canonical);
      }),
    );
  });
});

describe('arithmetic', () => {
  it('divides with explicit rounding', () => {
    expect(divide(7n, 2n)).toBe(3n);
    expect(divide(7n, 2n, 'up')).toBe(4n);
    expect(divide(-7n, 2n)).toBe(-4n);
    expect(divide(-7n, 2n, 'up')).toBe(-3n);
    expect(divide(8n, 2n, 'up')).toBe(4n);
    expect(() => divide(1n, 0n)).toThrow(RangeError);
  });

  it('multiplies unit amounts (quantity × price) and takes percentages', () => {
    expect(fromUnits(multiply(toUnits('3'), toUnits('12.8')))).toBe('38.4');
    expect(fromUnits(multiply(toUnits('0.00000001'), toUnits('0.5')))).toBe('0');
    expect(fromUnits(multiply(toUnits('0.00000001'), toUnits('0.5'), 'up'))).toBe('0.00000001');
    expect(fromUnits(percentOf(toUnits('1000'), toUnits('0.2')))).toBe('2');
    expect(fromUnits(percentOf(toUnits('0.00000062'), toUnits('5')))).toBe('0.00000003');
    expect(fromUnits(percentOf(toUnits('0.00000062'), toUnits('5'), 'up'))).toBe('0.00000004');
  });

  it('never loses or invents a unit when splitting an amount into fee and rest (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.bigInt({ min: 0n, max: 100n * UNIT }), (amount, rate) => {
        const fee = percentOf(amount, rate, 'up');
        const rest = amount - fee;
        expect(fee + rest).toBe(amount);
        expect(fee).toBeGreaterThanOrEqual(0n);
        expect(fee).toBeLessThanOrEqual(amount);
      }),
    );
  });
});
