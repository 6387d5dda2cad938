/** Withdrawals, signer halts and deposits (contract/admin/money.ts). */
import type { adminMoneyEndpoints } from '../../../contract/admin/money';
import type { BodyOf, DataOf, QueryOf } from '@/services/types';
import { ADMIN_API, adminGet, adminPost, seg, type AdminCallOptions } from '../http';

type E = typeof adminMoneyEndpoints;

export const withdrawals = (query: QueryOf<E['withdrawals']>, options?: AdminCallOptions) =>
  adminGet<DataOf<E['withdrawals']>>(`${ADMIN_API}/withdrawals`, query, options);
export const withdrawalDetail = (id: string, options?: AdminCallOptions) =>
  adminGet<DataOf<E['withdrawalDetail']>>(`${ADMIN_API}/withdrawals/${seg(id)}`, undefined, options);
export const approveWithdrawal = (id: string, body: BodyOf<E['approveWithdrawal']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['approveWithdrawal']>>(`${ADMIN_API}/withdrawals/${seg(id)}/approve`, body, options);
export const rejectWithdrawal = (id: string, body: BodyOf<E['rejectWithdrawal']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['rejectWithdrawal']>>(`${ADMIN_API}/withdrawals/${seg(id)}/reject`, body, options);
export const withdrawalHalts = (options?: AdminCallOptions) =>
  adminGet<DataOf<E['withdrawalHalts']>>(`${ADMIN_API}/withdrawal-halts`, undefined, options);
export const haltWithdrawals = (body: BodyOf<E['haltWithdrawals']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['haltWithdrawals']>>(`${ADMIN_API}/withdrawals/halt`, body, options);
export const resumeWithdrawals = (body: BodyOf<E['resumeWithdrawals']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['resumeWithdrawals']>>(`${ADMIN_API}/withdrawals/resume`, body, options);
export const deposits = (query: QueryOf<E['deposits']>, options?: AdminCallOptions) =>
  adminGet<DataOf<E['deposits']>>(`${ADMIN_API}/deposits`, query, options);
export const approveDeposit = (id: string, body: BodyOf<E['approveDeposit']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['approveDeposit']>>(`${ADMIN_API}/deposits/${seg(id)}/approve`, body, options);
export const rejectDeposit = (id: string, body: BodyOf<E['rejectDeposit']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['rejectDeposit']>>(`${ADMIN_API}/deposits/${seg(id)}/reject`, body, options);
export const creditDeposit = (body: BodyOf<E['creditDeposit']>, options?: AdminCallOptions) =>
  adminPost<DataOf<E['creditDeposit']>>(`${ADMIN_API}/deposits/credit`, body, options);
