/**
 * The market's display parts: the relative age (刚刚 / N 秒前 / N 分钟前) counting up each second
 * from the server's age, the signed and coloured 24-hour change, the decimals a price is shown
 * to, 演示行情, the sparkline's geometry (points, gaps, lone points, nothing without a price),
 * and the prices asked again every 10 s while the page is visible, not while it is hidden.
 */
import { act, render, renderHook, screen } from '@testing-library/react';
import DemoTag from '@/components/Market/DemoTag';
import PriceAge from '@/components/Market/PriceAge';
import PriceChange from '@/components/Market/PriceChange';
import { changeDirection, pricePlaces, reasonMessage, relativeAge } from '@/components/Market/format';
import { MARKET_POLL_MS, useMarketPrices } from '@/hooks/useMarketPrices';
import Sparkline, { sparklineGeometry } from '@/pages/Home/components/Sparkline';
import zhCN from '@/locales/zh-CN';
import zhTW from '@/locales/zh-TW';
import enUS from '@/locales/en-US';
import { marketApi } from '@/services';
import { MARKET } from './pages.fixtures';
import ZhCnIntl from './pages.intl';

jest.mock('@/services', () => require('./pages.fixtures').mockServices());

const fill = (template: string, values: Record<string, number> = {}) => template.replace(/\{(\w+)\}/g, (_, name) => String(values[name]));

describe('relativeAge', () => {
  it.each([
    [0, '刚刚', '剛剛', 'just now'],
    [2, '刚刚', '剛剛', 'just now'],
    [3, '3 秒前', '3 秒前', '3s ago'],
    [59, '59 秒前', '59 秒前', '59s ago'],
    [60, '1 分钟前', '1 分鐘前', '1 min ago'],
    [185, '3 分钟前', '3 分鐘前', '3 min ago'],
  ])('%i seconds: %s / %s / %s', (seconds, cn, tw, en) => {
    const { id, values } = relativeAge(seconds);
    expect([zhCN, zhTW, enUS].map((messages) => fill((messages as Record<string, string>)[id], values))).toEqual([cn, tw, en]);
  });
});

describe('pricePlaces, changeDirection and reasons', () => {
  it('shows 2 decimals from 1000, 4 from 1 and all below, comparing decimal strings', () => {
    expect(['65000.12345678', '1000', '999.99999999', '1', '0.99999999'].map(pricePlaces)).toEqual([2, 2, 4, 4, 8]);
  });

  it('reads the sign of a change without a float', () => {
    expect(['1.25', '-0.01', '0.00', '-0.00'].map(changeDirection)).toEqual(['up', 'down', 'flat', 'flat']);
  });

  it('names every reason in words, and a missing one as no price', () => {
    for (const reason of ['stale', 'disagree', 'fewSources', 'halted', 'noSource'] as const) expect(Object.keys(zhCN)).toContain(reasonMessage(reason));
    expect((zhCN as Record<string, string>)[reasonMessage(null)]).toBe('暂无行情');
  });
});

describe('PriceAge', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts up every second from the server’s age, from when the answer arrived', () => {
    const { rerender } = render(<PriceAge ageSeconds={3} receivedAt={Date.now()} />, { wrapper: ZhCnIntl });
    expect(screen.getByTestId('price-age')).toHaveTextContent('更新于 3 秒前');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByTestId('price-age')).toHaveTextContent('更新于 5 秒前');
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByTestId('price-age')).toHaveTextContent('更新于 1 分钟前');
    // a new answer starts again from its own age
    rerender(<PriceAge ageSeconds={0} receivedAt={Date.now()} />);
    expect(screen.getByTestId('price-age')).toHaveTextContent('更新于 刚刚');
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.getByTestId('price-age')).toHaveTextContent('更新于 4 秒前');
  });
});

describe('PriceChange and DemoTag', () => {
  it.each([
    ['2.50', '24h +2.50%', 'success'],
    ['-1.25', '24h -1.25%', 'danger'],
    ['0.00', '24h 0.00%', 'secondary'],
  ])('%s reads %s, coloured %s', (change, text, type) => {
    render(<PriceChange change={change} />, { wrapper: ZhCnIntl });
    const shown = screen.getByTestId('price-change');
    expect(shown).toHaveTextContent(text);
    expect(shown.querySelectorAll(`.ant-typography-${type}`)).toHaveLength(type === 'secondary' ? 2 : 1);
  });

  it('shows nothing without a change, and 演示行情 only for the demo feed', () => {
    const { container } = render(<><PriceChange change={null} /><DemoTag demo={false} /></>, { wrapper: ZhCnIntl });
    expect(container).toBeEmptyDOMElement();
    render(<DemoTag demo />, { wrapper: ZhCnIntl });
    expect(screen.getByTestId('demo-price')).toHaveTextContent('演示行情');
  });
});

describe('sparklineGeometry', () => {
  it('spreads the points over the width, the highest price at the top, the lowest at the bottom', () => {
    expect(sparklineGeometry(['1', '3', '2'], 100, 20, 0)).toEqual({ lines: ['0,20 50,0 100,10'], dots: [] });
  });

  it('leaves a gap at a null point, and draws a lone price between gaps as a dot', () => {
    expect(sparklineGeometry(['1', '2', null, '3', null, '1', '3'], 60, 20, 0)).toEqual({
      lines: ['0,20 10,10', '50,20 60,0'],
      dots: [{ x: 30, y: 0 }],
    });
  });

  it('keeps the inset free above and below, and draws a flat series through the middle', () => {
    expect(sparklineGeometry(['1', '2'], 10, 20, 2)!.lines).toEqual(['0,18 10,2']);
    expect(sparklineGeometry(['4.5', '4.5', '4.5'], 10, 20)!.lines).toEqual(['0,10 5,10 10,10']);
  });

  it('draws nothing for an empty series or one without a single price', () => {
    expect(sparklineGeometry([], 10, 20)).toBeNull();
    expect(sparklineGeometry([null, null], 10, 20)).toBeNull();
  });
});

describe('Sparkline', () => {
  it('is an SVG image named for screen readers, one polyline per run and a dot per lone price', () => {
    render(<Sparkline points={['1', '2', null, '3', null, '2', '1']} label="BTC 24 小时走势" color="rgb(1, 2, 3)" />);
    const svg = screen.getByRole('img', { name: 'BTC 24 小时走势' });
    const lines = svg.querySelectorAll('polyline');
    expect(lines).toHaveLength(2);
    expect(lines[0].getAttribute('stroke')).toBe('rgb(1, 2, 3)');
    expect(svg.querySelectorAll('circle')).toHaveLength(1);
  });

  it('renders nothing without a price', () => {
    const { container } = render(<Sparkline points={[null, null]} label="FIL" />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('useMarketPrices', () => {
  const setHidden = (hidden: boolean) => {
    Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
    // as browsers fire it: at the document, bubbling to the window (where ahooks listens)
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  };
  beforeEach(() => {
    jest.useFakeTimers();
    (marketApi.prices as jest.Mock).mockClear();
  });
  afterEach(() => {
    setHidden(false);
    jest.useRealTimers();
  });

  it('asks once, keeps each answer by currency with when it arrived, and again every 10 s while visible only', async () => {
    const { result } = renderHook(() => useMarketPrices());
    expect(result.current.loading).toBe(true);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(marketApi.prices).toHaveBeenCalledTimes(1);
    expect(marketApi.prices).toHaveBeenCalledWith({ skipErrorHandler: true });
    expect(result.current.loading).toBe(false);
    expect(result.current.byCurrency.get('ETH')).toEqual(MARKET.prices[1]);
    expect(result.current.receivedAt).toBe(Date.now());

    await act(async () => {
      await jest.advanceTimersByTimeAsync(MARKET_POLL_MS);
    });
    expect(marketApi.prices).toHaveBeenCalledTimes(2);

    act(() => setHidden(true));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(MARKET_POLL_MS * 3);
    });
    expect(marketApi.prices).toHaveBeenCalledTimes(2);
    // shown again: asked at once
    await act(async () => {
      setHidden(false);
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(marketApi.prices).toHaveBeenCalledTimes(3);
  });

  it('asks nothing until ready', async () => {
    renderHook(() => useMarketPrices({ ready: false }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(MARKET_POLL_MS * 2);
    });
    expect(marketApi.prices).not.toHaveBeenCalled();
  });
});
