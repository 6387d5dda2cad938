/**
 * /calculate/history's order tabs: each lists its orders with their own fields and the creation
 * time, and the status filter reloads that tab's orders with the chosen status.
 */
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, setScreenWidth } from './pages.harness';
import { setSignedIn } from './pages.umiMock';
import { productApi } from '@/services';
import ProductOrdersPage from '@/pages/ProductOrders';

jest.setTimeout(120_000);

jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());

configure({ defaultHidden: true });

function renderHistory() {
  renderApp('/calculate/history', { './ProductOrders': ProductOrdersPage });
}

/** The label → value pairs of the listed order (FieldList's terms and their values). */
function fieldsShown(): Record<string, string> {
  const labels = Array.from(document.querySelectorAll('.ant-tabs-tabpane-active dt'));
  return Object.fromEntries(labels.map((label) => [label.textContent, label.nextElementSibling?.textContent]));
}

async function chooseStatus(label: string) {
  fireEvent.mouseDown(document.querySelector('.ant-tabs-tabpane-active .ant-select-selector')!);
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
}

beforeEach(() => {
  jest.clearAllMocks();
  setSignedIn(true);
  setScreenWidth(1280);
});

it('the power orders tab shows units, payment, output, period and creation time of each order', async () => {
  renderHistory();
  await screen.findByText('S19 XP 比特币算力');
  expect(fieldsShown()).toEqual({
    购买数量: '10 TH/s',
    支付金额: '12,345 USDT',
    累计产出: '0.000425 BTC',
    周期: '2026-01-02 ~ 2026-07-01',
    创建时间: '2026-01-01 12:00:00',
  });
  expect(screen.getByText('进行中')).toBeInTheDocument();
});

it('the power orders status filter reloads the orders of that status', async () => {
  renderHistory();
  await screen.findByText('S19 XP 比特币算力');
  expect(productApi.powerOrders).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, count: false, status: undefined });
  await chooseStatus('已结束');
  await waitFor(() => expect(productApi.powerOrders).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, count: false, status: 'ended' }));
});

it('the finance orders tab shows principal, rate, interest, period and creation time, filtered by status', async () => {
  renderHistory();
  fireEvent.click(await screen.findByRole('tab', { name: '理财订单' }));
  await screen.findByText('USDT 稳健 30 天');
  expect(fieldsShown()).toEqual({
    本金: '5,000 USDT',
    预期年化: '8.5%',
    已得收益: '34.93 USDT',
    周期: '2026-01-02 ~ 2026-02-01',
    创建时间: '2026-01-01 12:00:00',
  });
  await chooseStatus('待生效');
  await waitFor(() => expect(productApi.financeOrders).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, count: false, status: 'pending' }));
});
