/**
 * The webpack loader of plugins/lazyMessageLocale.ts: intl-messageformat's lib/core.js with its
 * default locale found the first time it is read, and remembered; setting it still works.
 * Webpack `require`s a loader by its path while it builds, after Umi has taken away its
 * TypeScript hook; this file is in Node's module cache by then, since the plugin imports it.
 */

/** The statement, as intl-messageformat 7.8 writes it. */
const EAGER_DEFAULT_LOCALE = 'IntlMessageFormat.defaultLocale = new Intl.NumberFormat().resolvedOptions().locale;';

const LAZY_DEFAULT_LOCALE = `var lazyDefaultLocale;
    Object.defineProperty(IntlMessageFormat, 'defaultLocale', {
        configurable: true,
        enumerable: true,
        get: function () {
            if (lazyDefaultLocale === undefined) lazyDefaultLocale = new Intl.NumberFormat().resolvedOptions().locale;
            return lazyDefaultLocale;
        },
        set: function (locale) { lazyDefaultLocale = locale; },
    });`;

export const LAZY_MESSAGE_LOCALE_LOADER = __filename;

/** lib/core.js with the lazy default locale; throws if the file changed shape. The loader itself. */
export default function lazyDefaultLocale(source: string): string {
  if (source.split(EAGER_DEFAULT_LOCALE).length !== 2) throw new Error('lazyMessageLocale: intl-messageformat/lib/core.js changed; its default locale would still be found when it loads');
  return source.replace(EAGER_DEFAULT_LOCALE, LAZY_DEFAULT_LOCALE);
}
