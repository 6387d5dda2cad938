/**
 * The language the mocks answer catalogue and content texts in, as the server does
 * (server/i18n/index.ts contentLocale): X-Locale when it names a supported locale, else the first
 * language of Accept-Language, and zh-CN (the texts as written) when the request names none.
 */
import { seedText } from '../contract/seed/translations';

const SUPPORTED = ['zh-CN', 'zh-TW', 'en-US'];

function fromAcceptLanguage(value: string): string | undefined {
  const tag = value.split(',')[0].split(';')[0].trim().toLowerCase();
  if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-TW';
  if (tag.startsWith('zh')) return 'zh-CN';
  if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  return undefined;
}

export function contentLocale(xLocale: string | undefined, acceptLanguage: string | undefined): string {
  const exact = SUPPORTED.find((locale) => locale.toLowerCase() === xLocale?.trim().toLowerCase());
  return exact ?? (acceptLanguage ? fromAcceptLanguage(acceptLanguage) : undefined) ?? 'zh-CN';
}

/** `row` with the named seeded text fields in `locale` (a text the seed does not translate stays). */
export function localized<T extends object>(row: T, fields: ReadonlyArray<keyof T>, locale: string): T {
  const copy = { ...row };
  for (const field of fields) {
    const text = copy[field];
    if (typeof text === 'string') (copy as Record<keyof T, unknown>)[field] = seedText(text, locale);
  }
  return copy;
}
