/**
 * Market prices on the pages (docs/prices.md): /my/assets shows each coin's price with its age counting
 * up and its 24-hour change, 演示行情 for the demo feed, 暂无行情 for a balance without a usable
 * price and a note when the total leaves such balances out; the home page draws each coin's last
 * 24 hours (skeleton while loading, nothing when the prices could not be had); the calculator
 * starts from the market's price and says when it was taken.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accountApi, marketApi, productApi } from '@/services';
import HomePage from '@/pages/Home';
import OutputCalculatorPage from '@/pages/OutputCalculator';
import MyPage from '@/pages/My';
import MyAssetsPage from '@/pages/My/Assets';
import { ACCOUNT, MARKET, MARKET_BTC, page, POWER_PRODUCT } from './pages.fixtures';
import { renderApp, setScreenWidth } from './pages.harness';
import { setSignedIn } from './pages.umiMock';

jest.setTimeout(120_000);
jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());

const PAGES = { './Home': HomePage, './OutputCalculator': OutputCalculatorPage, './My': MyPage, './My/Assets': MyAssetsPage };
const SLOW = { timeout: 15_000 };

/** FIL held but without a usable price now: its price went stale */
// (no imported types in this file: with jest.mock, babel sees it before its types are stripped)
const FIL_STALE = { ...MARKET_BTC, currency: 'FIL', price: '4.5', usable: false, reason: 'stale' as const, ageSeconds: 75, change24h: null, demo: false };
const WITH_FIL = {
  ...ACCOUNT,
  totalPartial: true,
  balances: [
    ...ACCOUNT.balances,
    { currency: 'FIL', available: '12', frozen: '0', priceUsdt: null, valueUsdt: null, priceAt: null, priceDemo: false },
  ],
};
// a local copy to name the type by (see above); the underscore: used only as a type
const _A_PRICE = MARKET.prices[0];
const marketWith = (...prices: Array<typeof FIL_STALE | typeof _A_PRICE>) => ({ prices: MARKET.prices.map((p) => prices.find((q) => q.currency === p.currency) ?? p) });

beforeEach(() => {
  jest.clearAllMocks();
  setSignedIn(true);
  setScreenWidth(375);
  (marketApi.prices as jest.Mock).mockResolvedValue(MARKET);
  (accountApi.account as jest.Mock).mockResolvedValue(ACCOUNT);
  (productApi.power as jest.Mock).mockResolvedValue(page([POWER_PRODUCT]));
});

describe('/my/assets', () => {
  it('shows each coin’s price with its age counting up and its 24-hour change, signed and coloured; USDT has none', async () => {
    renderApp('/my/assets', PAGES);
    const btc = await screen.findByTestId('price-BTC', undefined, SLOW);
    expect(btc).toHaveTextContent('39,000.00 USDT');
    expect(btc).toHaveTextContent('24h +2.50%');
    expect(within(btc).getByTestId('price-change').querySelector('.ant-typography-success')).not.toBeNull();
    expect(within(btc).getByTestId('price-age')).toHaveTextContent(/更新于 [34] 秒前/);
    const eth = screen.getByTestId('price-ETH');
    expect(eth).toHaveTextContent('24h -1.25%');
    expect(within(eth).getByTestId('price-change').querySelector('.ant-typography-danger')).not.toBeNull();
    expect(within(screen.getByTestId('balance-USDT')).queryByTestId('price-age')).toBeNull();
    expect(screen.getByTestId('value-BTC')).toHaveTextContent('≈ 2,340.00 USDT');
    expect(screen.queryByTestId('assets-total-partial')).toBeNull();
    // real prices carry no 演示行情
    expect(screen.queryByText('演示行情')).toBeNull();
    // the age counts up by itself, without asking again
    await waitFor(() => expect(within(screen.getByTestId('price-BTC')).getByTestId('price-age')).toHaveTextContent(/更新于 [5-9] 秒前/), SLOW);
    expect(marketApi.prices).toHaveBeenCalledTimes(1);
  });

  it('labels the demo feed’s prices 演示行情, on their rows only', async () => {
    (marketApi.prices as jest.Mock).mockResolvedValue(marketWith({ ...MARKET_BTC, demo: true }));
    renderApp('/my/assets', PAGES);
    const btc = await screen.findByTestId('balance-BTC', undefined, SLOW);
    await waitFor(() => expect(within(btc).getByTestId('demo-price')).toHaveTextContent('演示行情'), SLOW);
    expect(within(screen.getByTestId('balance-ETH')).queryByTestId('demo-price')).toBeNull();
  });

  it('a balance without a usable price shows 暂无行情 and why, and the total says it leaves it out', async () => {
    (accountApi.account as jest.Mock).mockResolvedValue(WITH_FIL);
    (marketApi.prices as jest.Mock).mockResolvedValue(marketWith(FIL_STALE));
    renderApp('/my/assets', PAGES);
    expect(await screen.findByTestId('value-FIL', undefined, SLOW)).toHaveTextContent('暂无行情');
    expect(screen.getByTestId('value-FIL')).not.toHaveTextContent('≈');
    await waitFor(() => expect(screen.getByTestId('price-FIL')).toHaveTextContent('行情已过期'), SLOW);
    expect(within(screen.getByTestId('price-FIL')).queryByTestId('price-age')).toBeNull();
    expect(screen.getByTestId('assets-total-partial')).toHaveTextContent('部分资产暂无行情，未计入总资产');
    // it cannot be told small: hiding small balances keeps it (and hides ETH, worth 0.2 USDT)
    fireEvent.click(screen.getByRole('switch', { name: '隐藏小额资产' }));
    expect(screen.getByTestId('balance-FIL')).toBeInTheDocument();
    expect(screen.queryByTestId('balance-ETH')).toBeNull();
  });

  it('asks for the prices again every 10 s, and for the balances when a price becomes usable again', async () => {
    (accountApi.account as jest.Mock).mockResolvedValue(WITH_FIL);
    (marketApi.prices as jest.Mock).mockResolvedValue(marketWith(FIL_STALE));
    renderApp('/my/assets', PAGES);
    await waitFor(() => expect(screen.getByTestId('price-FIL')).toHaveTextContent('行情已过期'), SLOW);
    (marketApi.prices as jest.Mock).mockResolvedValue(MARKET);
    (accountApi.account as jest.Mock).mockResolvedValue({ ...WITH_FIL, totalPartial: false, balances: WITH_FIL.balances.map((b) => (b.currency === 'FIL' ? { ...b, priceUsdt: '4.5', valueUsdt: '54' } : b)) });
    await waitFor(() => expect(screen.getByTestId('price-FIL')).toHaveTextContent('4.5000 USDT'), { timeout: 20_000 });
    expect(marketApi.prices).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getByTestId('value-FIL')).toHaveTextContent('≈ 54.00 USDT'), SLOW);
    expect(accountApi.account).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('assets-total-partial')).toBeNull();
  });
});

describe('the other totals', () => {
  it.each(['/', '/my'])('%s says when its total leaves out balances without a price, and only then', async (path) => {
    (accountApi.account as jest.Mock).mockResolvedValue(WITH_FIL);
    const view = renderApp(path, PAGES);
    expect(await screen.findByTestId('assets-total-partial', undefined, SLOW)).toHaveTextContent('部分资产暂无行情，未计入总资产');
    view.unmount();
    (accountApi.account as jest.Mock).mockResolvedValue(ACCOUNT);
    renderApp(path, PAGES);
    await screen.findByText('12,345', { exact: false }, SLOW);
    expect(screen.queryByTestId('assets-total-partial')).toBeNull();
  });
});

describe('the home page', () => {
  it('draws each coin’s last 24 hours with its price, 24-hour change and 演示行情 when demo', async () => {
    (marketApi.prices as jest.Mock).mockResolvedValue(marketWith({ ...MARKET_BTC, demo: true }));
    renderApp('/', PAGES);
    const btc = await screen.findByTestId('market-BTC', undefined, SLOW);
    expect(btc).toHaveTextContent('39,000.00 USDT');
    expect(btc).toHaveTextContent('24h +2.50%');
    expect(btc).toHaveTextContent('演示行情');
    expect(within(btc).getByRole('img', { name: 'BTC 24 小时走势' }).querySelectorAll('polyline')).toHaveLength(1);
    const eth = screen.getByTestId('market-ETH');
    expect(eth).toHaveTextContent('24h -1.25%');
    expect(eth).not.toHaveTextContent('演示行情');
    expect(screen.getByTestId('market-FIL')).toHaveTextContent('4.5000 USDT');
  });

  it('leaves gaps where the history has no price, and says why a coin has no price now', async () => {
    const gappy = [...MARKET_BTC.sparkline.slice(0, 20), null, null, ...MARKET_BTC.sparkline.slice(22, 47), null];
    (marketApi.prices as jest.Mock).mockResolvedValue(marketWith({ ...FIL_STALE, sparkline: gappy }));
    renderApp('/', PAGES);
    const fil = await screen.findByTestId('market-FIL', undefined, SLOW);
    expect(fil).toHaveTextContent('行情已过期');
    expect(fil).not.toHaveTextContent('4.5');
    expect(within(fil).getByRole('img', { name: 'FIL 24 小时走势' }).querySelectorAll('polyline')).toHaveLength(2);
  });

  it('shows a skeleton while the prices load, then the rows in its place', async () => {
    let answer: (value: unknown) => void = () => {};
    (marketApi.prices as jest.Mock).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderApp('/', PAGES);
    expect(await screen.findByTestId('market-loading', undefined, SLOW)).toHaveAttribute('aria-busy', 'true');
    answer(MARKET);
    expect(await screen.findByTestId('market-BTC', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('market-loading')).toBeNull();
  });

  it('shows nothing of the market, and no error, when the prices could not be had', async () => {
    (marketApi.prices as jest.Mock).mockRejectedValue(new Error('offline'));
    renderApp('/', PAGES);
    expect(await screen.findByText('新人专享理财 年化 12%', undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(marketApi.prices).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('market-loading')).toBeNull(), SLOW);
    expect(screen.queryByTestId('market-overview')).toBeNull();
    expect(screen.queryByText('加载失败')).toBeNull();
  });
});

describe('the output calculator', () => {
  it('starts from the market’s price and says when it was taken, 演示行情 when demo; the user may type another and go back', async () => {
    (marketApi.prices as jest.Mock).mockResolvedValue(marketWith({ ...MARKET_BTC, price: '39000.5', takenAt: '2026-01-05 08:00:03', demo: true }));
    renderApp('/calculate/unknown', PAGES);
    const priceField = (await screen.findByLabelText('BTC 价格（USDT）', undefined, SLOW)) as HTMLInputElement;
    await waitFor(() => expect(priceField.value).toBe('39000.5'), SLOW);
    const note = screen.getByTestId('calc-price-note');
    expect(note).toHaveTextContent('行情价格，取于 08:00:03');
    expect(note).toHaveTextContent('演示行情');

    fireEvent.change(priceField, { target: { value: '41000' } });
    await waitFor(() => expect(screen.getByTestId('calc-price-note')).toHaveTextContent('自定义价格'), SLOW);
    expect(screen.getByTestId('calc-price-note')).not.toHaveTextContent('取于');
    fireEvent.click(screen.getByText('使用行情价格'));
    await waitFor(() => expect(priceField.value).toBe('39000.5'), SLOW);
    await waitFor(() => expect(screen.getByTestId('calc-price-note')).toHaveTextContent('行情价格，取于 08:00:03'), SLOW);
  });

  it.each([
    ['without a usable market price', () => (marketApi.prices as jest.Mock).mockResolvedValue(marketWith({ ...FIL_STALE, currency: 'BTC' }))],
    ['when the market’s prices could not be had', () => (marketApi.prices as jest.Mock).mockRejectedValue(new Error('offline'))],
  ])('%s the field starts empty and asks for a price; the estimate follows a typed one', async (_case, arrange) => {
    arrange();
    renderApp('/calculate/unknown', PAGES);
    const priceField = (await screen.findByLabelText('BTC 价格（USDT）', undefined, SLOW)) as HTMLInputElement;
    await waitFor(() => expect(screen.getByTestId('calc-price-note')).toHaveTextContent('暂无行情价格，请输入价格'), SLOW);
    expect(priceField.value).toBe('');
    expect(screen.queryByText('演示行情')).toBeNull();
    expect(screen.queryByText('加载失败')).toBeNull();
    fireEvent.change(priceField, { target: { value: '41000' } });
    await waitFor(() => expect(screen.getByTestId('calc-price-note')).toHaveTextContent('暂无行情价格'), SLOW);
    expect(await screen.findByText('预估结果', undefined, SLOW)).toBeInTheDocument();
  });
});
