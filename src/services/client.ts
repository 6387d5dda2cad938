/**
 * The one place services talk to Umi's request plugin: it sends the call and unwraps the
 * envelope's `data`. Headers (Accept-Language, Authorization) and errors (`success: false`)
 * are handled by the request runtime config in src/requestErrorConfig.ts.
 */
import { request } from '@umijs/max';
import type { ApiEnvelope } from '../../contract';

/** What a caller may add to a service call. */
export interface ServiceOptions {
  /** pass errors to the caller as a business error instead of showing them */
  skipErrorHandler?: boolean;
  /** extra headers, e.g. `{ 'Idempotency-Key': key }` on money-moving calls */
  headers?: Record<string, string>;
  /** cancels the call when aborted */
  signal?: AbortSignal;
  timeout?: number;
}

async function send<T>(method: 'GET' | 'POST', url: string, payload: object | undefined, options?: ServiceOptions): Promise<T> {
  const envelope = await request<ApiEnvelope<T>>(url, {
    ...options,
    method,
    ...(method === 'GET' ? { params: payload } : { data: payload }),
  });
  return envelope.data;
}

/** GET `url` with `query` as the query string; resolves to the envelope's data. */
export function httpGet<T>(url: string, query?: object, options?: ServiceOptions): Promise<T> {
  return send<T>('GET', url, query, options);
}

/** POST `body` as JSON to `url`; resolves to the envelope's data. */
export function httpPost<T>(url: string, body?: object, options?: ServiceOptions): Promise<T> {
  return send<T>('POST', url, body, options);
}

/** A path parameter, safely encoded. */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}
