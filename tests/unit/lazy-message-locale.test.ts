/**
 * @jest-environment node
 *
 * plugins/lazyMessageLocale: intl-messageformat's lib/core.js, as the loader gives it to the
 * browser's bundle, makes no Intl object when it loads; its default locale is asked of ICU when
 * first read, once, and can still be set; messages format as before. The module is run here from
 * the installed package's own file, its imports from the package's CommonJS build.
 */
import fs from 'node:fs';
import { transformSync } from 'esbuild';
import lazyDefaultLocale from '../../plugins/lazyMessageLocaleLoader';
import { MESSAGE_FORMAT_CORE } from '../../plugins/lazyMessageLocale';

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
