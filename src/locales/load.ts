/**
 * The non-default locales load when chosen, not in every first load: Umi's locale plugin bundles
 * each `src/locales/<locale>.ts` it finds (with antd's and dayjs's locale), and only zh-CN.ts is
 * there. `ensureLocale` fetches a locale's messages, antd and dayjs locale and registers them
 * with Umi's `addLocale`; after that Umi's `setLocale` / `getIntl` work as for zh-CN.
 */
import { addLocale, getAllLocales } from '@umijs/max';
import { messageLocale, type SupportedLocale } from './supported';

type Loader = () => Promise<{ messages: Record<string, string>; antd: object; dayjsLocale: string }>;

const LOADERS: Partial<Record<SupportedLocale, Loader>> = {
  'zh-TW': async () => {
    const [messages, antd] = await Promise.all([
      import(/* webpackChunkName: "locale-zh-TW" */ './zh-TW/index'),
      import(/* webpackChunkName: "locale-zh-TW" */ 'antd/es/locale/zh_TW'),
      import(/* webpackChunkName: "locale-zh-TW" */ 'dayjs/locale/zh-tw'),
    ]);
    return { messages: messages.default, antd: antd.default, dayjsLocale: 'zh-tw' };
  },
  'en-US': async () => {
    // dayjs's English is built in
    const [messages, antd] = await Promise.all([
      import(/* webpackChunkName: "locale-en-US" */ './en-US/index'),
      import(/* webpackChunkName: "locale-en-US" */ 'antd/es/locale/en_US'),
    ]);
    return { messages: messages.default, antd: antd.default, dayjsLocale: 'en' };
  },
};

const loading = new Map<string, Promise<void>>();

/** Makes `locale`'s messages available (a locale without its own falls back to zh-CN, loaded). */
export function ensureLocale(locale: string): Promise<void> {
  const key = messageLocale(locale);
  const load = LOADERS[key];
  if (!load || getAllLocales().includes(key)) return Promise.resolve();
  let pending = loading.get(key);
  if (!pending) {
    pending = load().then(({ messages, antd, dayjsLocale }) => {
      addLocale(key, messages, { momentLocale: dayjsLocale, antd: antd as never });
    });
    // a failed load may be retried (the next choice of the language)
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** The locales that load on demand (for tests: each needs its messages, antd and dayjs locale). */
export const LAZY_LOCALES = Object.keys(LOADERS) as SupportedLocale[];
