/**
 * The catalogue a fresh PowerFi database starts with (amounts as decimal strings), seeded by
 * server/seed and served by the mocks alike, so an id or a link that works on one works on the
 * other. Ids are those the database assigns when seeding an empty database: each list numbered
 * from 1 in the order written here (SKUs across the goods, in order), account products as given.
 * The texts are zh-CN; ./translations.ts gives them in zh-TW and en-US.
 */
import { bannerPicture } from './pictures';

/** USDT per unit of each currency of the currency table, plus mined coins. */
export const PRICES_USDT: Record<string, string> = {
  USDT: '1', USD: '1', CNY: '0.1389', HKD: '0.1282', MYR: '0.2247', EUR: '1.087', GBP: '1.2658', JPY: '0.0066',
  SGD: '0.7407', AUD: '0.6623', THB: '0.0278', BTC: '65000', ETH: '3200', EOS: '0.55', BCH: '350', LTC: '72',
  XRP: '0.52', FIL: '4.5',
};

export const ACCOUNT_PRODUCTS = [
  { id: 10000n, title: 'USDT', currency: 'USDT' },
  { id: 10001n, title: 'BTC', currency: 'BTC' },
  { id: 10002n, title: 'ETH', currency: 'ETH' },
  { id: 10003n, title: 'FIL', currency: 'FIL' },
];

export const CONTENT_LINKS = [
  { type: 'banner', title: '新人专享算力', content: '首次购买 BTC 云算力，次日开始产出，每日结算到账。', url: '/calculate', image: bannerPicture('#0066f5', '#00b8ff') },
  { type: 'banner', title: '稳盈宝 年化 8%', content: 'USDT 理财，30 天锁定期，到期本息自动返还。', url: '/calculate/coin', image: bannerPicture('#5b3cc4', '#0066f5') },
  { type: 'banner', title: '邀请好友赚佣金', content: '好友购买算力或理财，您即可获得佣金奖励。', url: '/my/invite', image: bannerPicture('#ff7a45', '#ffb800') },
  { type: 'notice', title: '平台上线公告', content: 'PowerFi 正式上线，支持钱包一键登录、算力购买、理财与商城购物。', url: '/', image: '' },
  { type: 'notice', title: '每日结算时间说明', content: '算力产出与理财收益每日 00:30（UTC+8）结算，结算完成后可在资产页查看。', url: '/calculate/history', image: '' },
  { type: 'notice', title: '安全提醒', content: '平台不会以任何理由索取您的助记词或私钥，请谨防诈骗。', url: '/', image: '' },
  { type: 'link', title: '算力市场', content: '购买 BTC、ETH、FIL 云算力', url: '/calculate', image: '' },
  { type: 'link', title: '理财产品', content: 'USDT 定期理财', url: '/calculate/coin', image: '' },
  { type: 'link', title: '收益计算器', content: '估算产出、费用与回本天数', url: '/calculate/unknown', image: '' },
  { type: 'link', title: '积分商城', content: '使用 USDT 余额购物', url: '/shopping', image: '' },
] as const;

export interface PowerProductSeed {
  title: string; coin: string; unit: string; pricePerUnit: string; termDays: number; dailyOutputPerUnit: string;
  electricityFeePerUnit: string; managementFeeRate: string; stock: number; minUnits: number;
}

export const POWER_PRODUCTS: PowerProductSeed[] = [
  { title: 'BTC 云算力 · S21 矿机 360 天', coin: 'BTC', unit: 'TH/s', pricePerUnit: '12.8', termDays: 360, dailyOutputPerUnit: '0.00000062', electricityFeePerUnit: '0.00000023', managementFeeRate: '5', stock: 100000, minUnits: 1 },
  { title: 'BTC 云算力 · 180 天体验', coin: 'BTC', unit: 'TH/s', pricePerUnit: '7.2', termDays: 180, dailyOutputPerUnit: '0.00000062', electricityFeePerUnit: '0.00000023', managementFeeRate: '5', stock: 50000, minUnits: 1 },
  { title: 'ETH 算力 · 90 天', coin: 'ETH', unit: 'MH/s', pricePerUnit: '0.45', termDays: 90, dailyOutputPerUnit: '0.0000019', electricityFeePerUnit: '0.0000004', managementFeeRate: '5', stock: 500000, minUnits: 10 },
  { title: 'FIL 存储算力 · 540 天', coin: 'FIL', unit: 'TiB', pricePerUnit: '22', termDays: 540, dailyOutputPerUnit: '0.0095', electricityFeePerUnit: '0.0008', managementFeeRate: '8', stock: 20000, minUnits: 1 },
];

export interface FinanceProductSeed {
  title: string; currency: string; annualRate: string; lockDays: number; minAmount: string; maxAmount: string; quota: string;
}

export const FINANCE_PRODUCTS: FinanceProductSeed[] = [
  { title: '稳盈宝 7 天', currency: 'USDT', annualRate: '5.2', lockDays: 7, minAmount: '10', maxAmount: '5000', quota: '1000000' },
  { title: '稳盈宝 30 天', currency: 'USDT', annualRate: '8', lockDays: 30, minAmount: '100', maxAmount: '20000', quota: '2000000' },
  { title: '季季盈 90 天', currency: 'USDT', annualRate: '10.5', lockDays: 90, minAmount: '500', maxAmount: '50000', quota: '5000000' },
  { title: '半年享 180 天', currency: 'USDT', annualRate: '12', lockDays: 180, minAmount: '1000', maxAmount: '100000', quota: '5000000' },
];

export interface GoodsSeed {
  category: string; title: string; description: string; colors: [string, string]; sales: number;
  skus: Array<{ name: string; price: string; stock: number }>;
}

export const MALL_CATEGORIES = ['数码周边', '矿机配件', '生活好物', '品牌周边'];

export const MALL_GOODS: GoodsSeed[] = [
  { category: '数码周边', title: '硬件冷钱包 Pro', description: '离线签名，支持 BTC、ETH 等主流公链，蓝牙与 USB-C 双连接。', colors: ['#1f1f1f', '#595959'], sales: 1280,
    skus: [{ name: '曜石黑', price: '89', stock: 300 }, { name: '冰川白', price: '89', stock: 200 }, { name: '限量金', price: '129', stock: 50 }] },
  { category: '矿机配件', title: '矿机静音散热风扇', description: '12cm 工业级风扇，低噪音高风量，适配主流矿机。', colors: ['#13c2c2', '#006d75'], sales: 356,
    skus: [{ name: '12cm 单只', price: '15', stock: 500 }, { name: '12cm 四只装', price: '52', stock: 120 }] },
  { category: '矿机配件', title: '矿机服务器电源 2000W', description: '80 PLUS 铂金认证，转换效率 94%，过压过流保护。', colors: ['#2f54eb', '#061178'], sales: 97,
    skus: [{ name: '标准版', price: '85', stock: 80 }] },
  { category: '数码周边', title: '磁吸无线充电宝 10000mAh', description: '15W 磁吸快充，轻薄机身，出行必备。', colors: ['#722ed1', '#b37feb'], sales: 642,
    skus: [{ name: '月光白', price: '25', stock: 400 }, { name: '深空黑', price: '25', stock: 400 }] },
  { category: '数码周边', title: '87 键机械键盘', description: '热插拔轴体，RGB 背光，三模连接。', colors: ['#fa8c16', '#ad4e00'], sales: 233,
    skus: [{ name: '青轴', price: '59', stock: 150 }, { name: '红轴', price: '59', stock: 150 }] },
  { category: '数码周边', title: '主动降噪蓝牙耳机', description: '40dB 深度降噪，30 小时续航。', colors: ['#eb2f96', '#9e1068'], sales: 518,
    skus: [{ name: '标准版', price: '69', stock: 260 }] },
  { category: '生活好物', title: '真空保温杯 500ml', description: '316 不锈钢内胆，12 小时保温。', colors: ['#52c41a', '#237804'], sales: 880,
    skus: [{ name: '星空蓝', price: '16.8', stock: 600 }, { name: '樱花粉', price: '16.8', stock: 600 }] },
  { category: '品牌周边', title: 'PowerFi 纪念 T 恤', description: '100% 精梳棉，经典蓝色标志印花。', colors: ['#0066f5', '#003a8c'], sales: 412,
    skus: [{ name: 'S', price: '19.9', stock: 100 }, { name: 'M', price: '19.9', stock: 150 }, { name: 'L', price: '19.9', stock: 150 }, { name: 'XL', price: '19.9', stock: 100 }] },
];

/** The id the seeded database gives the item at `index` (0-based) of one of the lists above. */
export const seededId = (index: number): string => String(index + 1);
