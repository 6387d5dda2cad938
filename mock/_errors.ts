/** Refusals of the mocks, with the zh-TW texts the server uses (server/i18n). */
import type { ErrorCode } from '../contract';
import { zhTW } from '../server/i18n/zh-TW';

/** A refusal: the error code picks the HTTP status; the text defaults to the code's zh-TW message. */
export class MockError extends Error {
  constructor(readonly code: ErrorCode, message: string = zhTW[code]) {
    super(message);
  }
}

/** "缺少必填欄位「amount」" or "欄位「amount」的值無效" */
export function invalidField(field: string, missing: boolean): MockError {
  const template = missing ? zhTW['validation.required'] : zhTW['validation.other'];
  return new MockError('VALIDATION_FAILED', template.replace('{field}', field || zhTW['validation.body']));
}

export { zhTW };
