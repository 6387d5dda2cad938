/**
 * Drives API responses from the test: matching requests get a fake reply (or are aborted),
 * everything else goes on to the real server.
 */
import type { HTTPRequest, Page } from 'puppeteer-core';

export type FakeReply =
  | { status: number; body?: unknown; contentType?: string }
  /** the request was sent but no response came back */
  | 'abort'
  /** the request never finishes (left pending until the page closes) */
  | 'hang'
  /** the request goes on to the real server once `heldUntil` has settled (answers in another order) */
  | { heldUntil: Promise<unknown> }
  /** the request reaches the real server and is acted on, but its answer is lost on the way back */
  | 'deliverThenDrop';

export interface InterceptRule {
  match: (url: URL, request: HTTPRequest) => boolean;
  reply: FakeReply;
}

/** The envelope every API response uses (contract/envelope.ts), here for an error. */
export function errorEnvelope(fields: { errMessage?: string; errCode?: string; httpStatusCode?: number }) {
  return {
    success: false,
    data: null,
    errCode: fields.errCode ?? '',
    errMessage: fields.errMessage ?? '',
    httpStatusCode: fields.httpStatusCode ?? 200,
    code: fields.httpStatusCode ?? 200,
    message: fields.errMessage ?? '',
    showType: 2,
  };
}

/** Requests whose path is exactly `pathname` (any query). */
export const pathIs = (pathname: string) => (url: URL) => url.pathname === pathname;

/** hop-by-hop headers Node's fetch refuses to send */
const UNSENDABLE = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect', 'host', 'content-length']);

/** Sends `request` to the server from the test (the browser's own send is aborted after). */
async function deliver(request: HTTPRequest): Promise<void> {
  const headers = Object.fromEntries(Object.entries(request.headers()).filter(([name]) => !UNSENDABLE.has(name.toLowerCase())));
  const response = await fetch(request.url(), { method: request.method(), headers, body: request.postData() });
  await response.arrayBuffer();
}

export async function interceptRequests(page: Page, rules: InterceptRule[]): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    const url = new URL(request.url());
    const rule = rules.find((r) => r.match(url, request));
    if (!rule) {
      void request.continue();
    } else if (rule.reply === 'abort') {
      void request.abort('failed');
    } else if (rule.reply === 'deliverThenDrop') {
      void deliver(request).finally(() => request.abort('failed'));
    } else if (typeof rule.reply === 'object' && 'heldUntil' in rule.reply) {
      void rule.reply.heldUntil.finally(() => request.continue());
    } else if (rule.reply !== 'hang') {
      const { status, body, contentType } = rule.reply;
      void request.respond({
        status,
        contentType: contentType ?? 'application/json; charset=utf-8',
        body: body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body),
      });
    }
  });
}
