/**
 * The one money module (contract/rules/money) by its properties: strict reading, canonical
 * writing, explicit rounding, exact scale changes. Server, browser and mocks all use it.
 */
import fc from 'fast-check';
import {
  convertDecimals,
  divide,
  fromUnits,
  multiply,
  percentOf,
  powerOfTen,
  ratio,
  toSignedUnits,
  toUnits,
  UNIT,
  wholeUnits,
} from '../../contract/rules/money';
import { groupDigits, wholePercent } from '../../contract/rules/moneyDisplay';

const BIG = powerOfTen(30);
const anyUnits = fc.bigInt({ min: -BIG, max: BIG });
const decimalsSetting = fc.integer({ min: 0, max: 24 });

/** a canonical decimal string: no leading zeros, no trailing fraction zeros, never "-0" */
function canonical(decimals: number) {
  return fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: powerOfTen(20) }), fc.bigInt({ min: 0n, max: powerOfTen(decimals) - 1n }))
    .map(([negative, whole, fraction]) => {
      const digits = decimals === 0 ? '' : fraction.toString().padStart(decimals, '0').replace(/0+$/, '');
      const text = digits ? `${whole}.${digits}` : `${whole}`;
      return negative && text !== '0' ? `-${text}` : text;
    });
}

describe('reading and writing', () => {
  it('reads back what it writes, for any bigint and any number of decimals', () => {
    fc.assert(
      fc.property(anyUnits, decimalsSetting, (units, decimals) => {
        expect(toSignedUnits(fromUnits(units, decimals), decimals)).toBe(units);
        if (units >= 0n) expect(toUnits(fromUnits(units, decimals), decimals)).toBe(units);
      }),
    );
  });

  it('writes every canonical string back as it was', () => {
    fc.assert(
      fc.property(decimalsSetting.chain((decimals) => fc.tuple(fc.constant(decimals), canonical(decimals))), ([decimals, text]) => {
        expect(fromUnits(toSignedUnits(text, decimals), decimals)).toBe(text);
      }),
    );
  });

  it('writes no trailing zeros, no exponent and keeps the sign', () => {
    expect(fromUnits(0n)).toBe('0');
    expect(fromUnits(-1n)).toBe('-0.00000001');
    expect(fromUnits(-UNIT)).toBe('-1');
    expect(fromUnits(1_250_000_000n)).toBe('12.5');
    expect(fromUnits(10n ** 30n)).toBe('10000000000000000000000');
    expect(fromUnits(1_500_000n, 6)).toBe('1.5');
    expect(fromUnits(7n, 0)).toBe('7');
  });

  it('reads trailing fraction zeros and the per-currency scale', () => {
    expect(toUnits('1.50')).toBe(150_000_000n);
    expect(toUnits('0.00000000')).toBe(0n);
    expect(toUnits('1.5', 6)).toBe(1_500_000n);
    expect(toUnits('1.000001', 18)).toBe(1_000_001_000_000_000_000n);
    expect(toUnits('7', 0)).toBe(7n);
    expect(() => toUnits('1.0000001', 6)).toThrow(RangeError);
    expect(() => toUnits('7.0', 0)).toThrow(RangeError);
  });

  it('refuses JSON-ish junk, signs and too many decimals', () => {
    const junk = ['', '-', '1e5', '1E5', ' 1', '1 ', '01', '00', '1.', '.5', '0x10', '١٢', '１', '+1', '--1', '1,5', '1_000', 'NaN', 'Infinity', '1.123456789', '0.000000001', '-.5', '- 1'];
    for (const text of junk) {
      expect(() => toUnits(text)).toThrow(RangeError);
      expect(() => toSignedUnits(text)).toThrow(RangeError);
    }
  });

  it('reads a leading "-" only when asked to (ledger and internal figures)', () => {
    expect(() => toUnits('-1')).toThrow(RangeError);
    expect(() => toUnits('-0')).toThrow(RangeError);
    expect(toSignedUnits('-3.1')).toBe(-310_000_000n);
    expect(toSignedUnits('-0')).toBe(0n);
    expect(fromUnits(toSignedUnits('-0'))).toBe('0');
  });

  it('keeps the old error text', () => {
    expect(() => toUnits('abc')).toThrow('not a decimal amount with at most 8 decimals: "abc"');
    expect(() => toUnits('1.5', 0)).toThrow('not a decimal amount with at most 0 decimals: "1.5"');
  });

  it('builds powers of ten without **', () => {
    expect(powerOfTen(0)).toBe(1n);
    expect(powerOfTen(8)).toBe(UNIT);
    expect(UNIT).toBe(100_000_000n);
    expect(powerOfTen(18)).toBe(1_000_000_000_000_000_000n);
    expect(() => powerOfTen(-1)).toThrow(RangeError);
    expect(() => powerOfTen(1.5)).toThrow(RangeError);
    expect(wholeUnits(3)).toBe(300_000_000n);
    expect(wholeUnits(3n, 6)).toBe(3_000_000n);
  });
});

/** down ≤ exact < down + 1 with exact = n / d, written without division: d·down ≤ n < d·(down + 1) */
function expectBounds(n: bigint, d: bigint, down: bigint, up: bigint) {
  expect(d * down <= n).toBe(true);
  expect(n < d * (down + 1n)).toBe(true);
  expect(up - down).toBe(n % d === 0n ? 0n : 1n);
  if (n % d === 0n) expect(down).toBe(n / d);
}

describe('rounding', () => {
  const positive = fc.bigInt({ min: 1n, max: BIG });

  it('divide: down toward −∞, up toward +∞, exact when divisible', () => {
    fc.assert(
      fc.property(anyUnits, positive, (n, d) => {
        expectBounds(n, d, divide(n, d, 'down'), divide(n, d, 'up'));
        expect(divide(n * d, d, 'down')).toBe(n);
        expect(divide(n * d, d, 'up')).toBe(n);
      }),
    );
    expect(() => divide(1n, 0n, 'down')).toThrow(RangeError);
    expect(() => divide(1n, -1n, 'up')).toThrow(RangeError);
  });

  it('multiply: a × b / 10^decimals within one unit, exact when it divides', () => {
    fc.assert(
      fc.property(anyUnits, anyUnits, fc.integer({ min: 0, max: 18 }), (a, b, decimals) => {
        const scale = powerOfTen(decimals);
        expectBounds(a * b, scale, multiply(a, b, 'down', decimals), multiply(a, b, 'up', decimals));
      }),
    );
    expect(multiply(toUnits('3'), toUnits('12.8'), 'down')).toBe(toUnits('38.4'));
    expect(multiply(1n, toUnits('0.5'), 'down')).toBe(0n);
    expect(multiply(1n, toUnits('0.5'), 'up')).toBe(1n);
    expect(multiply(-1n, toUnits('0.5'), 'down')).toBe(-1n);
    expect(multiply(-1n, toUnits('0.5'), 'up')).toBe(0n);
  });

  it('ratio: a × 10^8 / b within one unit', () => {
    fc.assert(
      fc.property(anyUnits, positive, (a, b) => {
        expectBounds(a * UNIT, b, ratio(a, b, 'down'), ratio(a, b, 'up'));
      }),
    );
    expect(ratio(toUnits('65000'), toUnits('1'), 'down')).toBe(toUnits('65000'));
    expect(ratio(toUnits('1'), toUnits('3'), 'down')).toBe(toUnits('0.33333333'));
    expect(ratio(toUnits('1'), toUnits('3'), 'up')).toBe(toUnits('0.33333334'));
  });

  it('percentOf: amount × percent / 100 % within one unit, a fee never more than the amount', () => {
    fc.assert(
      fc.property(anyUnits, fc.bigInt({ min: 0n, max: 100n * UNIT }), (amount, percent) => {
        const down = percentOf(amount, percent, 'down');
        const up = percentOf(amount, percent, 'up');
        expectBounds(amount * percent, 100n * UNIT, down, up);
        if (amount >= 0n) {
          expect(down >= 0n && up <= amount).toBe(true);
        }
      }),
    );
    expect(percentOf(toUnits('1000'), toUnits('0.2'), 'down')).toBe(toUnits('2'));
    expect(percentOf(62n, toUnits('5'), 'down')).toBe(3n);
    expect(percentOf(62n, toUnits('5'), 'up')).toBe(4n);
  });
});

describe('convertDecimals', () => {
  it('widening is exact and narrowing back returns the same amount, either rounding', () => {
    fc.assert(
      fc.property(anyUnits, fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 24 }), (units, a, b) => {
        const [narrow, wide] = a <= b ? [a, b] : [b, a];
        const widened = convertDecimals(units, narrow, wide, 'down');
        expect(widened).toBe(units * powerOfTen(wide - narrow));
        expect(convertDecimals(widened, wide, narrow, 'down')).toBe(units);
        expect(convertDecimals(widened, wide, narrow, 'up')).toBe(units);
        expect(fromUnits(widened, wide)).toBe(fromUnits(units, narrow));
      }),
    );
  });

  it('narrowing rounds as told, within one unit', () => {
    fc.assert(
      fc.property(anyUnits, fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 12 }), (units, to, extra) => {
        const from = to + extra;
        expectBounds(units, powerOfTen(extra), convertDecimals(units, from, to, 'down'), convertDecimals(units, from, to, 'up'));
      }),
    );
  });

  it('moves token amounts to ledger units (USDT: 6 decimals on Ethereum, 18 on BSC)', () => {
    expect(convertDecimals(toUnits('12.345678', 6), 6, 8, 'down')).toBe(toUnits('12.345678'));
    expect(convertDecimals(toUnits('12.345678901234567891', 18), 18, 8, 'down')).toBe(toUnits('12.34567890'));
    expect(convertDecimals(toUnits('12.345678901234567891', 18), 18, 8, 'up')).toBe(toUnits('12.34567891'));
    expect(convertDecimals(toUnits('1.23456789'), 8, 6, 'down')).toBe(toUnits('1.234567', 6));
  });
});

describe('display helpers', () => {
  it('groups digits as given', () => {
    expect(groupDigits('-1234567.5')).toBe('-1,234,567.5');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('1000.12345678')).toBe('1,000.12345678');
    expect(groupDigits('n/a')).toBe('n/a');
  });

  it('a progress bar percent: whole, rounded down, clamped to 0..100', () => {
    expect(wholePercent(toUnits('1'), toUnits('3'))).toBe(33);
    expect(wholePercent(toUnits('2'), toUnits('3'))).toBe(66);
    expect(wholePercent(toUnits('5'), toUnits('3'))).toBe(100);
    expect(wholePercent(-1n, toUnits('3'))).toBe(0);
    expect(wholePercent(toUnits('1'), 0n)).toBe(0);
    fc.assert(
      fc.property(anyUnits, anyUnits, (part, whole) => {
        const percent = wholePercent(part, whole);
        expect(Number.isInteger(percent) && percent >= 0 && percent <= 100).toBe(true);
      }),
    );
  });
});
