/** The shared output and interest formulas (contract/rules) that the calculator and the settlement both use. */
import fc from 'fast-check';
import { dailyInterest, interestOverLock } from '../../contract/rules/financeInterest';
import { estimatePower, powerDay } from '../../contract/rules/powerOutput';

const U = 100_000_000n;
const units = (coins: number) => BigInt(Math.round(coins * 1e8));
const terms = { dailyOutputPerUnit: units(0.00001), electricityFeePerUnit: units(0.000002), managementFeeRate: 5n * U };

describe('powerDay', () => {
  it('takes electricity and the management percentage from the gross output', () => {
    expect(powerDay(terms, 3)).toEqual({ gross: 3000n, electricityFee: 600n, managementFee: 150n, fee: 750n, net: 2250n });
  });

  it('rounds the management fee down to the unit', () => {
    // 7 × 0.00000013 = 0.00000091 gross; 5 % of 91 units = 4.55 → 4
    expect(powerDay({ dailyOutputPerUnit: 13n, electricityFeePerUnit: 0n, managementFeeRate: 5n * U }, 7)).toMatchObject({ gross: 91n, managementFee: 4n, net: 87n });
  });

  it('never lets fees exceed the output', () => {
    const day = powerDay({ dailyOutputPerUnit: 100n, electricityFeePerUnit: 500n, managementFeeRate: 10n * U }, 2);
    expect(day).toEqual({ gross: 200n, managementFee: 20n, electricityFee: 180n, fee: 200n, net: 0n });
  });
});

describe('estimatePower', () => {
  const input = { ...terms, units: 3, pricePerUnit: 10n * U, termDays: 30, coinPriceUsdt: 50_000n * U };

  it('multiplies the daily figures by the days, values the net output and finds the break-even day', () => {
    const estimate = estimatePower({ ...input, days: 30 });
    expect(estimate).toMatchObject({ days: 30, cost: 30n * U, gross: 90_000n, electricityFee: 18_000n, managementFee: 4_500n, net: 67_500n });
    // 0.000675 BTC × 50 000 = 33.75 USDT; 1.125 USDT a day → day 27 reaches 30 USDT
    expect(estimate.netUsdt).toBe(3_375_000_000n);
    expect(estimate.profitUsdt).toBe(375_000_000n);
    expect(estimate.breakEvenDay).toBe(27);
  });

  it('caps the days at the term and reports no break-even when it is out of reach', () => {
    expect(estimatePower({ ...input, days: 400 }).days).toBe(30);
    expect(estimatePower({ ...input, days: 10, coinPriceUsdt: 10_000n * U })).toMatchObject({ days: 10, breakEvenDay: null });
  });

  it('over n days equals n single days, and its break-even day is the first day whose cumulative value covers the cost', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 360 }), fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 5_000_000n }), fc.bigInt({ min: 0n, max: 100n * U }), fc.bigInt({ min: 1n, max: 100_000n * U }),
        (count, days, output, electricity, rate, price) => {
          const day = { dailyOutputPerUnit: output, electricityFeePerUnit: electricity, managementFeeRate: rate };
          const e = estimatePower({ ...day, units: count, pricePerUnit: 5n * U, termDays: 360, days, coinPriceUsdt: price });
          const one = powerDay(day, count);
          expect(e.net).toBe(one.net * BigInt(days));
          expect(one.net).toBeGreaterThanOrEqual(0n);
          if (e.breakEvenDay !== null && e.breakEvenDay > 0) {
            const valueAfter = (n: number) => (one.net * BigInt(n) * price) / U;
            expect(valueAfter(e.breakEvenDay)).toBeGreaterThanOrEqual(e.cost);
            expect(valueAfter(e.breakEvenDay - 1)).toBeLessThan(e.cost);
          }
        },
      ),
    );
  });
});

describe('dailyInterest', () => {
  it('is principal × annual rate / 365, rounded down to the unit', () => {
    expect(dailyInterest(1000n * U, units(7.3))).toBe(20_000_000n);
    expect(dailyInterest(33_333_333_333n, 5n * U)).toBe(4_566_210n);
    expect(interestOverLock(33_333_333_333n, 5n * U, 7)).toBe(31_963_470n);
    expect(dailyInterest(1n, 5n * U)).toBe(0n);
  });
});
