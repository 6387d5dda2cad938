/**
 * Every error becomes the envelope, with the right HTTP status and a localised errMessage.
 * 5xx answers never carry internals; they are logged with the request id instead.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale, translate, type MessageKey } from '../i18n';
import { errorEnvelope } from './envelope';
import { ApiError } from './errors';
import { quoteParams } from './quoteInput';
import { describeValidation } from './validationMessage';

interface ErrorAnswer {
  status: number;
  code: string;
  messageKey: MessageKey;
  params?: Record<string, string | number>;
  data?: unknown;
  /** replaces the translated message (validation: the field sentence, already filled in) */
  message?: string;
}

function classify(error: FastifyError | ApiError, request: FastifyRequest): ErrorAnswer {
  if (error instanceof ApiError) {
    return {
      status: error.statusCode,
      code: error.code,
      messageKey: error.options.messageKey ?? error.code,
      params: error.options.params,
      data: error.options.data ?? null,
    };
  }
  const status = error.statusCode ?? 500;
  if (error.validation) {
    const described = describeValidation(error.validation, requestLocale(request.headers));
    const fields = described.map(({ field, message }) => ({ field, message }));
    const [first] = described;
    // the first field's sentence; its key and parameters let the browser say it in its own words
    return first
      ? { status: 400, code: 'VALIDATION_FAILED', messageKey: first.key, params: first.params, message: first.message, data: { fields } }
      : { status: 400, code: 'VALIDATION_FAILED', messageKey: 'VALIDATION_FAILED', data: { fields } };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', messageKey: 'PAYLOAD_TOO_LARGE' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'BAD_REQUEST', messageKey: 'http.unsupportedMediaType' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: 'BAD_REQUEST', messageKey: 'http.invalidJson' };
    // a path parameter longer than the router takes: no such resource (Fastify's own answer is a
    // bare 414 echoing the path)
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 404, code: 'NOT_FOUND', messageKey: 'http.notFound', params: { method: request.method, url: request.url.split('?')[0] } };
    case 'FST_ERR_BAD_URL':
      return { status: 400, code: 'BAD_REQUEST', messageKey: 'BAD_REQUEST' };
    default:
  }
  if (status === 413) return { status, code: 'PAYLOAD_TOO_LARGE', messageKey: 'PAYLOAD_TOO_LARGE' };
  if (status >= 400 && status < 500) return { status, code: 'BAD_REQUEST', messageKey: 'BAD_REQUEST' };
  return { status: 500, code: 'INTERNAL_ERROR', messageKey: 'INTERNAL_ERROR' };
}

export function errorHandler(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = classify(error, request);
  if (answer.status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ errCode: answer.code, status: answer.status, reason: error.message }, 'request refused');
  }
  const locale = requestLocale(request.headers);
  // parameters may carry the caller's input (a recipient, a code, a URL): quoted, never markup
  const params = quoteParams(answer.params);
  const message = answer.message ?? translate(locale, answer.messageKey, params);
  return reply
    .code(answer.status)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(answer.status, answer.code, message, request.id, answer.data ?? null, { key: answer.messageKey, params }));
}
