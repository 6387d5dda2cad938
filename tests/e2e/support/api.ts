/**
 * The server's HTTP API as the tests call it: JSON bodies, zh-TW messages, and the envelope's
 * data (or an error with the server's message).
 */
interface Envelope<T> {
  success: boolean;
  data: T;
  errMessage: string;
}

export async function callApi<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { 'Accept-Language': 'zh-TW', 'Content-Type': 'application/json', ...init.headers },
  });
  const body = (await response.json()) as Envelope<T>;
  if (!response.ok || !body.success) throw new Error(`${url}: ${response.status} ${body.errMessage}`);
  return body.data;
}

export interface WebCall {
  method?: 'GET' | 'POST';
  body?: object;
  headers?: Record<string, string>;
}

/** A call of `/api/v1/web<path>` signed in with `token`. */
export function webApi<T>(baseUrl: string, token: string, path: string, { method = 'GET', body, headers = {} }: WebCall = {}): Promise<T> {
  return callApi<T>(`${baseUrl}/api/v1/web${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/** What the server answered, success or not: the HTTP status and the whole envelope (contract/envelope.ts). */
export interface RawAnswer<T> {
  status: number;
  body: Envelope<T> & { errCode: string; errKey?: string; errParams?: Record<string, string | number> };
}

/** A call of `/api/v1/web<path>` signed in with `token`, in `language`, that does not throw on a refusal. */
export async function webApiRaw<T>(
  baseUrl: string,
  token: string,
  path: string,
  { method = 'GET', body, headers = {} }: WebCall = {},
  language = 'zh-CN',
): Promise<RawAnswer<T>> {
  const response = await fetch(`${baseUrl}/api/v1/web${path}`, {
    method,
    headers: { 'Accept-Language': language, 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as RawAnswer<T>['body'] };
}
