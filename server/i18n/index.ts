/**
 * Localised server messages. The language comes from Accept-Language: zh-TW (default), zh-CN, en-US.
 */
import { fillMessage, type MessageParams } from '../../contract/messages/fill';
import { enUS } from '../../contract/messages/en-US';
import { zhCN } from '../../contract/messages/zh-CN';
import { zhTW, type MessageKey } from '../../contract/messages/zh-TW';

export type { MessageKey } from '../../contract/messages/zh-TW';
export type Locale = 'zh-TW' | 'zh-CN' | 'en-US';
export const DEFAULT_LOCALE: Locale = 'zh-TW';

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

export type { MessageParams };

/** The message for `key` in `locale`, with `{name}` placeholders filled in. */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  return fillMessage(catalogues[locale][key], params);
}
