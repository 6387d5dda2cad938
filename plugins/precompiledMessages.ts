/**
 * The locale messages ship precompiled. Umi's react-intl (3.x, with intl-messageformat 7) turns
 * each ICU message into a tree the first time it is formatted, with intl-messageformat-parser's
 * PEG parser (~97 KB of script in umi.js, evaluated on every first load). In `max build` this
 * plugin writes each message module the app loads (a locale's index, the console's admin texts) as
 * JSON of those trees into Umi's temporary folder, points the app's imports of those modules at
 * the JSON, and puts src/locales/noMessageParser.ts in place of the PEG parser, which throws if a
 * message string is ever formatted. `max dev` and the unit tests keep the strings and the parser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse, type MessageFormatElement } from 'intl-messageformat-parser';
import type { IApi } from '@umijs/max';
import enUS from '../src/locales/en-US/index';
import enUSAdmin from '../src/locales/en-US/admin';
import zhCN from '../src/locales/zh-CN/index';
import zhCNAdmin from '../src/locales/zh-CN/admin';
import zhTW from '../src/locales/zh-TW/index';
import zhTWAdmin from '../src/locales/zh-TW/admin';

type Messages = Record<string, string>;

/** The message modules the app imports, by `<locale>/<module>` under src/locales. */
export const MESSAGE_MODULES: Record<string, Messages> = {
  'zh-CN/index': zhCN,
  'zh-CN/admin': zhCNAdmin,
  'zh-TW/index': zhTW,
  'zh-TW/admin': zhTWAdmin,
  'en-US/index': enUS,
  'en-US/admin': enUSAdmin,
};

/** Each message as the tree react-intl formats; a message that does not parse fails the build. */
export function compileMessages(messages: Messages): Record<string, MessageFormatElement[]> {
  const compiled: Record<string, MessageFormatElement[]> = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`precompiledMessages: message "${id}" is not valid ICU: ${(error as Error).message}`);
    }
  }
  return compiled;
}

/** A locale's folder under src/locales (those of MESSAGE_MODULES) and one module in it, `<locale>/<module>`. */
const LOCALE_MODULE = new RegExp(`^(${[...new Set(Object.keys(MESSAGE_MODULES).map((module) => module.split('/')[0]))].join('|')})/[^/]+$`);

/**
 * The `<locale>/<module>` that `request`, imported from a file in `context`, names when it is a
 * module of a locale's folder under src/locales (`@/` is src/), or undefined.
 */
export function localeModuleOf(srcDir: string, context: string, request: string): string | undefined {
  const target = request.startsWith('@/') ? path.join(srcDir, request.slice(2)) : request.startsWith('.') ? path.resolve(context, request) : undefined;
  if (!target) return undefined;
  const relative = path.relative(path.join(srcDir, 'locales'), target).split(path.sep).join('/').replace(/\.ts$/, '');
  return LOCALE_MODULE.test(relative) ? relative : undefined;
}

/** The module of MESSAGE_MODULES that `request`, imported from a file in `context`, names, or undefined. */
export function messageModuleOf(srcDir: string, context: string, request: string): string | undefined {
  const module = localeModuleOf(srcDir, context, request);
  return module !== undefined && module in MESSAGE_MODULES ? module : undefined;
}

/**
 * Umi's locale plugin flattens the default locale's messages, descending into every value that is
 * not a string, which would take a precompiled message (an array) apart; arrays are kept whole.
 */
const FLATTEN_STRINGS = "if (typeof value === 'string') {";
const FLATTEN_MESSAGES = "if (typeof value === 'string' || Array.isArray(value)) {";

/** Umi's generated localeExports.ts keeping precompiled messages; throws if Umi's file changed shape. */
export function patchFlattenMessages(source: string): string {
  if (source.includes(FLATTEN_MESSAGES)) return source;
  if (!source.includes(FLATTEN_STRINGS)) throw new Error("precompiledMessages: Umi's localeExports changed; precompiled messages would be taken apart");
  return source.replace(FLATTEN_STRINGS, FLATTEN_MESSAGES);
}

export const NO_MESSAGE_PARSER = path.join(__dirname, '../src/locales/noMessageParser.ts');

/** What stands in for `request` imported from a file in `context`: the PEG parser, from its own package only. */
export function parserReplacementFor(context: string, request: string): string | undefined {
  const folders = context.split(/[\\/]/).slice(-3).join('/');
  return request === './parser' && folders === 'node_modules/intl-messageformat-parser/lib' ? NO_MESSAGE_PARSER : undefined;
}

export default (api: IApi) => {
  api.describe({ key: 'precompiledMessages' });
  if (api.env !== 'production') return;
  const compiledDir = () => path.join(api.paths.absTmpPath, 'plugin-precompiledMessages');
  const compiledFile = (module: string) => path.join(compiledDir(), `${module.replace('/', '-')}.json`);

  api.onGenerateFiles(() => {
    fs.mkdirSync(compiledDir(), { recursive: true });
    for (const [module, messages] of Object.entries(MESSAGE_MODULES)) {
      fs.writeFileSync(compiledFile(module), JSON.stringify(compileMessages(messages)));
    }
    const localeExports = path.join(api.paths.absTmpPath, 'plugin-locale/localeExports.ts');
    fs.writeFileSync(localeExports, patchFlattenMessages(fs.readFileSync(localeExports, 'utf8')));
  });

  api.chainWebpack((memo, { webpack }) => {
    memo.plugin('precompiled-messages').use(webpack.NormalModuleReplacementPlugin, [
      /locales\/|^\.\/(zh-CN|zh-TW|en-US|parser)(\/|$)/,
      (resolveData: { context: string; request: string }) => {
        const module = messageModuleOf(api.paths.absSrcPath, resolveData.context, resolveData.request);
        const replacement = module ? compiledFile(module) : parserReplacementFor(resolveData.context, resolveData.request);
        if (replacement) resolveData.request = replacement;
      },
    ]);
    return memo;
  });
};
