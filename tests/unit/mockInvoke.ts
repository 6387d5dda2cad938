/** Calls a mock handler as Umi's dev server would (Express-like request and response) and returns its reply. */
import type { MockHandler } from '../../mock/_kit';

export interface MockReply {
  status: number;
  body: { success: boolean; data: any; errCode: string; errMessage: string; httpStatusCode: number; errKey?: string; errParams?: Record<string, string | number> };
}

export function invokeMock(handler: MockHandler, input: { headers: Record<string, string>; query?: Record<string, unknown>; body?: unknown; params?: Record<string, string> }): MockReply {
  // Express hands query values over as strings.
  const query = Object.fromEntries(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)]));
  let reply: MockReply | undefined;
  const res = {
    status(code: number) {
      reply = { status: code, body: undefined as unknown as MockReply['body'] };
      return res;
    },
    json(body: unknown) {
      // A round trip through JSON, as on the wire (a bigint left in the data would throw here).
      reply!.body = JSON.parse(JSON.stringify(body));
      return res;
    },
  };
  handler({ headers: input.headers, query, body: input.body, params: input.params ?? {} }, res);
  if (!reply) throw new Error('the mock did not answer');
  return reply;
}
