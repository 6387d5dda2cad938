/** The response envelope (docs/decisions.md, *Server*), for successes and errors. */
import { SHOW_TYPE, type ApiEnvelope } from '../../contract';

export function successEnvelope<T>(data: T, requestId: string): ApiEnvelope<T> {
  return {
    success: true,
    data,
    errCode: '',
    errMessage: '',
    httpStatusCode: 200,
    code: 0,
    message: 'success',
    showType: SHOW_TYPE.SILENT,
    requestId,
  };
}

/** The message key of an error text (contract/messages) and its parameters, as filled in. */
export interface ErrorMessageRef {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * An error answer. errMessage is in the language of Accept-Language; with `ref`, the envelope also
 * carries its key and parameters (`errKey`, `errParams`), so the browser shows the text in its
 * own language (contract/envelope.ts).
 */
export function errorEnvelope(status: number, errCode: string, errMessage: string, requestId: string, data: unknown = null, ref?: ErrorMessageRef): ApiEnvelope<unknown> {
  return {
    success: false,
    data,
    errCode,
    errMessage,
    httpStatusCode: status,
    code: status,
    message: errMessage,
    showType: SHOW_TYPE.ERROR,
    requestId,
    ...(ref ? { errKey: ref.key, errParams: ref.params ?? {} } : {}),
  };
}
