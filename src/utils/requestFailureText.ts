/**
 * The texts of a request that got no usable answer, in the interface's language (keys
 * `request.failed.*` of src/locales/<locale>/status.ts), never the HTTP status text.
 *
 * Loaded by the request config with the first error: it imports Umi's exports, which import
 * src/app.tsx, which imports the request config (a static import there would be a cycle).
 */
import { getIntl, getLocale } from '@umijs/max';

export type RequestFailureId = 'request.failed.status' | 'request.failed.noResponse' | 'request.failed.other' | 'request.failed.moneyUnknown';

export function requestFailureText(id: RequestFailureId, values?: Record<string, string | number>): string {
  return getIntl(getLocale()).formatMessage({ id }, values);
}
