/**
 * The request plugin's runtime config: the two headers every call
 * carries, the envelope check, and the error catalogue.
 *
 * Callers that pass `skipErrorHandler` get a `BizError` (envelope in `info`) for every response
 * that carries an envelope, and the original error otherwise; nothing is shown to the user.
 */
import type { AxiosResponse, RequestConfig, RequestOptions } from '@umijs/max';
import type { ApiEnvelope } from '../contract/envelope';
import { REQUEST_LANGUAGE } from '@/constants/app';
import { interfaceLocale } from '@/locales/supported';
import type { Diagnostics } from '@/components/ErrorNotice';
import { message } from '@/components/Feedback/notifier';
import { getToken } from '@/session';
import { goToLogin } from '@/utils/loginRedirect';
import type { RequestFailureId } from '@/utils/requestFailureText';
import { endRefusedSession } from '@/utils/sessionEnded';

export type ErrorInfo = ApiEnvelope<unknown>;

/** A response whose envelope says `success: false` (or an HTTP error that carries an envelope). */
export class BizError extends Error {
  override name = 'BizError';
  constructor(
    public info: ErrorInfo,
    public response?: AxiosResponse,
  ) {
    super(info.errMessage || info.errCode || 'BizError');
  }
}

interface RequestFailure {
  name?: string;
  message?: string;
  response?: AxiosResponse;
  request?: unknown;
  config?: { url?: string; method?: string };
  code?: string;
}

function isEnvelope(body: unknown): body is ErrorInfo {
  return typeof body === 'object' && body !== null && typeof (body as ErrorInfo).success === 'boolean';
}

function envelopeOf(error: RequestFailure): ErrorInfo | undefined {
  if (error instanceof BizError) return error.info;
  return isEnvelope(error.response?.data) ? error.response.data : undefined;
}

/** An aborted call (AbortController, cancel token) is the caller's choice, not a failure. */
function isCancelled(error: RequestFailure): boolean {
  return error.name === 'CanceledError' || error.code === 'ERR_CANCELED';
}


/**
 * Adds `Accept-Language` (fixed by the wire) and `X-Locale` (the interface language, which the
 * server answers texts and catalogue names in) always, and `Authorization` when a session token
 * is stored.
 */
function addRequestHeaders(config: RequestOptions): RequestOptions {
  const token = getToken();
  return {
    ...config,
    headers: {
      ...config.headers,
      'Accept-Language': REQUEST_LANGUAGE,
      'X-Locale': interfaceLocale(),
      ...(token && !config.headers?.Authorization ? { Authorization: `Bearer ${token}` } : {}),
    },
  };
}

/** Keeps the response on the BizError so the diagnostics can name the URL, status and headers. */
function rejectFailedEnvelope(response: AxiosResponse): AxiosResponse {
  if (isEnvelope(response.data) && response.data.success === false) {
    throw new BizError(response.data, response);
  }
  return response;
}

export function errorThrower(envelope: ErrorInfo): void {
  if (envelope.success === false) throw new BizError(envelope);
}

/** The long-error notice (Typography, copy button) loads with the first error, not with the app. */
const loadErrorNotice = () => import(/* webpackChunkName: "error-notice" */ '@/components/ErrorNotice');
/** So do the error texts of the interface's language (src/utils/errorText.ts). */
const loadErrorText = () => import(/* webpackChunkName: "error-notice" */ '@/utils/errorText');

/**
 * Shows a failed call's error in the interface's language (src/utils/errorText.ts): the text is
 * rendered from errKey/errParams, falling back to errMessage; its length picks toast or notice.
 */
function showEnvelopeError(envelope: ErrorInfo, diagnostics: Omit<Diagnostics, 'message'>): void {
  void Promise.all([loadErrorNotice(), loadErrorText().then(({ errorTextOf }) => errorTextOf(envelope))]).then(([notice, text]) =>
    notice.showErrorText(text, { ...diagnostics, message: text }),
  );
}

/** The texts of a request without a usable answer, in the interface's language. */
const loadFailureText = () => import(/* webpackChunkName: "error-notice" */ '@/utils/requestFailureText');

/** How long the unknown-result toast of a money call stays (seconds): it asks the user to go and check. */
const MONEY_UNKNOWN_DURATION = 10;

/**
 * A short error toast, through the app's notifier, keyed by its text: calls that fail together
 * with the same text (several on one screen when the server is down) show it once.
 */
function showFailureToast(id: RequestFailureId, values?: Record<string, number>): void {
  void loadFailureText().then(({ requestFailureText }) => {
    const text = requestFailureText(id, values);
    message.error({ content: text, key: text, ...(id === 'request.failed.moneyUnknown' ? { duration: MONEY_UNKNOWN_DURATION } : {}) });
  });
}

/** A money call: it carries an Idempotency-Key (src/hooks/usePayAttempt.ts). */
function isMoneyCall(error: RequestFailure): boolean {
  const headers = (error.config as { headers?: Record<string, unknown> } | undefined)?.headers ?? {};
  return Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key');
}

export function errorHandler(error: RequestFailure, opts?: { skipErrorHandler?: boolean }): void {
  const envelope = envelopeOf(error);
  const response = error.response;
  if (opts?.skipErrorHandler) {
    if (envelope) throw error instanceof BizError ? error : new BizError(envelope, response);
    throw error;
  }
  if (isCancelled(error)) return;
  if (response?.status === 401 || envelope?.httpStatusCode === 401) {
    endRefusedSession(envelope?.errCode);
    goToLogin();
    return;
  }
  // a browser's failed request may come with status 0: that is no answer
  const status = response?.status || undefined;
  const serverFailed = status !== undefined && status >= 500;
  // a 5xx's own words only when it names a message key the interface can say in its language
  if (envelope && (envelope.errMessage || envelope.errCode) && (!serverFailed || envelope.errKey)) {
    showEnvelopeError(envelope, {
      url: response?.config?.url ?? error.config?.url,
      method: response?.config?.method ?? error.config?.method,
      status: response?.status,
      statusText: response?.statusText,
      body: response?.data ?? envelope,
      headers: response?.headers,
      statusCode: envelope.httpStatusCode ?? envelope.code,
      time: new Date(),
    });
  } else if (isMoneyCall(error) && (serverFailed || (status === undefined && error.request))) {
    // the money may or may not have moved: never say the request went through
    showFailureToast('request.failed.moneyUnknown');
  } else if (status !== undefined) {
    showFailureToast('request.failed.status', { status });
  } else if (error.request) {
    showFailureToast('request.failed.noResponse');
  } else {
    showFailureToast('request.failed.other');
  }
}

export const requestConfig: RequestConfig = {
  requestInterceptors: [addRequestHeaders],
  responseInterceptors: [rejectFailedEnvelope],
  errorConfig: { errorThrower, errorHandler },
};
