/**
 * The buy sheets show the available balance of the currency paid with and open the agreement's
 * text (agreeing there ticks the box, whose whole row is the target); 产出兑换 says it spends
 * mining output only and links to 币币兑换 (held coin), which /my/assets opens from that link.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { renderApp } from './pages.harness';
import { appState, setSignedIn, TEST_USER } from './pages.umiMock';
import { accountApi } from '@/services';
import PowerProductsPage from '@/pages/Power';
import FinanceProductsPage from '@/pages/Finance';
import OutputExchangePage from '@/pages/OutputExchange';
import MyAssetsPage from '@/pages/My/Assets';

jest.setTimeout(120_000);
jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());

const PAGES = {
  './Power': PowerProductsPage,
  './Finance': FinanceProductsPage,
  './OutputExchange': OutputExchangePage,
  './My/Assets': MyAssetsPage,
};
const SLOW = { timeout: 20_000 };

// antd's styles out of the document: jsdom computes them slowly for every drawer and dialog
const detachedStyles = document.createElement('div');
const StylesOutOfDocument = ({ children }: { children?: unknown }) => <StyleProvider container={detachedStyles}>{children as never}</StyleProvider>;
const open = (path: string) => renderApp(path, PAGES, { wrapper: StylesOutOfDocument });

beforeEach(() => {
  jest.clearAllMocks();
  setSignedIn(true);
  appState.user = { ...TEST_USER, hasPayPassword: true };
});

async function openSheet(path: string, buy: string, title: string): Promise<HTMLElement> {
  open(path);
  fireEvent.click((await screen.findByText(buy, { selector: 'button span' }, SLOW)).closest('button')!);
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title', exact: false }, SLOW);
  return heading.closest('.ant-drawer-content') as HTMLElement;
}

describe('the buy sheets', () => {
  it.each([
    ['the power sheet', '/calculate', '立即购买', '购买算力', 'USDT'],
    ['the finance sheet', '/calculate/coin', '立即认购', '认购理财', 'USDT'],
  ])('%s shows the available balance with its currency', async (_, path, buy, title, currency) => {
    const sheet = await openSheet(path, buy, title);
    await waitFor(() => expect(within(sheet).getByTestId('pay-available')).toHaveTextContent(`可用余额 10,000 ${currency}`), SLOW);
    expect(accountApi.account).toHaveBeenCalledWith({ currency });
  });

  it('opens the agreement’s text, and agreeing there ticks the box', async () => {
    const sheet = await openSheet('/calculate', '立即购买', '购买算力');
    const checkbox = within(sheet).getByRole('checkbox') as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
    fireEvent.click(within(sheet).getByText('阅读《算力与理财服务协议》'));
    const text = await screen.findByTestId('agreement-text', undefined, SLOW);
    expect(text).toHaveTextContent('算力产出为预估值');
    expect(text.closest('.ant-modal-content')).toHaveTextContent('算力与理财服务协议');
    fireEvent.click(screen.getByText('我已阅读并同意', { selector: 'button span' }));
    await waitFor(() => expect(checkbox.checked).toBe(true), SLOW);
  });

  it('ticks the box from anywhere on its 44 px row', async () => {
    const sheet = await openSheet('/calculate', '立即购买', '购买算力');
    const row = within(sheet).getByRole('checkbox').closest('label') as HTMLElement;
    expect(row.style.minHeight).toBe('44px');
    expect(row.style.width).toBe('100%');
    fireEvent.click(within(row).getByText('我已阅读并同意《算力与理财服务协议》，了解收益为预估值'));
    await waitFor(() => expect((within(sheet).getByRole('checkbox') as HTMLInputElement).checked).toBe(true), SLOW);
  });
});

describe('two conversions, two names', () => {
  it('产出兑换 says only mining output is spent there and links to 币币兑换', async () => {
    open('/calculate/exchange');
    const notice = await screen.findByTestId('exchange-only-output', undefined, SLOW);
    expect(notice).toHaveTextContent('这里只能把算力挖矿的产出兑换为 USDT');
    expect(within(notice).getByText('去币币兑换').closest('a')).toHaveAttribute('href', '/my/assets?convert=1');
    expect(screen.getAllByText('可兑换产出').length).toBeGreaterThan(0);
  });

  it('/my/assets calls its conversion 币币兑换 and opens it from that link', async () => {
    open('/my/assets?convert=1');
    expect(await screen.findByText('币币兑换', { selector: '.ant-drawer-title' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('币币兑换', { selector: 'button span' })).toBeInTheDocument();
    expect(screen.getByText('币币兑换记录')).toBeInTheDocument();
  });
});
