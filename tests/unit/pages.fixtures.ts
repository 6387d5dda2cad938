/**
 * Realistic service answers for the page tests, typed by the contract, and a stand-in for
 * '@/services' whose functions are jest mocks resolving to them.
 */
import type { NotificationType } from '../../contract/notification';
import type { AccountOverviewType, ConvertQuoteType, ConvertResponseType, PowerDetailType, PowerExchangeRecordType, PowerBillType, RechargeResponseType, TransferOptionsType, TransferRecordType } from '../../contract/account';
import type { AddressType } from '../../contract/address';
import type { SessionViewType } from '../../contract/auth';
import type { PageOf } from '../../contract/common';
import type { ContentLinkType } from '../../contract/content';
import type { InviteDetailsType, InviteeType } from '../../contract/invite';
import type { MarketPriceType, MarketPricesType } from '../../contract/market';
import type { GoodsDetailType, GoodsListType, LogisticsType, MallOrderType } from '../../contract/mall';
import type { FinanceCensusType, FinanceOrderType, FinanceProductType, PowerOrderType, PowerProductType } from '../../contract/product';
import type { WalletEntryType } from '../../contract/user';

export function page<T>(list: T[]): PageOf<T> {
  return { list, total: list.length, page: 1, pageSize: 20 };
}

export const LINKS: ContentLinkType[] = [
  { id: '1', type: 'banner', title: '新人专享理财 年化 12%', content: '', url: '/calculate/coin', image: '', sort: 1 },
  { id: '2', type: 'notice', title: '系统维护公告', content: '周六凌晨维护 30 分钟', url: '', image: '', sort: 2 },
];

export const POWER_PRODUCT: PowerProductType = {
  id: '11', title: 'S19 XP 比特币算力', coin: 'BTC', unit: 'TH/s', pricePerUnit: '1234.5', termDays: 180,
  dailyOutputPerUnit: '0.00000085', electricityFeePerUnit: '0.00000012', managementFeeRate: '5', stock: 800, sold: 200,
  minUnits: 1, saleStart: '2026-01-01 00:00:00', saleEnd: '2026-12-31 23:59:59', status: 'on_sale',
};

export const FINANCE_PRODUCT: FinanceProductType = {
  id: '21', title: 'USDT 稳健 30 天', currency: 'USDT', annualRate: '8.5', lockDays: 30, minAmount: '100',
  maxAmount: '50000', quota: '1000000', sold: '250000', status: 'on_sale',
};

export const ACCOUNT: AccountOverviewType = {
  totalUsdt: '12345.6789',
  totalPartial: false,
  balances: [
    { currency: 'USDT', available: '10000', frozen: '0', priceUsdt: '1', valueUsdt: '10000', priceAt: null, priceDemo: false },
    { currency: 'BTC', available: '0.05', frozen: '0.01', priceUsdt: '39000', valueUsdt: '2340', priceAt: '2026-01-05 08:00:00', priceDemo: false },
    { currency: 'ETH', available: '0.0001', frozen: '0', priceUsdt: '2000', valueUsdt: '0.2', priceAt: '2026-01-05 08:00:00', priceDemo: false },
  ],
};

/** 48 half-hour points, the oldest first: BTC rising to its price now */
const SPARKLINE = Array.from({ length: 48 }, (_, i) => String(38000 + i * 20));

export const MARKET_BTC: MarketPriceType = {
  currency: 'BTC', price: '39000', usable: true, reason: null, takenAt: '2026-01-05 08:00:00', ageSeconds: 3, change24h: '2.50', demo: false, sparkline: SPARKLINE,
};

export const MARKET: MarketPricesType = {
  prices: [
    MARKET_BTC,
    { ...MARKET_BTC, currency: 'ETH', price: '2000', change24h: '-1.25', ageSeconds: 5, sparkline: SPARKLINE.map((_, i) => String(2100 - i)) },
    { ...MARKET_BTC, currency: 'FIL', price: '4.5', change24h: '0.00', ageSeconds: 0, sparkline: SPARKLINE.map(() => '4.5') },
  ],
};

export const POWER_DETAIL: PowerDetailType = {
  coins: [{ coin: 'BTC', unit: 'TH/s', hashrate: '10', outputYesterday: '0.0000085', outputTotal: '0.000425', available: '0.0003' }],
};

export const EXCHANGE_RECORD: PowerExchangeRecordType = {
  id: '31', coin: 'BTC', amount: '0.0001', rate: '39000', fee: '0.039', received: '3.861', createdAt: '2026-02-01 10:00:00',
};

export const CENSUS: FinanceCensusType = {
  currency: 'USDT', principalHeld: '5000', earnedYesterday: '1.16438356', earnedTotal: '34.93', activeOrders: 2,
};

export const POWER_ORDER: PowerOrderType = {
  id: '41', productId: '11', title: 'S19 XP 比特币算力', coin: 'BTC', unit: 'TH/s', units: 10, amountUsdt: '12345',
  startDate: '2026-01-02', endDate: '2026-07-01', outputTotal: '0.000425', status: 'active', createdAt: '2026-01-01 12:00:00',
};

export const FINANCE_ORDER: FinanceOrderType = {
  id: '42', productId: '21', title: 'USDT 稳健 30 天', currency: 'USDT', principal: '5000', annualRate: '8.5', lockDays: 30,
  startDate: '2026-01-02', maturityDate: '2026-02-01', interestEarned: '34.93', status: 'active', createdAt: '2026-01-01 12:00:00',
};

export const BILL: PowerBillType = { id: '43', orderId: '41', day: '2026-01-20', coin: 'BTC', gross: '0.0000085', fee: '0.0000016', electricityFee: '0.0000012', managementFee: '0.0000004', net: '0.0000069' };

export const RECHARGE: RechargeResponseType = {
  networks: [{ network: 'TRC20', currency: 'USDT', address: '0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432', minDeposit: '10', confirmations: 20 }],
  records: page([
    { id: '51', network: 'TRC20', currency: 'USDT', amount: '500', txHash: '0xabc123', status: 'credited', createdAt: '2026-01-05 08:00:00' },
  ]),
};

export const TRANSFER_OPTIONS: TransferOptionsType = {
  currencies: [{ currency: 'USDT', fee: '1', minAmount: '10', available: '10000' }],
  recentRecipients: [{ uid: '100777', address: '0x00000000000000000000000000000000000000aa' }],
};

export const TRANSFER: TransferRecordType = {
  id: '61', direction: 'out', counterpartyUid: '100777', counterpartyAddress: '0x00000000000000000000000000000000000000aa',
  currency: 'USDT', amount: '250', fee: '1', status: 'success', createdAt: '2026-01-06 09:00:00',
};

export const WALLET_ENTRY: WalletEntryType = {
  id: '71', type: 'deposit', currency: 'USDT', amount: '500', balanceAfter: '10500', remark: 'TRC20', createdAt: '2026-01-05 08:00:00',
};

export const INVITE: InviteDetailsType = {
  code: 'PF8K2Q', link: 'https://powerfi.example/login?invite=PF8K2Q', inviteeCount: 3, commissionYesterday: '1.5',
  commissionTotal: '88.25', commissionRate: '5', currency: 'USDT', inviter: null,
};

export const INVITEE: InviteeType = { uid: '100888', address: '0xabcd…1234', joinedAt: '2026-01-10 10:10:10', commission: '12.5' };

export const ADDRESS: AddressType = {
  id: '5', receiver: '王小明', phone: '13800138000', region: { province: '广东省', city: '深圳市', district: '南山区' },
  detail: '科技园 1 号', isDefault: true, createdAt: '2026-01-01 00:00:00',
};

export const GOODS: GoodsListType = {
  ...page([{ id: '3', categoryId: '1', title: '矿机散热风扇', cover: '/cover.png', price: '25.5', sales: 120 }]),
  categories: [{ id: '1', name: '矿机配件' }],
};

export const GOODS_DETAIL: GoodsDetailType = {
  id: '3', categoryId: '1', title: '矿机散热风扇', cover: '/cover.png', price: '25.5', sales: 120,
  images: ['/a.png'], description: '静音、耐用', skus: [{ id: '301', name: '12cm 标准款', price: '25.5', stock: 40 }],
};

const { createdAt: _addressCreatedAt, ...ORDER_ADDRESS } = ADDRESS;

export const ORDER: MallOrderType = {
  id: '9', orderNo: 'PF202601060001', status: 'shipped', goodsId: '3', skuId: '301', title: '矿机散热风扇', skuName: '12cm 标准款',
  cover: '/cover.png', price: '25.5', quantity: 2, total: '51', address: ORDER_ADDRESS,
  actions: ['confirm', 'logistics'], createdAt: '2026-01-06 09:00:00', payDeadline: null, paidAt: '2026-01-06 09:05:00',
  shippedAt: '2026-01-07 10:00:00', completedAt: null, cancelledAt: null,
};

export const LOGISTICS: LogisticsType = {
  orderId: '9', carrier: '顺丰速运', trackingNo: 'SF1234567890', state: 'in_transit',
  traces: [{ time: '2026-01-07 18:00:00', text: '快件已到达深圳转运中心', location: '深圳' }],
};

export const CONVERT: ConvertResponseType = {
  pairs: [
    { from: 'USDT', to: 'BTC', rate: '0.00001', unavailable: null, priceAt: '2026-01-05 08:00:00', priceAgeSeconds: 3, demo: false, feeRate: '0.2', minAmount: '10', maxAmount: '100000' },
    { from: 'BTC', to: 'USDT', rate: '100000', unavailable: null, priceAt: '2026-01-05 08:00:00', priceAgeSeconds: 3, demo: false, feeRate: '0.2', minAmount: '0.0002', maxAmount: '2' },
  ],
  records: page([{ id: '7', from: 'USDT', to: 'BTC', amount: '100', rate: '0.00001', fee: '0.000002', received: '0.000998', createdAt: '2026-01-05 08:00:00' }]),
};

export const CONVERT_QUOTE: ConvertQuoteType = {
  quoteId: 'q-1', from: 'USDT', to: 'BTC', amount: '100', rate: '0.00001', fee: '0.000002', received: '0.000998',
  expiresAt: '2026-01-05 08:00:30', expiresInSeconds: 30,
};

const resolved = <T>(value: T) => jest.fn(async () => value);

export const SESSIONS: SessionViewType[] = [
  { id: 'cur1', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36', ip: '203.0.113.7', createdAt: '2026-01-05 09:00:00', lastUsedAt: '2026-01-06 10:00:00', current: true },
  { id: 'oth2', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) imToken/2.14', ip: '198.51.100.20', createdAt: '2026-01-01 08:00:00', lastUsedAt: '2026-01-04 21:30:00', current: false },
];

/** the message centre: a deposit credited (unread), an order shipped (unread), a sign-in (read) */
export const NOTICES: NotificationType[] = [
  { id: '903', kind: 'deposit.credited', payload: { depositId: '41', coin: 'USDT', amount: '88.5', network: 'ERC20' }, createdAt: '2026-01-07 10:30:00', read: false },
  { id: '902', kind: 'mall.shipped', payload: { orderId: '7', orderNo: 'M20260107001' }, createdAt: '2026-01-07 09:00:00', read: false },
  { id: '901', kind: 'signin.new', payload: {}, createdAt: '2026-01-06 08:00:00', read: true },
];

export function mockServices() {
  return {
    accountApi: {
      account: resolved(ACCOUNT),
      productTitle: resolved({ id: '10000', title: 'USDT', currency: 'USDT' }),
      recharge: resolved(RECHARGE),
      transferOptions: resolved(TRANSFER_OPTIONS),
      transferRecipient: resolved({ maskedAddress: '0x52…9EE7' }),
      transfers: resolved(page([TRANSFER])),
      transferCreate: resolved(TRANSFER),
      convert: resolved(CONVERT),
      convertQuote: resolved(CONVERT_QUOTE),
      convertCreate: resolved(CONVERT.records.list[0]),
      exchange: resolved(page([EXCHANGE_RECORD])),
      powerDetail: resolved(POWER_DETAIL),
      powerBill: resolved(page([BILL])),
    },
    productApi: {
      power: resolved(page([POWER_PRODUCT])),
      finance: resolved(page([FINANCE_PRODUCT])),
      powerOrders: resolved(page([POWER_ORDER])),
      financeOrders: resolved(page([FINANCE_ORDER])),
      financeCensus: resolved(CENSUS),
    },
    contentApi: { link: resolved(LINKS) },
    marketApi: { prices: resolved(MARKET) },
    authApi: { sessions: resolved(SESSIONS), endSession: resolved(null), endOtherSessions: resolved({ ended: 1 }) },
    userApi: { walletDetails: resolved(page([WALLET_ENTRY])), payPass: resolved({ hasPayPassword: true }), payPassReset: resolved({ hasPayPassword: true, withdrawHeldUntil: '2026-01-03 04:05:06' }) },
    inviteApi: { details: resolved(INVITE), invitees: resolved(page([INVITEE])) },
    addressApi: { list: resolved(page([ADDRESS])), get: resolved(ADDRESS), create: resolved(ADDRESS), update: resolved(ADDRESS) },
    notificationApi: { list: resolved(page(NOTICES)), unreadCount: resolved({ unread: 2 }), markRead: resolved(null), markAllRead: resolved({ unread: 0 }) },
    mallApi: {
      goods: resolved(GOODS),
      goodsDetail: resolved(GOODS_DETAIL),
      orders: resolved(page([ORDER])),
      orderDetail: resolved(ORDER),
      logistics: resolved(LOGISTICS),
    },
  };
}
