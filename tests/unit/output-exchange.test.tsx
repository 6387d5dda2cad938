/**
 * The exchange screen's estimate of one power exchange equals what the server pays
 * (server/products/powerExchange: value rounded down, fee rounded up, received = value − fee).
 */
import fc from 'fast-check';
import { fromUnits as unitsToAmount, multiply, percentOf, toUnits as amountUnits } from '../../contract/rules/money';
import { exchangeQuote } from '@/pages/OutputExchange/exchangeQuote';

test('a hand-computed exchange: 0.0005 BTC at 65000 USDT with a 0.5 % fee', () => {
  expect(exchangeQuote('0.0005', '65000', '0.5')).toEqual({ value: '32.5', fee: '0.1625', received: '32.3375' });
});

test('the fee rounds up to the unit', () => {
  expect(exchangeQuote('0.00000001', '1', '0.5')).toEqual({ value: '0.00000001', fee: '0.00000001', received: '0' });
  expect(exchangeQuote('0.00000003', '1', '50')).toEqual({ value: '0.00000003', fee: '0.00000002', received: '0.00000001' });
});

test('no estimate for text that is not an amount', () => {
  expect(exchangeQuote('1.2.3', '65000', '0.5')).toBeNull();
  expect(exchangeQuote('0.000000001', '65000', '0.5')).toBeNull();
});

test('agrees with the server formula on any amount and rate', () => {
  const units = (max: bigint) => fc.bigInt({ min: 1n, max });
  fc.assert(
    fc.property(units(10n ** 14n), units(10n ** 14n), fc.bigInt({ min: 0n, max: 10n ** 9n }), (amount, rate, feeRate) => {
      const value = multiply(amount, rate);
      const fee = percentOf(value, feeRate, 'up');
      const quote = exchangeQuote(unitsToAmount(amount), unitsToAmount(rate), unitsToAmount(feeRate));
      expect(quote && [amountUnits(quote.value), amountUnits(quote.fee), quote.received]).toEqual([value, fee, unitsToAmount(value - fee)]);
    }),
  );
});
