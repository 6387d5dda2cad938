/**
 * The seeded catalogue's texts (contract/seed/catalogue.ts, written in zh-CN) in the other
 * interface languages, keyed by the zh-CN text. The server seeds them into its translations table;
 * the mocks look them up the same way. A text missing here (a size such as "XL") reads the same in
 * every language.
 */
export type TranslatedLocale = 'zh-TW' | 'en-US';

export const SEED_TRANSLATIONS: Record<string, Record<TranslatedLocale, string>> = {
  // content: banners, notices, links
  '新人专享算力': { 'zh-TW': '新人專享算力', 'en-US': 'Hash power for new users' },
  '首次购买 BTC 云算力，次日开始产出，每日结算到账。': { 'zh-TW': '首次購買 BTC 雲算力，次日開始產出，每日結算到帳。', 'en-US': 'Buy BTC cloud hash power for the first time: output starts the next day and is settled daily.' },
  '稳盈宝 年化 8%': { 'zh-TW': '穩盈寶 年化 8%', 'en-US': 'Steady Saver, 8% a year' },
  'USDT 理财，30 天锁定期，到期本息自动返还。': { 'zh-TW': 'USDT 理財，30 天鎖定期，到期本息自動返還。', 'en-US': 'USDT savings with a 30-day lock; principal and interest return automatically at maturity.' },
  '邀请好友赚佣金': { 'zh-TW': '邀請好友賺佣金', 'en-US': 'Invite friends, earn commission' },
  '好友购买算力或理财，您即可获得佣金奖励。': { 'zh-TW': '好友購買算力或理財，您即可獲得佣金獎勵。', 'en-US': 'Earn a commission when your friends buy hash power or savings products.' },
  '平台上线公告': { 'zh-TW': '平台上線公告', 'en-US': 'PowerFi is live' },
  'PowerFi 正式上线，支持钱包一键登录、算力购买、理财与商城购物。': { 'zh-TW': 'PowerFi 正式上線，支援錢包一鍵登入、算力購買、理財與商城購物。', 'en-US': 'PowerFi is now live: one-tap wallet sign-in, hash power, savings and the mall.' },
  '每日结算时间说明': { 'zh-TW': '每日結算時間說明', 'en-US': 'When daily settlement runs' },
  '算力产出与理财收益每日 00:30（UTC+8）结算，结算完成后可在资产页查看。': { 'zh-TW': '算力產出與理財收益每日 00:30（UTC+8）結算，結算完成後可在資產頁查看。', 'en-US': 'Hash power output and savings interest are settled daily at 00:30 (UTC+8); see them on the assets page once settled.' },
  '安全提醒': { 'zh-TW': '安全提醒', 'en-US': 'Security reminder' },
  '平台不会以任何理由索取您的助记词或私钥，请谨防诈骗。': { 'zh-TW': '平台不會以任何理由索取您的助記詞或私鑰，請謹防詐騙。', 'en-US': 'PowerFi will never ask for your recovery phrase or private key. Beware of scams.' },
  '算力市场': { 'zh-TW': '算力市場', 'en-US': 'Hash power market' },
  '购买 BTC、ETH、FIL 云算力': { 'zh-TW': '購買 BTC、ETH、FIL 雲算力', 'en-US': 'Buy BTC, ETH and FIL cloud hash power' },
  '理财产品': { 'zh-TW': '理財產品', 'en-US': 'Savings products' },
  'USDT 定期理财': { 'zh-TW': 'USDT 定期理財', 'en-US': 'USDT fixed-term savings' },
  '收益计算器': { 'zh-TW': '收益計算器', 'en-US': 'Earnings calculator' },
  '估算产出、费用与回本天数': { 'zh-TW': '估算產出、費用與回本天數', 'en-US': 'Estimate output, fees and days to break even' },
  '积分商城': { 'zh-TW': '積分商城', 'en-US': 'Mall' },
  '使用 USDT 余额购物': { 'zh-TW': '使用 USDT 餘額購物', 'en-US': 'Shop with your USDT balance' },

  // power (算力) and finance (理财) products
  'BTC 云算力 · S21 矿机 360 天': { 'zh-TW': 'BTC 雲算力 · S21 礦機 360 天', 'en-US': 'BTC cloud hash power · S21 miner, 360 days' },
  'BTC 云算力 · 180 天体验': { 'zh-TW': 'BTC 雲算力 · 180 天體驗', 'en-US': 'BTC cloud hash power · 180-day trial' },
  'ETH 算力 · 90 天': { 'zh-TW': 'ETH 算力 · 90 天', 'en-US': 'ETH hash power · 90 days' },
  'FIL 存储算力 · 540 天': { 'zh-TW': 'FIL 儲存算力 · 540 天', 'en-US': 'FIL storage power · 540 days' },
  '稳盈宝 7 天': { 'zh-TW': '穩盈寶 7 天', 'en-US': 'Steady Saver 7 days' },
  '稳盈宝 30 天': { 'zh-TW': '穩盈寶 30 天', 'en-US': 'Steady Saver 30 days' },
  '季季盈 90 天': { 'zh-TW': '季季盈 90 天', 'en-US': 'Quarterly Gain 90 days' },
  '半年享 180 天': { 'zh-TW': '半年享 180 天', 'en-US': 'Half-Year Plus 180 days' },

  // mall categories
  '数码周边': { 'zh-TW': '數碼周邊', 'en-US': 'Digital accessories' },
  '矿机配件': { 'zh-TW': '礦機配件', 'en-US': 'Miner parts' },
  '生活好物': { 'zh-TW': '生活好物', 'en-US': 'Everyday goods' },
  '品牌周边': { 'zh-TW': '品牌周邊', 'en-US': 'PowerFi merchandise' },

  // mall goods: titles and descriptions
  '硬件冷钱包 Pro': { 'zh-TW': '硬體冷錢包 Pro', 'en-US': 'Hardware cold wallet Pro' },
  '离线签名，支持 BTC、ETH 等主流公链，蓝牙与 USB-C 双连接。': { 'zh-TW': '離線簽名，支援 BTC、ETH 等主流公鏈，藍牙與 USB-C 雙連接。', 'en-US': 'Offline signing for BTC, ETH and other major chains; Bluetooth and USB-C.' },
  '矿机静音散热风扇': { 'zh-TW': '礦機靜音散熱風扇', 'en-US': 'Quiet miner cooling fan' },
  '12cm 工业级风扇，低噪音高风量，适配主流矿机。': { 'zh-TW': '12cm 工業級風扇，低噪音高風量，適配主流礦機。', 'en-US': '12 cm industrial fan: low noise, high airflow, fits common miners.' },
  '矿机服务器电源 2000W': { 'zh-TW': '礦機伺服器電源 2000W', 'en-US': 'Miner server power supply 2000W' },
  '80 PLUS 铂金认证，转换效率 94%，过压过流保护。': { 'zh-TW': '80 PLUS 白金認證，轉換效率 94%，過壓過流保護。', 'en-US': '80 PLUS Platinum, 94% efficiency, over-voltage and over-current protection.' },
  '磁吸无线充电宝 10000mAh': { 'zh-TW': '磁吸無線行動電源 10000mAh', 'en-US': 'Magnetic wireless power bank 10000mAh' },
  '15W 磁吸快充，轻薄机身，出行必备。': { 'zh-TW': '15W 磁吸快充，輕薄機身，出行必備。', 'en-US': '15 W magnetic fast charging in a slim body, made for travel.' },
  '87 键机械键盘': { 'zh-TW': '87 鍵機械鍵盤', 'en-US': '87-key mechanical keyboard' },
  '热插拔轴体，RGB 背光，三模连接。': { 'zh-TW': '熱插拔軸體，RGB 背光，三模連接。', 'en-US': 'Hot-swappable switches, RGB backlight, three connection modes.' },
  '主动降噪蓝牙耳机': { 'zh-TW': '主動降噪藍牙耳機', 'en-US': 'Noise-cancelling Bluetooth earphones' },
  '40dB 深度降噪，30 小时续航。': { 'zh-TW': '40dB 深度降噪，30 小時續航。', 'en-US': '40 dB noise cancelling, 30 hours of battery life.' },
  '真空保温杯 500ml': { 'zh-TW': '真空保溫杯 500ml', 'en-US': 'Vacuum flask 500ml' },
  '316 不锈钢内胆，12 小时保温。': { 'zh-TW': '316 不鏽鋼內膽，12 小時保溫。', 'en-US': '316 stainless steel inner wall, keeps warm for 12 hours.' },
  'PowerFi 纪念 T 恤': { 'zh-TW': 'PowerFi 紀念 T 恤', 'en-US': 'PowerFi T-shirt' },
  '100% 精梳棉，经典蓝色标志印花。': { 'zh-TW': '100% 精梳棉，經典藍色標誌印花。', 'en-US': '100% combed cotton with the classic blue logo print.' },

  // mall SKUs (specifications)
  '曜石黑': { 'zh-TW': '曜石黑', 'en-US': 'Obsidian black' },
  '冰川白': { 'zh-TW': '冰川白', 'en-US': 'Glacier white' },
  '限量金': { 'zh-TW': '限量金', 'en-US': 'Limited gold' },
  '12cm 单只': { 'zh-TW': '12cm 單只', 'en-US': '12 cm, single' },
  '12cm 四只装': { 'zh-TW': '12cm 四只裝', 'en-US': '12 cm, pack of four' },
  '标准版': { 'zh-TW': '標準版', 'en-US': 'Standard' },
  '月光白': { 'zh-TW': '月光白', 'en-US': 'Moonlight white' },
  '深空黑': { 'zh-TW': '深空黑', 'en-US': 'Space black' },
  '青轴': { 'zh-TW': '青軸', 'en-US': 'Blue switches' },
  '红轴': { 'zh-TW': '紅軸', 'en-US': 'Red switches' },
  '星空蓝': { 'zh-TW': '星空藍', 'en-US': 'Starry blue' },
  '樱花粉': { 'zh-TW': '櫻花粉', 'en-US': 'Sakura pink' },
};

/** `text` (a seeded zh-CN text) in `locale`; itself in zh-CN or where it has no translation. */
export function seedText(text: string, locale: string): string {
  return locale === 'zh-TW' || locale === 'en-US' ? (SEED_TRANSLATIONS[text]?.[locale] ?? text) : text;
}
