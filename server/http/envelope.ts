/** The response envelope of DESIGN.md §4, for successes and errors. */
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

export function errorEnvelope(status: number, errCode: string, errMessage: string, requestId: string, data: unknown = null): ApiEnvelope<unknown> {
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
  };
}
