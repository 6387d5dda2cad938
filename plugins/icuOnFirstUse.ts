/**
 * A first screen formats no number or date through Intl, yet two modules under Umi's react-intl
 * called into ICU while the app started, and the first call loads ICU's locale data: 120–300 ms at
 * 4× CPU when intl-messageformat 7 sets `IntlMessageFormat.defaultLocale` as it loads (with
 * `new Intl.NumberFormat().resolvedOptions().locale`, a value react-intl never reads: it always
 * passes its locale), and 50–280 ms when react-intl's `createIntl` asks
 * `Intl.NumberFormat.supportedLocalesOf(locale)` and the same of DateTimeFormat, only to report
 * missing locale data to an `onError` that does nothing in a production build. In `max build` the
 * browser's bundle gets both as ICU calls made on first use (plugins/icuOnFirstUseLoader.ts).
 */
import type { IApi } from '@umijs/max';
import { ICU_ON_FIRST_USE_LOADER, INTL_PROVIDER, MESSAGE_FORMAT_CORE } from './icuOnFirstUseLoader';

export default (api: IApi) => {
  api.describe({ key: 'icuOnFirstUse' });
  if (api.env !== 'production') return;
  api.chainWebpack((memo) => {
    memo.module.rule('icu-on-first-use').test([MESSAGE_FORMAT_CORE, INTL_PROVIDER]).use('icu-on-first-use').loader(ICU_ON_FIRST_USE_LOADER);
    return memo;
  });
};
