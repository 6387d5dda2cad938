/**
 * @jest-environment node
 *
 * plugins/icuOnFirstUse: intl-messageformat's lib/core.js, as the loader gives it to the
 * browser's bundle, makes no Intl object when it loads; its default locale is asked of ICU when
 * first read, once, and can still be set; messages format as before. react-intl's createIntl, as
 * the loader gives it, asks ICU nothing with the default error handler, and reports missing
 * locale data to a handler of the app's own as before. Each module is run here from the installed
 * package's own file, its imports from the package's CommonJS build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import icuOnFirstUse, { INTL_PROVIDER, MESSAGE_FORMAT_CORE, lazyDefaultLocale, localeDataCheckedForOwnHandler } from '../../plugins/icuOnFirstUseLoader';

const CORE = require.resolve('intl-messageformat/lib/core.js');

interface MessageFormatClass {
  new (message: unknown, locales?: string): { format(values?: Record<string, unknown>): string };
  defaultLocale: string;
}

/** Loads `source` as lib/core.js with an Intl whose NumberFormat counts what it makes. */
function loadCore(source: string) {
  const counted = { numberFormats: 0 };
  const CountingNumberFormat = function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
    counted.numberFormats += 1;
    return new Intl.NumberFormat(...args);
  };
  const intl = { ...Intl, NumberFormat: CountingNumberFormat };
  const imports: Record<string, unknown> = {
    'intl-messageformat-parser': require('intl-messageformat-parser'),
    'intl-format-cache': require('intl-format-cache'),
    './formatters': require('intl-messageformat/dist/formatters'),
  };
  const { code } = transformSync(source, { format: 'cjs' });
  const module = { exports: {} as { default: MessageFormatClass } };
  new Function('require', 'module', 'exports', 'Intl', code)((name: string) => imports[name], module, module.exports, intl);
  return { IntlMessageFormat: module.exports.default, counted };
}

const original = fs.readFileSync(CORE, 'utf8');

it('the loader is given the installed lib/core.js and only that file', () => {
  expect(MESSAGE_FORMAT_CORE.test(CORE)).toBe(true);
  expect(MESSAGE_FORMAT_CORE.test(require.resolve('intl-messageformat/dist/core.js'))).toBe(false);
  expect(MESSAGE_FORMAT_CORE.test(require.resolve('intl-messageformat/lib/formatters.js'))).toBe(false);
});

it('as installed, the module asks ICU for a NumberFormat when it loads', () => {
  expect(loadCore(original).counted.numberFormats).toBe(1);
});

it('as the loader gives it, the module loads without an Intl object and formats messages as before', () => {
  const lazy = lazyDefaultLocale(original);
  const { IntlMessageFormat, counted } = loadCore(lazy);
  expect(counted.numberFormats).toBe(0);
  const { IntlMessageFormat: Eager } = loadCore(original);
  const tree = require('intl-messageformat-parser').parse('你好，{name}');
  expect(new IntlMessageFormat(tree, 'zh-CN').format({ name: '小明' })).toBe(new Eager(tree, 'zh-CN').format({ name: '小明' }));
  expect(new IntlMessageFormat(tree, 'zh-CN').format({ name: '小明' })).toBe('你好，小明');
  expect(counted.numberFormats).toBe(0);
});

it('its default locale is ICU’s, asked once on first read, and can be set', () => {
  const { IntlMessageFormat, counted } = loadCore(lazyDefaultLocale(original));
  expect(IntlMessageFormat.defaultLocale).toBe(new Intl.NumberFormat().resolvedOptions().locale);
  expect(IntlMessageFormat.defaultLocale).toBe(new Intl.NumberFormat().resolvedOptions().locale);
  IntlMessageFormat.defaultLocale = 'zh-TW';
  expect(IntlMessageFormat.defaultLocale).toBe('zh-TW');
  expect(counted.numberFormats).toBe(1);
  // a message made without a locale takes the default, as before
  const tree = require('intl-messageformat-parser').parse('{count, number}');
  expect(new IntlMessageFormat(tree).format({ count: 1234.5 })).toBe(new Intl.NumberFormat('zh-TW').format(1234.5));
});

it('refuses a lib/core.js whose statement changed, rather than leave it eager unnoticed', () => {
  expect(() => lazyDefaultLocale(original.replace('new Intl.NumberFormat().resolvedOptions().locale', "'en'"))).toThrow(/changed/);
});

describe("react-intl's createIntl", () => {
  const reactIntl = path.dirname(require.resolve('react-intl/package.json', { paths: [require.resolve('@umijs/plugins/package.json')] }));
  const PROVIDER = path.join(reactIntl, 'lib/components/provider.js');
  const providerSource = fs.readFileSync(PROVIDER, 'utf8');

  interface Intl {
    locale: string;
    formatMessage(descriptor: { id: string }): string;
  }
  type CreateIntl = (config: { locale: string; messages: Record<string, string>; onError?: (error: unknown) => void }) => Intl;

  /** Loads `source` as lib/components/provider.js with an Intl that counts each `supportedLocalesOf`. */
  function loadProvider(source: string) {
    const asked: string[] = [];
    const counting = (name: 'NumberFormat' | 'DateTimeFormat') =>
      Object.assign(function (...args: unknown[]) {
        return new (Intl[name] as unknown as new (...a: unknown[]) => object)(...args);
      }, {
        supportedLocalesOf: (locales: string) => {
          asked.push(`${name}.supportedLocalesOf(${locales})`);
          return (Intl[name].supportedLocalesOf as (locales: string) => string[])(locales);
        },
      });
    const intl = { ...Intl, NumberFormat: counting('NumberFormat'), DateTimeFormat: counting('DateTimeFormat') };
    const fromDist = (file: string) => require(path.join(reactIntl, 'dist', file));
    const imports: Record<string, unknown> = {
      react: require('react'),
      './injectIntl': fromDist('components/injectIntl'),
      '../utils': fromDist('utils'),
      '../formatters/number': fromDist('formatters/number'),
      '../formatters/relativeTime': fromDist('formatters/relativeTime'),
      '../formatters/dateTime': fromDist('formatters/dateTime'),
      '../formatters/plural': fromDist('formatters/plural'),
      '../formatters/message': fromDist('formatters/message'),
      '../formatters/list': fromDist('formatters/list'),
      '../formatters/displayName': fromDist('formatters/displayName'),
      'shallow-equal/objects': require(require.resolve('shallow-equal/objects', { paths: [reactIntl] })),
    };
    const { code } = transformSync(source, { format: 'cjs' });
    const module = { exports: {} as { createIntl: CreateIntl } };
    new Function('require', 'module', 'exports', 'Intl', code)(
      (name: string) => {
        if (!(name in imports)) throw new Error(`provider.js imports ${name}`);
        return imports[name];
      },
      module,
      module.exports,
      intl,
    );
    return { createIntl: module.exports.createIntl, asked };
  }

  it('the loader is given the installed lib/components/provider.js and only that file', () => {
    expect(INTL_PROVIDER.test(PROVIDER)).toBe(true);
    expect(INTL_PROVIDER.test(path.join(reactIntl, 'dist/components/provider.js'))).toBe(false);
    expect(INTL_PROVIDER.test(path.join(reactIntl, 'lib/components/message.js'))).toBe(false);
    expect(icuOnFirstUse.call({ resourcePath: PROVIDER }, providerSource)).toBe(localeDataCheckedForOwnHandler(providerSource));
    expect(icuOnFirstUse.call({ resourcePath: CORE }, original)).toBe(lazyDefaultLocale(original));
    expect(() => icuOnFirstUse.call({ resourcePath: '/x/node_modules/other/index.js' }, '')).toThrow(/no rewrite/);
  });

  it('as installed, it asks ICU which locales it supports on every call', () => {
    const { createIntl, asked } = loadProvider(providerSource);
    createIntl({ locale: 'zh-CN', messages: {} });
    expect(asked).toEqual(['NumberFormat.supportedLocalesOf(zh-CN)', 'DateTimeFormat.supportedLocalesOf(zh-CN)']);
  });

  it('as the loader gives it, with the default error handler, it asks ICU nothing and formats messages as before', () => {
    const { createIntl, asked } = loadProvider(localeDataCheckedForOwnHandler(providerSource));
    const { createIntl: asInstalled } = loadProvider(providerSource);
    const messages = { greeting: '你好' };
    const intl = createIntl({ locale: 'zh-CN', messages });
    expect(asked).toEqual([]);
    expect(intl.locale).toBe('zh-CN');
    expect(intl.formatMessage({ id: 'greeting' })).toBe('你好');
    expect(intl.formatMessage({ id: 'greeting' })).toBe(asInstalled({ locale: 'zh-CN', messages }).formatMessage({ id: 'greeting' }));
  });

  it("with a handler of the app's own, it still checks and reports a locale ICU has no data for", () => {
    const { createIntl, asked } = loadProvider(localeDataCheckedForOwnHandler(providerSource));
    const reported: string[] = [];
    // react-intl 3 reports its errors as strings
    const onError = (error: unknown) => reported.push(String(error));
    createIntl({ locale: 'zh-CN', messages: {}, onError });
    expect(asked).toEqual(['NumberFormat.supportedLocalesOf(zh-CN)', 'DateTimeFormat.supportedLocalesOf(zh-CN)']);
    expect(reported).toEqual([]);
    createIntl({ locale: 'qaa-Zzzz', messages: {}, onError });
    expect(reported).toEqual([expect.stringContaining('Missing locale data for locale: "qaa-Zzzz" in Intl.NumberFormat')]);
  });

  it('refuses a provider.js whose checks changed, rather than leave them asking ICU unnoticed', () => {
    expect(() => localeDataCheckedForOwnHandler(providerSource.replace('Intl.DateTimeFormat.supportedLocalesOf(locale)', 'Intl.DateTimeFormat.supportedLocalesOf([locale])'))).toThrow(/changed/);
    expect(() => localeDataCheckedForOwnHandler(providerSource.replace(/DEFAULT_INTL_CONFIG, /, ''))).toThrow(/changed/);
  });
});
