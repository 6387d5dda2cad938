/**
 * intl-messageformat 7 (under Umi's react-intl) sets `IntlMessageFormat.defaultLocale` when its
 * module loads, with `new Intl.NumberFormat().resolvedOptions().locale`. That is the page's first
 * ICU call, which loads ICU's locale data: 120–300 ms of umi.js's evaluation at 4× CPU on every
 * first screen, for a value react-intl never reads (it always passes its locale), and no other
 * Intl object is made while a first screen starts. In `max build` the browser's bundle gets that
 * statement as a getter instead (plugins/lazyMessageLocaleLoader.ts).
 */
import type { IApi } from '@umijs/max';
import { LAZY_MESSAGE_LOCALE_LOADER } from './lazyMessageLocaleLoader';

/** The one file the loader rewrites. */
export const MESSAGE_FORMAT_CORE = /[\\/]node_modules[\\/]intl-messageformat[\\/]lib[\\/]core\.js$/;

export default (api: IApi) => {
  api.describe({ key: 'lazyMessageLocale' });
  if (api.env !== 'production') return;
  api.chainWebpack((memo) => {
    memo.module.rule('lazy-message-locale').test(MESSAGE_FORMAT_CORE).use('lazy-message-locale').loader(LAZY_MESSAGE_LOCALE_LOADER);
    return memo;
  });
};
