/**
 * The console's HTTP client, apart from the user app's request layer (src/requestErrorConfig.ts):
 * it sends the operator's token and never the user's, and a 401 sends the operator to
 * /admin/login, not to the user's login. Every failure is an AdminApiError carrying the server's
 * envelope, so the page can show its text.
 */
import { history } from '@umijs/max';
import type { ApiEnvelope } from '../../contract/envelope';
import { REQUEST_LANGUAGE } from '@/constants/app';
import { interfaceLocale } from '@/locales/supported';
import { adminLoginPath, clearAdminToken, getAdminToken } from './session';

export type AdminEnvelope = Partial<Omit<ApiEnvelope<unknown>, 'data'>> & { errKey?: string; errParams?: Record<string, string | number> };

export class AdminApiError extends Error {
  override name = 'AdminApiError';
  constructor(
    /** HTTP status; 0 when no answer came */
    public status: number,
    public envelope: AdminEnvelope = {},
  ) {
    super(envelope.errMessage || envelope.errCode || (status ? `HTTP ${status}` : 'network'));
  }
}

export interface AdminCallOptions {
  signal?: AbortSignal;
  /** a 401 is the caller's to handle (the sign-in page), no redirect */
  keepOn401?: boolean;
}

/** Query values as the server reads them: empty ones left out. */
function queryString(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isEnvelope(body: unknown): body is AdminEnvelope & { success: boolean; data: unknown } {
  return typeof body === 'object' && body !== null && typeof (body as { success?: unknown }).success === 'boolean';
}

async function send<T>(method: 'GET' | 'POST', url: string, payload: object | undefined, options: AdminCallOptions = {}): Promise<T> {
  const token = getAdminToken();
  // X-Locale: the interface language, which the server answers texts in (Accept-Language is fixed by the wire)
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': REQUEST_LANGUAGE, 'X-Locale': interfaceLocale() };
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = method === 'POST' && payload !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(method === 'GET' ? url + queryString(payload) : url, {
      method,
      headers,
      body: hasBody ? JSON.stringify(payload) : undefined,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    throw new AdminApiError(0);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const status = response.status;
  if (status === 401 || (isEnvelope(body) && body.httpStatusCode === 401)) {
    clearAdminToken();
    if (!options.keepOn401) history.replace(adminLoginPath(history.location));
  }
  if (!response.ok || !isEnvelope(body) || body.success === false) {
    throw new AdminApiError(status, isEnvelope(body) ? body : {});
  }
  return body.data as T;
}

export function adminGet<T>(url: string, query?: object, options?: AdminCallOptions): Promise<T> {
  return send<T>('GET', url, query, options);
}

export function adminPost<T>(url: string, body?: object, options?: AdminCallOptions): Promise<T> {
  return send<T>('POST', url, body, options);
}

/** A path parameter, safely encoded. */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}

export const ADMIN_API = '/api/v1/admin';
