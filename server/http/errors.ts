/**
 * The error a handler throws to answer with an error envelope: a contract error code (which fixes
 * the HTTP status), optionally a more precise localised message and some data for the client.
 */
import { ERROR_STATUS, type ErrorCode } from '../../contract';
import type { MessageKey, MessageParams } from '../i18n';

export interface ApiErrorOptions {
  /** a more precise message than the code's own */
  messageKey?: MessageKey;
  params?: MessageParams;
  data?: unknown;
  /** overrides the code's HTTP status (rare: e.g. 415 reported as BAD_REQUEST) */
  status?: number;
}

export class ApiError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: ApiErrorOptions = {},
  ) {
    super(options.messageKey ?? code);
    this.name = 'ApiError';
    this.statusCode = options.status ?? ERROR_STATUS[code];
  }
}
