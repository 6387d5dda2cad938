/**
 * The webpack loader of plugins/icuOnFirstUse.ts. Each rewrite refuses to build if its file no
 * longer reads as the installed version writes it, so an upgrade cannot silently undo it.
 * Webpack `require`s a loader by its path while it builds, after Umi has taken away its
 * TypeScript hook; this file is in Node's module cache by then, since the plugin imports it.
 */

/** intl-messageformat's module, whose default locale becomes a getter. */
export const MESSAGE_FORMAT_CORE = /[\\/]node_modules[\\/]intl-messageformat[\\/]lib[\\/]core\.js$/;
/** react-intl's provider module, whose locale-data checks run only for an `onError` of the app's own. */
export const INTL_PROVIDER = /[\\/]node_modules[\\/]react-intl[\\/]lib[\\/]components[\\/]provider\.js$/;

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

/** intl-messageformat's lib/core.js with its default locale found the first time it is read, and remembered; setting it still works. */
export function lazyDefaultLocale(source: string): string {
  if (source.split(EAGER_DEFAULT_LOCALE).length !== 2) throw new Error('icuOnFirstUse: intl-messageformat/lib/core.js changed; its default locale would still be found when it loads');
  return source.replace(EAGER_DEFAULT_LOCALE, LAZY_DEFAULT_LOCALE);
}

/** react-intl 3's two checks in createIntl, as it writes them. */
const LOCALE_DATA_CHECK = /!Intl\.(NumberFormat|DateTimeFormat)\.supportedLocalesOf\(locale\)\.length &&\s*onError/g;
const IMPORTS_DEFAULT_CONFIG = /import \{[^}]*\bDEFAULT_INTL_CONFIG\b[^}]*\} from '\.\.\/utils';/;

/**
 * react-intl's lib/components/provider.js with its missing-locale-data checks made only for an
 * `onError` other than its default, which does nothing in a production build: what it reports is
 * unchanged, and with the default no ICU call is made.
 */
export function localeDataCheckedForOwnHandler(source: string): string {
  const checks = source.match(LOCALE_DATA_CHECK) ?? [];
  if (checks.length !== 2 || !IMPORTS_DEFAULT_CONFIG.test(source)) throw new Error("icuOnFirstUse: react-intl/lib/components/provider.js changed; createIntl would still ask ICU for its locales");
  return source.replace(LOCALE_DATA_CHECK, (_check, constructor: string) => `onError && onError !== DEFAULT_INTL_CONFIG.onError && !Intl.${constructor}.supportedLocalesOf(locale).length`);
}

export const ICU_ON_FIRST_USE_LOADER = __filename;

/** The loader itself: the rewrite for the file webpack gives it. */
export default function icuOnFirstUse(this: { resourcePath: string }, source: string): string {
  if (MESSAGE_FORMAT_CORE.test(this.resourcePath)) return lazyDefaultLocale(source);
  if (INTL_PROVIDER.test(this.resourcePath)) return localeDataCheckedForOwnHandler(source);
  throw new Error(`icuOnFirstUse: no rewrite for ${this.resourcePath}`);
}
