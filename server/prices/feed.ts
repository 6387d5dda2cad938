/**
 * One poll of the price feed: every source of every currency that has sources is read at once;
 * the currency's price is the median of the fresh answers, usable only when at least
 * PRICE_MIN_SOURCES are fresh and all lie within PRICE_MAX_DEVIATION_PERCENT of the median
 * (contract/rules/prices.ts `agree`). Each currency's poll is recorded as a snapshot, usable or
 * not, with every source's answer, so an auditor can replay what was agreed and why.
 */
import type { Db } from '../db';
import { fromUnits } from '../../contract/rules/money';
import { agree } from '../../contract/rules/prices';
import type { PriceConfig } from './config';
import { readSource, type ChainReaders } from './sources';
import { recordSnapshot, type SourceRecord } from './store';

export interface PollResult {
  currency: string;
  usable: boolean;
  price: bigint | null;
  reason: string | null;
  sources: SourceRecord[];
}

export async function pollPrices(db: Db, config: PriceConfig, chain: ChainReaders, now: () => number, signal: AbortSignal): Promise<PollResult[]> {
  const results: PollResult[] = [];
  await Promise.all(
    Object.entries(config.sources).map(async ([currency, sources]) => {
      const readings = await Promise.all(sources.map((source) => readSource(source, { timeoutMs: config.sourceTimeoutMs, maxAgeMs: config.maxAgeMs, now, signal, chain })));
      const answers = readings.map((reading, i) => ({ source: sources[i].label, price: 'price' in reading ? reading.price : null, error: 'error' in reading ? reading.error : undefined }));
      const agreement = agree(answers, { minSources: config.minSources, maxDeviation: config.maxDeviation });
      const records: SourceRecord[] = answers.map((a) => ({ source: a.source, price: a.price === null ? null : fromUnits(a.price), ...(a.error ? { error: a.error } : {}) }));
      const reason = agreement.usable ? null : agreement.reason;
      if (signal.aborted) throw signal.reason;
      await recordSnapshot(db, { currency, price: agreement.price, usable: agreement.usable, reason, sources: records, takenAt: now() });
      results.push({ currency, usable: agreement.usable, price: agreement.price, reason, sources: records });
    }),
  );
  return results;
}
