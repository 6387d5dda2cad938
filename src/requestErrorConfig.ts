/**
 * The request plugin's runtime config (spec §7–§8, DESIGN §4, §7): the two headers every call
 * carries, the envelope check, and the error catalogue.
 *
 * Callers that pass `skipErrorHandler` get a `BizError` (envelope in `info`) for every response
 * that carries an envelope, and the original error otherwise; nothing is shown to the user.
 */
import type { AxiosResponse, RequestConfig, RequestOptions } from '@umijs/max';
import type { ApiEnvelope } from '../contract/envelope';
import { REQUEST_LANGUAGE } from '@/constants/app';
import type { Diagnostics } from '@/components/ErrorNotice';
import { ERROR_TEXTS } from '@/components/ErrorNotice/texts';
import { message } from '@/components/Feedback/notifier';
import { clearSession, getToken } from '@/session';
import { goToLogin } from '@/utils/loginRedirect';
import { markSignedOut } from '@/wallet/autoLoginGuard';

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

/** Adds `Accept-Language` always and `Authorization` when a session token is stored. */
function addRequestHeaders(config: RequestOptions): RequestOptions {
  const token = getToken();
  return {
    ...config,
    headers: {
      ...config.headers,
      'Accept-Language': REQUEST_LANGUAGE,
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

/** A short error toast, through the app's notifier (whose holders load on the first call). */
function showErrorToast(text: string): void {
  message.error(text);
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
    markSignedOut(); // no silent sign-in again: the user signs in on /login by choice
    clearSession();
    goToLogin();
    return;
  }
  if (envelope && (envelope.errMessage || envelope.errCode)) {
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
  } else if (response?.status) {
    showErrorToast(ERROR_TEXTS.statusPrefix + response.status);
  } else if (error.request) {
    showErrorToast(ERROR_TEXTS.noResponse);
  } else {
    showErrorToast(ERROR_TEXTS.failed);
  }
}

export const requestConfig: RequestConfig = {
  requestInterceptors: [addRequestHeaders],
  responseInterceptors: [rejectFailedEnvelope],
  errorConfig: { errorThrower, errorHandler },
};
