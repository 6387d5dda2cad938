/**
 * Error codes of the API and the HTTP status each one is sent with (the envelope: docs/decisions.md, *Server*).
 * The localised texts live in contract/messages (the server picks one by Accept-Language in
 * server/i18n); mocks use the zh-TW text.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  /** the call belongs to a feature an admin switched off */
  FEATURE_DISABLED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  IDEMPOTENCY_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  BUSINESS_RULE: 422,
  INSUFFICIENT_BALANCE: 422,
  PAY_PASSWORD_REQUIRED: 422,
  PAY_PASSWORD_WRONG: 422,
  PAY_PASSWORD_LOCKED: 423,
  SIWE_INVALID: 401,
  SIWE_NONCE_INVALID: 401,
  SIWE_DOMAIN_MISMATCH: 401,
  SIWE_CHAIN_UNSUPPORTED: 401,
  SIWE_EXPIRED: 401,
  SIWE_NOT_YET_VALID: 401,
  SIWE_SIGNATURE_INVALID: 401,
  /** a security-sensitive change sent without a fresh wallet signature (step-up); 403, the session stays */
  STEP_UP_REQUIRED: 403,
  /** the fresh wallet signature was refused (wrong wallet, purpose, origin, expired or used) */
  STEP_UP_INVALID: 403,
  /** no usable market price for a currency of the action (stale, sources disagree, halted): nothing moved */
  PRICE_UNAVAILABLE: 422,
  /** the price moved more than the allowed deviation since the quote: nothing moved, ask a new quote */
  PRICE_MOVED: 422,
  /** the exchange desk's position in a currency would pass its bound: nothing moved */
  EXCHANGE_LIMIT: 422,
  /** an operator froze the account: no money leaves it until unfrozen */
  ACCOUNT_FROZEN: 403,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
