/**
 * The home page's market draws the prices' rows in a transition (src/pages/Home/components/
 * MarketOverview.tsx): React renders them in slices of about 5 ms and lets the browser run between
 * them, where an answer drawn at once was one task of every row's first render. Each row's
 * sparkline is made slow here (8 ms), and the first one sets a timer as it renders: in slices, the
 * timer runs before the last row renders; in one task, after all of them.
 */
import { act } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { MARKET } from './pages.fixtures';
import ZhCnIntl from './pages.intl';

jest.mock('@/services', () => require('./pages.fixtures').mockServices());
jest.mock('@/hooks/useMarketPrices', () => ({ useMarketPrices: jest.fn() }));
jest.mock('@/pages/Home/components/Sparkline', () => ({
  __esModule: true,
  default: ({ label }: { label: string }) => {
    const events = (globalThis as unknown as { sparklineEvents: string[] }).sparklineEvents;
    const until = performance.now() + 8;
    while (performance.now() < until) {
      // the row's first render: its sparkline, its coin, its price
    }
    if (!events.includes('row')) setTimeout(() => events.push('timer'), 0);
    events.push('row');
    return <svg aria-label={label} />;
  },
}));

// required after the mocks are set up (babel hoists jest.mock above imports, but not above these)
const { useMarketPrices } = jest.requireMock('@/hooks/useMarketPrices') as { useMarketPrices: jest.Mock };
const MarketOverview = (jest.requireActual('@/pages/Home/components/MarketOverview') as { default: () => JSX.Element }).default;

const events: string[] = [];
(globalThis as unknown as { sparklineEvents: string[] }).sparklineEvents = events;

const LOADING = { byCurrency: new Map(), list: [], receivedAt: 0, loading: true };
const ANSWERED = { byCurrency: new Map(MARKET.prices.map((price) => [price.currency, price])), list: MARKET.prices, receivedAt: Date.now(), loading: false };

test('the prices answering draw the rows in slices: a timer set by the first row runs before the last row renders', async () => {
  expect(MARKET.prices.length).toBeGreaterThanOrEqual(3);
  useMarketPrices.mockReturnValue(LOADING);
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(<ZhCnIntl><MarketOverview /></ZhCnIntl>));
  expect(container.querySelector('[data-testid="market-loading"]')).not.toBeNull();

  useMarketPrices.mockReturnValue(ANSWERED);
  // an update outside act and outside a transition, as an answer's arrives
  (globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  try {
    root.render(<ZhCnIntl><MarketOverview /></ZhCnIntl>);
    while (events.filter((event) => event === 'row').length < MARKET.prices.length || !events.includes('timer')) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    (globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  }
  expect(events.indexOf('timer')).toBeGreaterThan(0);
  expect(events.indexOf('timer')).toBeLessThan(MARKET.prices.length);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(container.querySelectorAll('[data-testid^="market-"]:not([data-testid="market-overview"])')).toHaveLength(MARKET.prices.length);
  act(() => root.unmount());
});
