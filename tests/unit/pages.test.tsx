/**
 * Smoke render of every page except login inside the real layout and route tree, with the
 * services mocked: each shows its title and a first view of its data, signed-in data is only
 * asked for when signed in, and loading and empty states show a skeleton and antd Empty.
 */
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, setScreenWidth } from './pages.harness';
import { setSignedIn } from './pages.umiMock';
import { accountApi, addressApi, authApi, mallApi, productApi, userApi } from '@/services';
import HomePage from '@/pages/Home';
import PowerProductsPage from '@/pages/Power';
import HoldingsPage from '@/pages/Holdings';
import FinanceProductsPage from '@/pages/Finance';
import OutputExchangePage from '@/pages/OutputExchange';
import ProductOrdersPage from '@/pages/ProductOrders';
import OutputCalculatorPage from '@/pages/OutputCalculator';
import MyPage from '@/pages/My';
import MyAddressPage from '@/pages/My/Address';
import MyAddressEditPage from '@/pages/My/Address/Edit';
import MyAssetsPage from '@/pages/My/Assets';
import MyDepositPage from '@/pages/My/Deposit';
import MyInvitePage from '@/pages/My/Invite';
import MyRecordsPage from '@/pages/My/Records';
import MySettingPage from '@/pages/My/Setting';
import PayPassPage from '@/pages/My/Setting/PayPass';
import MyTransferPage from '@/pages/My/Transfer';
import MyTransferHistoryPage from '@/pages/My/Transfer/History';
import ShoppingPage, { FIRST_SCREEN_GOODS } from '@/pages/Shopping';
import { GOODS } from './pages.fixtures';
import GoodsPage from '@/pages/Shopping/Goods';
import OrderListPage from '@/pages/Shopping/Order';
import OrderDetailsPage from '@/pages/Shopping/OrderDetails';
import OrderLogisticsPage from '@/pages/Shopping/OrderLogistics';

// antd renders are heavy in jsdom; a busy CI machine needs more than jest's default 5 s
jest.setTimeout(120_000);

jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());

configure({ defaultHidden: true });

const PAGES = {
  './Home': HomePage,
  './Power': PowerProductsPage,
  './Holdings': HoldingsPage,
  './Finance': FinanceProductsPage,
  './OutputExchange': OutputExchangePage,
  './ProductOrders': ProductOrdersPage,
  './OutputCalculator': OutputCalculatorPage,
  './My': MyPage,
  './My/Address': MyAddressPage,
  './My/Address/Edit': MyAddressEditPage,
  './My/Assets': MyAssetsPage,
  './My/Deposit': MyDepositPage,
  './My/Invite': MyInvitePage,
  './My/Records': MyRecordsPage,
  './My/Setting': MySettingPage,
  './My/Setting/PayPass': PayPassPage,
  './My/Transfer': MyTransferPage,
  './My/Transfer/History': MyTransferHistoryPage,
  './Shopping': ShoppingPage,
  './Shopping/Goods': GoodsPage,
  './Shopping/Order': OrderListPage,
  './Shopping/OrderDetails': OrderDetailsPage,
  './Shopping/OrderLogistics': OrderLogisticsPage,
};

/** [path, title, texts of its data that must appear] */
const CASES: Array<[string, string, string[]]> = [
  ['/', '首页', ['新人专享理财 年化 12%', '系统维护公告', '12,345.6789', 'S19 XP 比特币算力', 'USDT 稳健 30 天']],
  ['/calculate', '算力产品', ['S19 XP 比特币算力', '1,234.5 USDT', '剩余 800 TH/s']],
  ['/calculate/coin', '理财产品', ['USDT 稳健 30 天', '8.5', '1,000,000 USDT']],
  ['/calculate/assets', '我的持仓', ['5,000', '0.000425 BTC']],
  ['/calculate/exchange', '产出兑换', ['0.0003 BTC', '3.861 USDT']],
  ['/calculate/unknown', '收益计算器', ['S19 XP 比特币算力 (BTC)', '180 天']],
  ['/calculate/history', '订单记录', ['S19 XP 比特币算力', '12,345 USDT', '2026-01-02 ~ 2026-07-01']],
  ['/my', '我的', ['0x1234…5678', '100001', 'PF8K2Q', '12,345.67']],
  ['/my/assets', '我的资产', ['USDT', 'BTC', '10,000', '2,340.00 USDT']],
  ['/my/deposit', '充值', ['0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432', '10 USDT', '+500 USDT']],
  ['/my/transfer', '转账', ['10,000', 'UID 100777']],
  ['/my/transfer/history', '转账记录', ['UID 100777', '-250 USDT']],
  ['/my/records', '资金明细', ['充值', '+500 USDT', '余额 10,500 USDT']],
  ['/my/setting', '设置', ['支付密码', '已设置', '登录设备', '当前设备', 'Windows 电脑 · Chrome', 'iPhone · imToken', 'IP 198.51.100.20', '最近使用 2026-01-04 21:30:00', '退出其他设备']],
  ['/my/setting/pay-pass', '支付密码', ['已设置', '连续输错 5 次将锁定 15 分钟。']],
  ['/my/invite', '邀请好友', ['PF8K2Q', 'https://powerfi.example/login?invite=PF8K2Q', '88.25', '0xabcd…1234']],
  ['/my/address', '收货地址', ['王小明', '广东省 深圳市 南山区 科技园 1 号', '默认']],
  ['/my/address/add', '新增地址', ['收货人', '详细地址']],
  ['/shopping', '商城', ['矿机散热风扇', '矿机配件', '25.5 USDT']],
  ['/shopping/goods/3', '商品详情', ['矿机散热风扇', '12cm 标准款', '静音、耐用']],
  ['/shopping/order/3', '我的订单', ['矿机散热风扇', 'PF202601060001', '待收货']],
  ['/shopping/order_details/3/9', '订单详情', ['PF202601060001', '王小明', '51 USDT', '2026-01-07 10:00:00']],
  ['/shopping/order_logistics/9', '物流信息', ['SF1234567890', '顺丰速运', '快件已到达深圳转运中心']],
];

function renderPage(path: string) {
  return renderApp(path, PAGES);
}

beforeEach(() => {
  jest.clearAllMocks();
  setSignedIn(true);
  setScreenWidth(1280);
});

describe.each(CASES)('%s', (path, title, texts) => {
  it(`shows its title ${title} in the layout and a first view of its data`, async () => {
    renderPage(path);
    expect(screen.getByTestId('top-nav')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: title }).length).toBeGreaterThan(0);
    for (const text of texts) {
      // page text, wherever antd splits it into elements (Statistic renders integer and decimals apart)
      await waitFor(() => expect(document.body.textContent).toContain(text));
    }
  });
});

describe('page behaviour', () => {
  it('the address edit page loads the address into the shared form', async () => {
    renderPage('/my/address/edit/5');
    expect(screen.getAllByRole('heading', { name: '编辑地址' }).length).toBeGreaterThan(0);
    expect(await screen.findByDisplayValue('王小明')).toBeInTheDocument();
    expect(addressApi.get).toHaveBeenCalledWith('5');
  });

  it("/shopping loads the first screenful of covers with the page, the rest when they scroll near", async () => {
    const many = Array.from({ length: FIRST_SCREEN_GOODS + 2 }, (_, i) => ({ ...GOODS.list[0], id: String(10 + i), title: `商品 ${i + 1}` }));
    jest.mocked(mallApi.goods).mockResolvedValueOnce({ ...GOODS, list: many });
    renderPage('/shopping');
    await screen.findByAltText(`商品 ${many.length}`);
    const loading = many.map((goods) => screen.getByAltText(goods.title).getAttribute('loading'));
    expect(loading).toEqual(many.map((_, i) => (i < FIRST_SCREEN_GOODS ? 'eager' : 'lazy')));
  });

  it('the order list asks for the tab type of its address and offers all six tabs', async () => {
    renderPage('/shopping/order/3');
    await screen.findByText('PF202601060001', { exact: false });
    expect(mallApi.orders).toHaveBeenCalledWith(expect.objectContaining({ type: 3, page: 1 }));
    const tabs = document.querySelectorAll('.ant-tabs-tab');
    expect(Array.from(tabs).map((tab) => tab.textContent)).toEqual(['全部', '待付款', '待发货', '待收货', '已完成', '已取消']);
  });

  it('the home page asks for no signed-in data when signed out and offers sign-in instead', async () => {
    setSignedIn(false);
    renderPage('/');
    expect(await screen.findByText('登录后查看您的资产与收益')).toBeInTheDocument();
    expect(accountApi.account).not.toHaveBeenCalled();
    expect(productApi.power).toHaveBeenCalled();
  });

  it('a signed-in page asks for nothing while signed out', async () => {
    setSignedIn(false);
    renderPage('/my/assets');
    await waitFor(() => expect(accountApi.productTitle).toHaveBeenCalled());
    expect(accountApi.account).not.toHaveBeenCalled();
  });

  it('shows a skeleton while loading, then antd Empty when a list has nothing', async () => {
    let answer: (value: unknown) => void = () => {};
    (productApi.power as jest.Mock).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderPage('/calculate');
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    answer({ list: [], total: 0, page: 1, pageSize: 20 });
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(document.querySelector('.ant-empty')).not.toBeNull();
  });

  it('hides small balances on demand, comparing decimal strings without floats', async () => {
    renderPage('/my/assets');
    expect(await screen.findByTestId('balance-ETH')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: '隐藏小额资产' }));
    expect(screen.queryByTestId('balance-ETH')).not.toBeInTheDocument();
    expect(screen.getByTestId('balance-BTC')).toBeInTheDocument();
  });

  it('the records filter reloads the ledger entries of the chosen type', async () => {
    renderPage('/my/records');
    await screen.findByText('10,500', { exact: false });
    fireEvent.mouseDown(document.querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByText('转账转入', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(userApi.walletDetails).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'transfer_in', page: 1 })),
    );
  });

  // found by text and class, not by role: role queries compute antd's styles, seconds each in jsdom
  // a centred dialog: a popover beside the button at the right edge of a phone was cut off
  const confirmDialog = async () => {
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('.ant-modal-wrap.ant-modal-centered .ant-modal-confirm .ant-btn-primary');
      if (!button) throw new Error('no confirmation open');
      return button;
    });
    fireEvent.click(ok);
  };

  it('the setting page signs out another device after a confirmation, on a 375 px phone', async () => {
    setScreenWidth(375);
    renderPage('/my/setting');
    const other = (await screen.findByText('iPhone · imToken')).closest('[data-testid="session"]') as HTMLElement;
    expect(other.textContent).not.toContain('当前设备');
    fireEvent.click(other.querySelector('button')!);
    expect(await screen.findByText('确定让这台设备退出登录吗？', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(authApi.endSession).not.toHaveBeenCalled();
    await confirmDialog();
    await waitFor(() => expect(authApi.endSession).toHaveBeenCalledWith({ id: 'oth2' }));
    await waitFor(() => expect(authApi.sessions).toHaveBeenCalledTimes(2));
  });

  it('the setting page signs out every other device after a confirmation', async () => {
    renderPage('/my/setting');
    fireEvent.click((await screen.findByText('退出其他设备')).closest('button')!);
    expect(await screen.findByText('确定让除当前设备外的所有设备退出登录吗？', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    await confirmDialog();
    await waitFor(() => expect(authApi.endOtherSessions).toHaveBeenCalledTimes(1));
    expect(authApi.endSession).not.toHaveBeenCalled();
  });
});
