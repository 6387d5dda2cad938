/**
 * What a new PowerFi installation offers, in the mocks: prices, products, goods, home-page
 * content. The rule tables (fees, minimums, limits) are the server's: contract/rules/. Created fresh by `createCatalog()` so tests can start over.
 */
import type { ConvertPairType } from '../contract/account';
import type { ContentLinkType } from '../contract/content';
import type { GoodsCategoryType, GoodsDetailType } from '../contract/mall';
import type { FinanceProductType, PowerProductType } from '../contract/product';
import { fromUnits, ratio, toUnits } from '../contract/rules/money';
import { CONVERT_FEE_RATE, CONVERT_LIMITS, CONVERT_PAIRS } from '../contract/rules/wallet';
import { timestamp, daysFromNow } from './_time';

/** Price of one unit in USDT. */
const PRICES_USDT: Record<string, string> = {
  USDT: '1', BTC: '67250.5', ETH: '3480.2', LTC: '84.6', FIL: '4.86', KAS: '0.148',
};

export function priceUsdt(currency: string): bigint {
  return toUnits(PRICES_USDT[currency] ?? '0');
}

/** The conversion pairs of contract/rules/wallet.ts at today's prices, as the server lists them. */
export function convertPairs(): ConvertPairType[] {
  return CONVERT_PAIRS.map(({ from, to }) => ({
    from,
    to,
    rate: fromUnits(ratio(priceUsdt(from), priceUsdt(to), 'down')),
    feeRate: CONVERT_FEE_RATE,
    minAmount: CONVERT_LIMITS[from].minAmount,
    maxAmount: CONVERT_LIMITS[from].maxAmount,
  }));
}

/** A self-contained picture (SVG data URI), so covers show without any image host. */
function picture(text: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="${color}"/>`
    + `<text x="300" y="310" font-size="44" fill="#fff" text-anchor="middle" font-family="sans-serif">${text}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function powerProduct(p: Omit<PowerProductType, 'saleStart' | 'saleEnd' | 'status' | 'minUnits'> & { minUnits?: number; upcoming?: boolean }): PowerProductType {
  const { upcoming, minUnits = 1, ...rest } = p;
  return {
    ...rest,
    minUnits,
    saleStart: timestamp(daysFromNow(upcoming ? 3 : -30).startOf('day')),
    saleEnd: timestamp(daysFromNow(upcoming ? 63 : 60).endOf('day')),
    status: upcoming ? 'upcoming' : p.stock === 0 ? 'sold_out' : 'on_sale',
  };
}

function goods(
  id: string, categoryId: string, title: string, color: string, sales: number, description: string,
  skus: Array<[string, string, string, number]>,
): GoodsDetailType {
  const cover = picture(title.slice(0, 8), color);
  const prices = skus.map(([, , price]) => toUnits(price));
  const lowest = prices.reduce((a, b) => (b < a ? b : a));
  return {
    id, categoryId, title, cover, price: fromUnits(lowest), sales, description,
    images: [cover, picture('实拍细节', color), picture('包装清单', color)],
    skus: skus.map(([skuId, name, price, stock]) => ({ id: skuId, name, price, stock })),
  };
}

export function createCatalog() {
  const powerProducts: PowerProductType[] = [
    powerProduct({ id: '20001', title: 'BTC 云算力 · 蚂蚁 S21 · 180天', coin: 'BTC', unit: 'TH/s', pricePerUnit: '25', termDays: 180, dailyOutputPerUnit: '0.00000085', electricityFeePerUnit: '0.00000021', managementFeeRate: '5', stock: 5000, sold: 1260 }),
    powerProduct({ id: '20002', title: 'BTC 云算力 · S19 XP · 90天', coin: 'BTC', unit: 'TH/s', pricePerUnit: '18', termDays: 90, dailyOutputPerUnit: '0.00000078', electricityFeePerUnit: '0.00000026', managementFeeRate: '5', stock: 3000, sold: 2210 }),
    powerProduct({ id: '20003', title: 'LTC 合并挖矿 · L7 · 120天', coin: 'LTC', unit: 'MH/s', pricePerUnit: '0.9', termDays: 120, dailyOutputPerUnit: '0.0000022', electricityFeePerUnit: '0.0000006', managementFeeRate: '8', stock: 80000, sold: 15300, minUnits: 100 }),
    powerProduct({ id: '20004', title: 'FIL 存储算力 · 540天', coin: 'FIL', unit: 'TiB', pricePerUnit: '32', termDays: 540, dailyOutputPerUnit: '0.0021', electricityFeePerUnit: '0', managementFeeRate: '10', stock: 900, sold: 412 }),
    powerProduct({ id: '20005', title: 'KAS 云算力 · KS5 Pro 首发 · 360天', coin: 'KAS', unit: 'TH/s', pricePerUnit: '120', termDays: 360, dailyOutputPerUnit: '2.1', electricityFeePerUnit: '0.4', managementFeeRate: '5', stock: 600, sold: 0, upcoming: true }),
    powerProduct({ id: '20006', title: 'BTC 云算力 · S19j Pro 限量 · 60天', coin: 'BTC', unit: 'TH/s', pricePerUnit: '12', termDays: 60, dailyOutputPerUnit: '0.00000070', electricityFeePerUnit: '0.00000027', managementFeeRate: '5', stock: 0, sold: 1000 }),
  ];
  const financeProducts: FinanceProductType[] = [
    { id: '30001', title: '新人专享 · 3天', currency: 'USDT', annualRate: '12', lockDays: 3, minAmount: '50', maxAmount: '1000', quota: '100000', sold: '23150', status: 'on_sale' },
    { id: '30002', title: '稳健宝 · 7天', currency: 'USDT', annualRate: '4.5', lockDays: 7, minAmount: '100', maxAmount: '50000', quota: '1000000', sold: '356800', status: 'on_sale' },
    { id: '30003', title: '定期宝 · 30天', currency: 'USDT', annualRate: '6.8', lockDays: 30, minAmount: '500', maxAmount: '100000', quota: '2000000', sold: '1254000', status: 'on_sale' },
    { id: '30004', title: '高收益 · 90天', currency: 'USDT', annualRate: '9.2', lockDays: 90, minAmount: '1000', maxAmount: '200000', quota: '500000', sold: '500000', status: 'sold_out' },
  ];
  const categories: GoodsCategoryType[] = [
    { id: '40001', name: '矿机配件' }, { id: '40002', name: '数码' }, { id: '40003', name: '家居' },
  ];
  const goodsList: GoodsDetailType[] = [
    goods('50001', '40001', '蚂蚁矿机 APW17 电源', '#0066f5', 320, '适配 S21/S19 系列，转换效率 94%，原厂全新，保修 12 个月。', [['60001', '标准版', '189', 42], ['60002', '增强版', '239', 18]]),
    goods('50002', '40001', '矿场静音风扇 12038', '#2f54eb', 1280, '双滚珠轴承，6000 转可调速，噪音降低 30%。', [['60003', '单只', '12.5', 500], ['60004', '四只装', '45', 120]]),
    goods('50003', '40002', '冷钱包 Pro 硬件钱包', '#13c2c2', 865, '离线签名，支持 BTC、ETH 及 EVM 链资产，蓝牙 + USB-C。', [['60005', '石墨黑', '129', 60], ['60006', '冰川白', '129', 35]]),
    goods('50004', '40003', '智能插座 功率计量版', '#52c41a', 2140, '实时功率与电量统计，适合家庭矿机用电管理。', [['60007', '单只', '19.9', 300]]),
    goods('50005', '40002', '降噪蓝牙耳机', '#722ed1', 540, '主动降噪，续航 30 小时，支持多设备切换。', [['60008', '标准版', '59', 80], ['60009', '旗舰版', '99', 3]]),
    goods('50006', '40003', '人体工学椅', '#fa8c16', 96, '可调头枕与腰托，4D 扶手，承重 150 kg。', [['60010', '灰色', '169', 12], ['60011', '黑色', '169', 0]]),
  ];
  const content: ContentLinkType[] = [
    { id: '70001', type: 'banner', title: '新人专享理财 年化 12%', content: '注册即可认购，3 天到期，本息自动返还。', url: '/calculate/coin', image: picture('新人专享 12%', '#0066f5'), sort: 1 },
    { id: '70002', type: 'banner', title: 'BTC 云算力 S21 热销中', content: '每 TH/s 仅 25 USDT，次日开始产出。', url: '/calculate', image: picture('S21 云算力', '#1d39c4'), sort: 2 },
    { id: '70003', type: 'banner', title: '邀请好友 赚 5% 佣金', content: '好友每次购买，你都获得 5% USDT 佣金。', url: '/my/invite', image: picture('邀请有礼', '#fa541c'), sort: 3 },
    { id: '70004', type: 'notice', title: '关于 BTC 算力产出调整的公告', content: '受全网难度上调影响，自本周起 BTC 云算力预估日产出下调约 3%，以实际结算为准。', url: '/calculate', image: '', sort: 1 },
    { id: '70005', type: 'notice', title: '系统维护通知', content: '每周三 02:00–03:00 进行例行维护，期间充值到账可能延迟。', url: '/', image: '', sort: 2 },
    { id: '70006', type: 'link', title: '收益计算器', content: '估算算力产出与回本周期', url: '/calculate/unknown', image: '', sort: 1 },
    { id: '70007', type: 'link', title: '充值', content: '多网络 USDT 充值', url: '/my/deposit', image: '', sort: 2 },
    { id: '70008', type: 'link', title: '商城', content: '矿机配件与数码好物', url: '/shopping', image: '', sort: 3 },
  ];
  return { powerProducts, financeProducts, categories, goods: goodsList, content };
}

