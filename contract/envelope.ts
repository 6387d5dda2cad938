/**
 * The response envelope every call returns, errors included (DESIGN.md §4).
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
}

export type ErrorEnvelopeType = Static<typeof ErrorEnvelope>;
