/** Users: find, detail, ledger, sessions, freeze (contract/admin/users.ts). */
import type { adminUsersEndpoints } from '../../../contract/admin/users';
import type { BodyOf, DataOf, QueryOf } from '@/services/types';
import { ADMIN_API, adminGet, adminPost, seg, type AdminCallOptions } from '../http';

type E = typeof adminUsersEndpoints;

export const users = (query: QueryOf<E['users']>, options?: AdminCallOptions) => adminGet<DataOf<E['users']>>(`${ADMIN_API}/users`, query, options);
export const userDetail = (uid: string, options?: AdminCallOptions) =>
  adminGet<DataOf<E['userDetail']>>(`${ADMIN_API}/users/${seg(uid)}`, undefined, options);
export const userLedger = (uid: string, query: QueryOf<E['userLedger']>, options?: AdminCallOptions) =>
  adminGet<DataOf<E['userLedger']>>(`${ADMIN_API}/users/${seg(uid)}/ledger`, query, options);
export const revokeUserSession = (uid: string, body: BodyOf<E['revokeUserSession']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['revokeUserSession']>>(`${ADMIN_API}/users/${seg(uid)}/sessions/revoke`, body, options);
export const freezeUser = (uid: string, body: BodyOf<E['freezeUser']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['freezeUser']>>(`${ADMIN_API}/users/${seg(uid)}/freeze`, body, options);
export const unfreezeUser = (uid: string, body: BodyOf<E['unfreezeUser']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['unfreezeUser']>>(`${ADMIN_API}/users/${seg(uid)}/unfreeze`, body, options);
