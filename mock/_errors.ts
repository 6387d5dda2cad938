/** Refusals of the mocks, with the zh-TW texts the server uses (contract/messages). */
import type { ErrorCode } from '../contract';
import { fillMessage, type MessageParams } from '../contract/messages/fill';
import { zhTW, type MessageKey } from '../contract/messages/zh-TW';

/** A refusal: the error code picks the HTTP status; the text defaults to the code's zh-TW message. */
export class MockError extends Error {
  constructor(readonly code: ErrorCode, message: string = zhTW[code], readonly data: unknown = null) {
    super(message);
  }
}

/** The server's refusal `code` with the zh-TW text of its message `key` (server/http/errors ApiError). */
export function refusal(code: ErrorCode, key: MessageKey, params: MessageParams = {}, data: unknown = null): MockError {
  return new MockError(code, fillMessage(zhTW[key], params), data);
}

/** "缺少必填欄位「amount」" or "欄位「amount」的值無效" */
export function invalidField(field: string, missing: boolean): MockError {
  const template = missing ? zhTW['validation.required'] : zhTW['validation.other'];
  return new MockError('VALIDATION_FAILED', template.replace('{field}', field || zhTW['validation.body']));
}

export { zhTW };
