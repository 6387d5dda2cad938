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
