/**
 * Localised server messages. The language comes from the app's X-Locale header when it names a
 * supported locale, else from Accept-Language: zh-TW (default), zh-CN, en-US.
 */
import { fillMessage, type MessageParams } from '../../contract/messages/fill';
import { enUS } from '../../contract/messages/en-US';
import { zhCN } from '../../contract/messages/zh-CN';
import { zhTW, type MessageKey } from '../../contract/messages/zh-TW';

export type { MessageKey } from '../../contract/messages/zh-TW';
export type Locale = 'zh-TW' | 'zh-CN' | 'en-US';
export const DEFAULT_LOCALE: Locale = 'zh-TW';
/** The language catalogue and content texts are written in; a missing translation shows this. */
export const SOURCE_LOCALE: Locale = 'zh-CN';

const catalogues: Record<Locale, Record<MessageKey, string>> = { 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS };

function localeOf(tag: string): Locale | null {
  const t = tag.trim().toLowerCase();
  if (t === 'zh-tw' || t === 'zh-hk' || t === 'zh-mo' || t.startsWith('zh-hant')) return 'zh-TW';
  if (t === 'zh' || t === 'zh-cn' || t === 'zh-sg' || t.startsWith('zh-hans')) return 'zh-CN';
  if (t === 'en' || t.startsWith('en-')) return 'en-US';
  return null;
}

/** The best supported locale of an Accept-Language header, by q-value then order. */
export function negotiateLocale(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const locale = localeOf(entry.tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The locale an `X-Locale` value names exactly, or null (absent, repeated or unsupported). */
export function exactLocale(value: string | string[] | undefined): Locale | null {
  if (typeof value !== 'string') return null;
  const wanted = value.trim().toLowerCase();
  return (Object.keys(catalogues) as Locale[]).find((locale) => locale.toLowerCase() === wanted) ?? null;
}

interface LanguageHeaders {
  'x-locale'?: string | string[];
  'accept-language'?: string;
}

/**
 * The language to answer a request in: the app sends its interface locale in X-Locale, because
 * the wire fixes Accept-Language at zh-TW; other clients are served by Accept-Language.
 */
export function requestLocale(headers: LanguageHeaders): Locale {
  return exactLocale(headers['x-locale']) ?? negotiateLocale(headers['accept-language']);
}

/**
 * The language of catalogue and content texts: as requestLocale, except that a request naming no
 * language at all gets the texts as written (zh-CN), the source every translation falls back to.
 */
export function contentLocale(headers: LanguageHeaders): Locale {
  if (exactLocale(headers['x-locale']) === null && !headers['accept-language']) return SOURCE_LOCALE;
  return requestLocale(headers);
}

export type { MessageParams };

/** The message for `key` in `locale`, with `{name}` placeholders filled in. */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  return fillMessage(catalogues[locale][key], params);
}
