/** The console's own calls (contract/admin/core.ts): sign-in, sessions, step-up, operators, approvals, audit. */
import type { adminCoreEndpoints } from '../../../contract/admin/core';
import type { BodyOf, DataOf, QueryOf } from '@/services/types';
import { ADMIN_API, adminGet, adminPost, seg, type AdminCallOptions } from '../http';

type E = typeof adminCoreEndpoints;

export const nonce = (options?: AdminCallOptions) => adminGet<DataOf<E['nonce']>>(`${ADMIN_API}/auth/nonce`, undefined, options);
export const signIn = (body: BodyOf<E['signIn']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['signIn']>>(`${ADMIN_API}/auth/sign-in`, body, options);
export const signOut = (options?: AdminCallOptions) => adminPost<DataOf<E['signOut']>>(`${ADMIN_API}/auth/sign-out`, undefined, options);
export const me = (options?: AdminCallOptions) => adminGet<DataOf<E['me']>>(`${ADMIN_API}/me`, undefined, options);
export const sessions = (options?: AdminCallOptions) => adminGet<DataOf<E['sessions']>>(`${ADMIN_API}/sessions`, undefined, options);
export const revokeSession = (body: BodyOf<E['revokeSession']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['revokeSession']>>(`${ADMIN_API}/sessions/revoke`, body, options);
export const stepUpChallenge = (body: BodyOf<E['stepUpChallenge']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['stepUpChallenge']>>(`${ADMIN_API}/step-up/challenge`, body, options);
export const operators = (options?: AdminCallOptions) => adminGet<DataOf<E['operators']>>(`${ADMIN_API}/operators`, undefined, options);
export const addOperator = (body: BodyOf<E['addOperator']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['addOperator']>>(`${ADMIN_API}/operators`, body, options);
export const updateOperator = (id: string, body: BodyOf<E['updateOperator']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['updateOperator']>>(`${ADMIN_API}/operators/${seg(id)}`, body, options);
export const approvals = (query: QueryOf<E['approvals']>, options?: AdminCallOptions) =>
  adminGet<DataOf<E['approvals']>>(`${ADMIN_API}/approvals`, query, options);
export const confirmApproval = (id: string, body: BodyOf<E['confirmApproval']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['confirmApproval']>>(`${ADMIN_API}/approvals/${seg(id)}/confirm`, body, options);
export const cancelApproval = (id: string, body: BodyOf<E['cancelApproval']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['cancelApproval']>>(`${ADMIN_API}/approvals/${seg(id)}/cancel`, body, options);
export const audit = (query: QueryOf<E['audit']>, options?: AdminCallOptions) => adminGet<DataOf<E['audit']>>(`${ADMIN_API}/audit`, query, options);
