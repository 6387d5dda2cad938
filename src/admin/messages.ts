/**
 * The console's texts (src/locales/<locale>/admin.ts) load with the console, never with the user
 * app: they are merged into Umi's messages of the locale when the console first renders in it.
 */
import { addLocale } from '@umijs/max';
import { ensureLocale } from '@/locales/load';
import { messageLocale, type SupportedLocale } from '@/locales/supported';

const LOADERS: Record<SupportedLocale, () => Promise<{ default: Record<string, string> }>> = {
  'zh-CN': () => import(/* webpackChunkName: "admin-locale-zh-CN" */ '@/locales/zh-CN/admin'),
  'zh-TW': () => import(/* webpackChunkName: "admin-locale-zh-TW" */ '@/locales/zh-TW/admin'),
  'en-US': () => import(/* webpackChunkName: "admin-locale-en-US" */ '@/locales/en-US/admin'),
};

const loaded = new Set<SupportedLocale>();

/** Makes the console's texts of `locale` (or of the fallback, zh-CN) available; resolves to the locale used. */
export async function loadAdminMessages(locale: string): Promise<SupportedLocale> {
  const key = messageLocale(locale);
  if (loaded.has(key)) return key;
  await ensureLocale(key);
  const { default: messages } = await LOADERS[key]();
  // antd's and dayjs's locale stay those the app registered
  addLocale(key, messages, undefined as never);
  loaded.add(key);
  return key;
}
