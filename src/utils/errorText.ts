/**
 * The text of a server error in the user's language. Every request asks for zh-TW
 * (every request carries `Accept-Language: zh-TW`), so errMessage is Traditional Chinese; the error envelope also
 * names its message key and parameters (`errKey`, `errParams`, contract/envelope.ts), and the
 * browser says it again from the server's own catalogue of the active locale
 * (contract/messages/<locale>), loaded with the first error. A key it does not know, or a text
 * whose parameters did not all come, falls back to errMessage (else errCode).
 *
 * A schema failure ("欄位「id」的格式不正確": a field path, a rule) becomes a sentence a person
 * understands: the field by its label (`field.<name>`) with the rule in words, or, for a field
 * without a label, the general "请检查输入的内容后再试".
 *
 * The request config loads this module with the first error (it imports Umi's exports, which
 * import src/app.tsx, which imports the request config: a static import there would be a cycle).
 */
import { getLocale } from '@umijs/max';
import { fillMessage } from '../../contract/messages/fill';
import type { MessageKey } from '../../contract/messages/zh-TW';
import { messageLocale, type SupportedLocale } from '@/locales/supported';

export type ErrorCatalogue = Record<MessageKey, string>;

/** The parts of an error envelope (or a mock's) that say what went wrong. */
export interface ServerErrorText {
  errKey?: string;
  errParams?: Record<string, string | number>;
  errMessage?: string;
  errCode?: string;
}

// one small chunk per language, fetched with the first error shown in it
const LOADERS: Record<SupportedLocale, () => Promise<ErrorCatalogue>> = {
  'zh-CN': () => import(/* webpackChunkName: "errors-zh-CN" */ '../../contract/messages/zh-CN').then((m) => m.zhCN),
  'zh-TW': () => import(/* webpackChunkName: "errors-zh-TW" */ '../../contract/messages/zh-TW').then((m) => m.zhTW),
  'en-US': () => import(/* webpackChunkName: "errors-en-US" */ '../../contract/messages/en-US').then((m) => m.enUS),
};

const loaded = new Map<SupportedLocale, ErrorCatalogue>();
const loading = new Map<SupportedLocale, Promise<ErrorCatalogue>>();

/** The catalogue of `locale` (a locale without one of its own: the interface's fallback, zh-CN). */
export function loadErrorCatalogue(locale: string): Promise<ErrorCatalogue> {
  const key = messageLocale(locale);
  const ready = loaded.get(key);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(key);
  if (!pending) {
    pending = LOADERS[key]().then((catalogue) => {
      loaded.set(key, catalogue);
      return catalogue;
    });
    // a failed load may be retried with the next error
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** The catalogue of `locale` if it is already loaded. */
export function loadedErrorCatalogue(locale: string): ErrorCatalogue | undefined {
  return loaded.get(messageLocale(locale));
}

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** Schema rules whose sentence takes the label (and the limit, when the rule has one). */
const LABELLED: Record<string, { key: MessageKey; needsLimit: boolean }> = {
  'validation.required': { key: 'validation.labelled.required', needsLimit: false },
  'validation.amount': { key: 'validation.labelled.amount', needsLimit: false },
  'validation.minLength': { key: 'validation.labelled.minLength', needsLimit: true },
  'validation.maxLength': { key: 'validation.labelled.maxLength', needsLimit: true },
  'validation.minimum': { key: 'validation.labelled.minimum', needsLimit: true },
  'validation.maximum': { key: 'validation.labelled.maximum', needsLimit: true },
};

/** The label of a dotted field path's last named part ('items.0.quantity' → field.quantity). */
function labelOf(catalogue: ErrorCatalogue, path: unknown): string | undefined {
  if (typeof path !== 'string') return undefined;
  const name = path.split('.').reverse().find((part) => part !== '' && !/^\d+$/.test(part));
  const key = `field.${name}`;
  return name && hasOwn(catalogue, key) ? catalogue[key as MessageKey] : undefined;
}

function validationSentence(catalogue: ErrorCatalogue, key: string, params: Record<string, string | number>): string {
  const label = labelOf(catalogue, params.field);
  if (!label) return catalogue['validation.check'];
  const rule = LABELLED[key];
  const limit = params.limit;
  const hasLimit = limit !== undefined && limit !== '';
  const template = rule && (!rule.needsLimit || hasLimit) ? rule.key : 'validation.labelled.invalid';
  return fillMessage(catalogue[template], { label, ...(hasLimit ? { limit } : {}) });
}

/** Every `{name}` of `template` has a value in `params`. */
function filledBy(template: string, params: Record<string, string | number>): boolean {
  return [...template.matchAll(/\{(\w+)\}/g)].every(([, name]) => hasOwn(params, name));
}

/** The error's text from `catalogue` by its key, else its errMessage (else errCode). */
export function renderErrorText(error: ServerErrorText, catalogue: ErrorCatalogue | undefined): string {
  const fallback = error.errMessage || error.errCode || '';
  const key = error.errKey;
  if (!catalogue || !key || !hasOwn(catalogue, key)) return fallback;
  const template = catalogue[key as MessageKey];
  const params = error.errParams && typeof error.errParams === 'object' ? error.errParams : {};
  // a schema failure names a field path and a rule: say it in words instead
  if (key.startsWith('validation.') && template.includes('{field}')) return validationSentence(catalogue, key, params);
  return filledBy(template, params) ? fillMessage(template, params) : fallback;
}

/** The error's text in `locale` (default: the interface's), loading that catalogue if needed. */
export async function errorTextOf(error: ServerErrorText, locale?: string): Promise<string> {
  if (!error.errKey) return renderErrorText(error, undefined);
  try {
    return renderErrorText(error, await loadErrorCatalogue(locale ?? getLocale()));
  } catch {
    // the catalogue could not load (network): the server's own text is better than nothing
    return renderErrorText(error, undefined);
  }
}
