/**
 * The interface languages (zh-CN is the fallback) and the writing direction of a locale.
 * Not a message file: Umi's locale plugin only loads files named like `zh-CN.ts`.
 */
import { DEFAULT_LOCALE, RTL_LANGUAGES } from '@/constants/app';

export const SUPPORTED_LOCALES = [
  { locale: 'zh-CN', label: '简体中文' },
  { locale: 'zh-TW', label: '繁體中文' },
  { locale: 'en-US', label: 'English' },
] as const;

export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number]['locale'];

/** The message set used for a locale: its own when we have it, otherwise the fallback. */
export function messageLocale(locale: string): SupportedLocale {
  const known = SUPPORTED_LOCALES.find((entry) => entry.locale === locale);
  return known ? known.locale : (DEFAULT_LOCALE as SupportedLocale);
}

/** Right-to-left for he, ar, fa and ku (any region). */
export function localeDirection(locale: string): 'rtl' | 'ltr' {
  const language = locale.split(/[-_]/)[0].toLowerCase();
  return (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr';
}

/**
 * The interface language as Umi's getLocale() reads it: the language setLocale stored, else the
 * browser's, as one we have messages in. Read here rather than through Umi's exports, which load
 * src/app.tsx and so the request layer that asks (tests/unit/request-locale.test.ts holds the
 * two equal).
 */
export function interfaceLocale(): SupportedLocale {
  const stored = navigator.cookieEnabled && typeof localStorage !== 'undefined' ? localStorage.getItem('umi_locale') : null;
  return messageLocale(stored || navigator.language);
}
