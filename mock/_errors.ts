/**
 * Refusals of the mocks, as the server sends them: the zh-TW text (contract/messages) in
 * errMessage, and its message key and parameters in errKey/errParams (contract/envelope.ts), so
 * the browser shows the text in its own language under `max dev` as against the server.
 */
import type { ErrorCode } from '../contract';
import { fillMessage, type MessageParams } from '../contract/messages/fill';
import { zhTW, type MessageKey } from '../contract/messages/zh-TW';

/** A refusal: the error code picks the HTTP status; the text is message `key`'s (default: the code's own). */
export class MockError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly key: MessageKey = code,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
  ) {
    super(fillMessage(zhTW[key], params));
  }
}

/** The server's refusal `code` with its message `key` (server/http/errors ApiError). */
export function refusal(code: ErrorCode, key: MessageKey, params: MessageParams = {}, data: unknown = null): MockError {
  return new MockError(code, key, params, data);
}

/** "缺少必填欄位「amount」" or "欄位「amount」的值無效" (key validation.required / validation.other, params { field }) */
export function invalidField(field: string, missing: boolean): MockError {
  const key = missing ? 'validation.required' : 'validation.other';
  const error = new MockError('VALIDATION_FAILED', key, { field });
  // the body itself has no field name: the text names it "請求內容", the parameter stays ''
  if (!field) error.message = fillMessage(zhTW[key], { field: zhTW['validation.body'] });
  return error;
}

export { zhTW };
