/**
 * The market's prices (GET /market/prices, public), asked again every MARKET_POLL_MS while the page
 * is visible (ahooks pauses polling while it is hidden and asks again once it is shown). Each
 * answer keeps when it arrived, so an age counts up from the server's `ageSeconds` without any
 * agreement between the two clocks (components/Market/PriceAge).
 */
import { useRequest } from 'ahooks';
import { useMemo } from 'react';
import type { MarketPriceType } from '../../contract/market';
import { marketApi } from '@/services';

export const MARKET_POLL_MS = 10_000;

export interface MarketPrices {
  /** by currency code; empty until the first answer */
  byCurrency: ReadonlyMap<string, MarketPriceType>;
  list: MarketPriceType[];
  /** Date.now() when the answer arrived */
  receivedAt: number;
  loading: boolean;
  error?: Error;
}

export function useMarketPrices({ ready = true }: { ready?: boolean } = {}): MarketPrices {
  const { data, loading, error } = useRequest(
    async () => ({ prices: (await marketApi.prices({ skipErrorHandler: true })).prices, receivedAt: Date.now() }),
    // a failed poll is quiet: the last prices stay, with their age counting up
    { ready, pollingInterval: MARKET_POLL_MS, pollingWhenHidden: false, onError: () => undefined },
  );
  return useMemo(() => {
    const list = data?.prices ?? [];
    return { byCurrency: new Map(list.map((price) => [price.currency, price])), list, receivedAt: data?.receivedAt ?? 0, loading: loading && !data, error: data ? undefined : error };
  }, [data, loading, error]);
}
