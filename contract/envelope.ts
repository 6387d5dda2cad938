/**
 * The response envelope every call returns, errors included: `success`, `data`, `errCode`,
 * `errMessage` (docs/decisions.md, "Server").
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** antd-pro's showType values: 0 silent, 1 warn, 2 error, 3 notification, 9 redirect. */
export const SHOW_TYPE = { SILENT: 0, WARN: 1, ERROR: 2, NOTIFICATION: 3, REDIRECT: 9 } as const;

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    success: Type.Boolean(),
    data,
    errCode: Type.String(),
    errMessage: Type.String(),
    httpStatusCode: Type.Integer(),
    code: Type.Integer(),
    message: Type.String(),
    showType: Type.Integer(),
    /** id of the request, for support; present on every server response */
    requestId: Type.Optional(Type.String()),
    /**
     * Errors only: the message key of errMessage in contract/messages and its parameters, so a
     * client renders the text in its own language (errMessage stays in the language of
     * Accept-Language, zh-TW on the app's requests). A client that does not know the key shows errMessage.
     */
    errKey: Type.Optional(Type.String()),
    errParams: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  });

export const ErrorEnvelope = Envelope(Type.Union([Type.Null(), Type.Unknown()]));

export interface ApiEnvelope<T> {
  success: boolean;
  data: T;
  errCode: string;
  errMessage: string;
  httpStatusCode: number;
  code: number;
  message: string;
  showType: number;
  requestId?: string;
  /** errors only: the message key of errMessage (contract/messages) */
  errKey?: string;
  /** errors only: the parameters of errKey's text */
  errParams?: Record<string, string | number>;
}

export type ErrorEnvelopeType = Static<typeof ErrorEnvelope>;
