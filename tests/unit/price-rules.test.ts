/**
 * contract/rules/prices.ts: agreeing on a price (median, minimum sources, deviation), the change
 * over a day, and the demo feed's walk (deterministic, bounded, moving).
 */
import { toUnits } from '../../contract/rules/money';
import { agree, changePercent, demoPrice, median, withinDeviation } from '../../contract/rules/prices';

const u = (amount: string) => toUnits(amount);
const answers = (...prices: Array<string | null>) => prices.map((price, i) => ({ source: `s${i}`, price: price === null ? null : u(price) }));
const rules = { minSources: 2, maxDeviation: u('1') };

describe('median', () => {
  it('is the middle of an odd count and the mean of the middle two of an even one, rounded down', () => {
    expect(median([u('3'), u('1'), u('2')])).toBe(u('2'));
    expect(median([u('1'), u('2')])).toBe(u('1.5'));
    expect(median([1n, 2n])).toBe(1n);
  });

  it('refuses no prices', () => {
    expect(() => median([])).toThrow('median of no prices');
  });
});

describe('withinDeviation', () => {
  it('allows exactly the deviation and refuses one unit more, either side', () => {
    expect(withinDeviation(u('101'), u('100'), u('1'))).toBe(true);
    expect(withinDeviation(u('99'), u('100'), u('1'))).toBe(true);
    expect(withinDeviation(u('101') + 1n, u('100'), u('1'))).toBe(false);
    expect(withinDeviation(u('99') - 1n, u('100'), u('1'))).toBe(false);
  });
});

describe('agree', () => {
  it('takes the median of the fresh sources when enough agree', () => {
    expect(agree(answers('2500', '2510', '2505'), rules)).toEqual({ usable: true, price: u('2505'), fresh: 3 });
  });

  it('leaves out a stale source and still agrees with the minimum', () => {
    expect(agree(answers('2500', null, '2510'), rules)).toEqual({ usable: true, price: u('2505'), fresh: 2 });
  });

  it('is not usable with fewer fresh sources than the minimum', () => {
    expect(agree(answers('2500', null, null), rules)).toEqual({ usable: false, reason: 'fewSources', price: u('2500'), fresh: 1 });
  });

  it('is stale when no source is fresh at all', () => {
    expect(agree(answers(null, null), rules)).toEqual({ usable: false, reason: 'stale', price: null, fresh: 0 });
    expect(agree([], { ...rules, minSources: 1 })).toMatchObject({ usable: false, reason: 'stale' });
  });

  it('is not usable when one fresh source lies outside the deviation of the median', () => {
    // median 2500; 2530 is 1.2 % away
    expect(agree(answers('2500', '2500', '2530'), rules)).toEqual({ usable: false, reason: 'disagree', price: u('2500'), fresh: 3 });
  });

  it('never counts a zero or negative answer as fresh', () => {
    expect(agree([{ source: 'a', price: 0n }, { source: 'b', price: -5n }, { source: 'c', price: u('1') }], rules)).toMatchObject({ usable: false, reason: 'fewSources', fresh: 1 });
  });
});

describe('changePercent', () => {
  it('gives a signed percentage with two decimals', () => {
    expect(changePercent(u('2000'), u('2050'))).toBe('2.50');
    expect(changePercent(u('2000'), u('1975'))).toBe('-1.25');
    expect(changePercent(u('2000'), u('2000'))).toBe('0.00');
  });

  it('is null without a base', () => {
    expect(changePercent(null, u('1'))).toBeNull();
    expect(changePercent(0n, u('1'))).toBeNull();
    expect(changePercent(u('1'), null)).toBeNull();
  });
});

describe('demoPrice', () => {
  const seed = u('3200');
  const day = Date.UTC(2026, 10, 26);

  it('is the same at the same moment (two processes, the mocks and a replay agree)', () => {
    expect(demoPrice('ETH', seed, day + 12_345)).toBe(demoPrice('ETH', seed, day + 12_345));
  });

  it('stays within 4 % of the seed price over two days, and moves', () => {
    const seen = new Set<bigint>();
    for (let t = day; t < day + 2 * 24 * 3600 * 1000; t += 97_000) {
      const price = demoPrice('ETH', seed, t);
      expect(withinDeviation(price, seed, u('4'))).toBe(true);
      seen.add(price);
    }
    expect(seen.size).toBeGreaterThan(1000);
  });

  it('moves little from one second to the next', () => {
    for (let t = day; t < day + 3600 * 1000; t += 1000) {
      expect(withinDeviation(demoPrice('BTC', u('65000'), t + 1000), demoPrice('BTC', u('65000'), t), u('0.05'))).toBe(true);
    }
  });
});
