/** Whether a request URL (with or without its query) is under /api: the API answers it, never the SPA. */
export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
