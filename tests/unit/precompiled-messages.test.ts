/**
 * @jest-environment node
 *
 * plugins/precompiledMessages: the built app formats every message from its tree, made at build
 * time and shipped as JSON, and has no message parser. Each message formats from its shipped tree
 * exactly as from its text; every message module the app imports is one the plugin compiles; the
 * parser is replaced from its own package only; Umi's flattening keeps the trees whole.
 */
import fs from 'node:fs';
import path from 'node:path';
import IntlMessageFormat from 'intl-messageformat';
import type { MessageFormatElement } from 'intl-messageformat-parser';
import { compileMessages, localeModuleOf, MESSAGE_MODULES, messageModuleOf, NO_MESSAGE_PARSER, parserReplacementFor, patchFlattenMessages } from '../../plugins/precompiledMessages';
import { SUPPORTED_LOCALES } from '../../src/locales/supported';
import { sourceFiles, specifiersOf } from './sourceFiles';
import { PROJECT_ROOT as ROOT } from '../projectCommand';

const SRC = path.join(ROOT, 'src');

/** Values for every argument a message's tree names: `pick` chooses between two per kind. */
function valuesFor(elements: MessageFormatElement[], pick: 0 | 1, values: Record<string, string | number | Date> = {}): Record<string, string | number | Date> {
  for (const element of elements) {
    const named = element as MessageFormatElement & { value: string; options?: Record<string, { value: MessageFormatElement[] }> };
    switch (element.type) {
      case 1: values[named.value] = ['Alice', '0x12'][pick]; break; // argument
      case 2: values[named.value] = [1234.5, 0.07][pick]; break; // number
      case 3: case 4: values[named.value] = [new Date(Date.UTC(2026, 10, 28, 9, 5)), new Date(Date.UTC(2025, 0, 1, 23, 59))][pick]; break; // date, time
      case 5: values[named.value] = Object.keys(named.options ?? {})[pick] ?? 'other'; break; // select
      case 6: values[named.value] = [1, 2][pick]; break; // plural
      default: break;
    }
    for (const option of Object.values(named.options ?? {})) valuesFor(option.value, pick, values);
  }
  return values;
}

describe('each message module, compiled', () => {
  it.each(Object.keys(MESSAGE_MODULES))('%s formats from its shipped tree as from its text, in its locale', (module) => {
    const locale = module.split('/')[0];
    const messages = MESSAGE_MODULES[module];
    // what the build writes, read back
    const shipped = JSON.parse(JSON.stringify(compileMessages(messages))) as Record<string, MessageFormatElement[]>;
    expect(Object.keys(shipped)).toEqual(Object.keys(messages));
    expect(Object.keys(shipped).length).toBeGreaterThan(module.endsWith('index') ? 500 : 50);
    let withArguments = 0;
    for (const [id, text] of Object.entries(messages)) {
      expect([id, Array.isArray(shipped[id])]).toEqual([id, true]);
      for (const pick of [0, 1] as const) {
        const values = valuesFor(shipped[id], pick);
        if (pick === 0 && Object.keys(values).length > 0) withArguments += 1;
        const fromTree = new IntlMessageFormat(shipped[id], locale).format(values);
        expect([id, fromTree]).toEqual([id, new IntlMessageFormat(text, locale).format(values)]);
      }
    }
    expect(withArguments).toBeGreaterThan(module.endsWith('index') ? 50 : 5);
  });

  it('a message that is not valid ICU fails the build, naming it', () => {
    expect(() => compileMessages({ 'a.ok': 'fine', 'a.broken': '{count, plural, one {x}' })).toThrow(/"a\.broken" is not valid ICU/);
  });
});

describe('the message modules the app imports', () => {
  it('MESSAGE_MODULES holds a locale index and the console texts of every supported locale', () => {
    expect(Object.keys(MESSAGE_MODULES).sort()).toEqual(SUPPORTED_LOCALES.flatMap(({ locale }) => [`${locale}/admin`, `${locale}/index`]).sort());
  });

  it.each([
    [path.join(SRC, 'locales'), './zh-CN/index', 'zh-CN/index'],
    [path.join(SRC, 'locales'), './zh-TW/index', 'zh-TW/index'],
    [path.join(SRC, 'locales'), './en-US/index.ts', 'en-US/index'],
    [path.join(SRC, 'admin'), '@/locales/zh-TW/admin', 'zh-TW/admin'],
    [path.join(SRC, 'admin'), '../locales/en-US/admin', 'en-US/admin'],
  ])('from %s, %s is %s', (context, request, module) => {
    expect(messageModuleOf(SRC, context, request)).toBe(module);
  });

  it.each([
    [path.join(SRC, 'locales/zh-CN'), './login'],
    [path.join(SRC, 'locales'), './supported'],
    [path.join(SRC, 'components'), '@/locales/load'],
    [path.join(ROOT, 'node_modules/antd/es/locale'), './zh_CN'],
    [path.join(ROOT, 'node_modules/x/locales'), './zh-CN/index'],
    [path.join(SRC, 'pages'), 'antd/es/locale/zh_TW'],
  ])('from %s, %s is left alone', (context, request) => {
    expect(messageModuleOf(SRC, context, request)).toBeUndefined();
  });

  /** Every module under src/locales/<locale>/ that a file outside that folder imports, as `<locale>/<module>`. */
  function messageModulesImported(): string[] {
    const found = new Set<string>();
    for (const file of sourceFiles('src')) {
      const dir = path.join(ROOT, path.dirname(file));
      for (const specifier of specifiersOf(fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
        const module = localeModuleOf(SRC, dir, specifier);
        if (module && path.join(SRC, 'locales', path.dirname(module)) !== dir) found.add(module);
      }
    }
    return [...found].sort();
  }

  it('every message module src/ imports from outside its folder is compiled (none would be formatted as text)', () => {
    const imported = messageModulesImported();
    expect(imported).toEqual(expect.arrayContaining(['zh-CN/index', 'zh-TW/index', 'en-US/index', 'zh-CN/admin']));
    expect(imported.filter((module) => !(module in MESSAGE_MODULES))).toEqual([]);
  });
});

describe('the parser', () => {
  it('is replaced when intl-messageformat-parser imports it, and only then', () => {
    expect(parserReplacementFor('/app/node_modules/intl-messageformat-parser/lib', './parser')).toBe(NO_MESSAGE_PARSER);
    expect(parserReplacementFor('C:\\app\\node_modules\\intl-messageformat-parser\\lib', './parser')).toBe(NO_MESSAGE_PARSER);
    expect(parserReplacementFor('/app/node_modules/intl-messageformat-parser/lib', './skeleton')).toBeUndefined();
    expect(parserReplacementFor('/app/node_modules/postcss/lib', './parser')).toBeUndefined();
    expect(parserReplacementFor('/app/src/utils', './parser')).toBeUndefined();
  });

  it('what stands in for it exports what the package re-exports, and refuses a message string', () => {
    const real = require('intl-messageformat-parser/lib/parser') as Record<string, unknown>;
    const standIn = require(NO_MESSAGE_PARSER) as { pegParse: (message: string) => unknown } & Record<string, unknown>;
    expect(Object.keys(standIn).sort()).toEqual(Object.keys(real).sort());
    expect(() => standIn.pegParse('最多 {decimals} 位小数')).toThrow('message not precompiled: "最多 {decimals} 位小数"');
  });
});

describe("Umi's flattening of the default locale", () => {
  const generated = () => fs.readFileSync(path.join(SRC, '.umi/plugin-locale/localeExports.ts'), 'utf8');

  it('keeps a precompiled message whole once patched (Umi would take it apart)', () => {
    const source = generated();
    const patched = patchFlattenMessages(source);
    expect(patched).not.toBe(source);
    expect(patchFlattenMessages(patched)).toBe(patched);
    // Umi's flattenMessages, as generated, run before and after the patch
    const flatten = (code: string) => {
      const body = /const flattenMessages=\(([\s\S]*?)\n}\n/.exec(code);
      expect(body).not.toBeNull();
      return new Function(`const flattenMessages=(${body![1].replace(/: Record<string, any>/g, '')}\n}; return flattenMessages;`)() as (messages: object) => Record<string, unknown>;
    };
    const messages = compileMessages({ 'a.plain': '首页', 'a.count': '{n} 件' });
    expect(Object.keys(flatten(source)(messages))).not.toEqual(['a.plain', 'a.count']);
    expect(flatten(patched)(messages)).toEqual(messages);
    expect(flatten(patched)({ nested: { key: 'text' } })).toEqual({ 'nested.key': 'text' });
  });

  it('refuses a file of another shape', () => {
    expect(() => patchFlattenMessages('export const x = 1;')).toThrow(/localeExports changed/);
  });
});
