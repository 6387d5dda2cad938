/**
 * No control character (U+0000–U+001F, U+007F) in any text the API receives: body strings, keys,
 * query and path values. A NUL reached PostgreSQL as a 500; tabs, escapes and the like have no
 * place in a name, an address or a code. The one exception is a field the contract marks
 * `x-multiline: true` (an EIP-4361 message is lines by definition): there a line feed (U+000A)
 * is allowed, nothing else. (`x-`: an annotation, as OpenAPI names its extensions.)
 */
import type { TSchema } from '@sinclair/typebox';

const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_EXCEPT_LINE_FEED = /[\u0000-\u0009\u000b-\u001f\u007f]/;

/** The schema annotation that lets a string hold line feeds. */
export const MULTILINE = 'x-multiline';

export function hasControlCharacter(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_EXCEPT_LINE_FEED : CONTROL).test(text);
}

/**
 * The path (keys) of the first string or key in `value` holding a control character ([] for
 * `value` itself), or null when there is none. `schema` (optional) tells which strings are multiline.
 */
export function findControlCharacter(value: unknown, schema?: TSchema, path: string[] = []): string[] | null {
  if (typeof value === 'string') return hasControlCharacter(value, schema?.[MULTILINE] === true) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, schema?.items as TSchema | undefined, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    const properties = (schema?.properties ?? {}) as Record<string, TSchema>;
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) return [...path, key];
      const found = findControlCharacter(item, Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
