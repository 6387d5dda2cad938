/** Every currency of the currency table is named in each interface language (泰达币 / 泰達幣 / Tether). */
import { CURRENCIES } from '@/constants/currency';
import enUS from '@/locales/en-US/market';
import zhCN from '@/locales/zh-CN/market';
import zhTW from '@/locales/zh-TW/market';

const MESSAGES: Record<string, Record<string, string>> = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS };

describe('currency names', () => {
  it.each(Object.keys(MESSAGES))('%s names every currency', (locale) => {
    expect(CURRENCIES.filter((c) => !MESSAGES[locale][`currency.name.${c.code}`]).map((c) => c.code)).toEqual([]);
  });

  it('zh-CN keeps the table\'s names; zh-TW and en-US have their own', () => {
    expect(CURRENCIES.map((c) => zhCN[`currency.name.${c.code}` as keyof typeof zhCN])).toEqual(CURRENCIES.map((c) => c.text));
    expect([zhTW['currency.name.USDT'], zhTW['currency.name.BTC'], zhTW['currency.name.ETH']]).toEqual(['泰達幣', '比特幣', '以太坊']);
    expect([enUS['currency.name.USDT'], enUS['currency.name.BTC'], enUS['currency.name.ETH']]).toEqual(['Tether', 'Bitcoin', 'Ethereum']);
  });
});
