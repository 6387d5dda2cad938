/** Schemas every operator area shares: the operator's proof and reason, paging, the user summary. */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { EvmAddress, Id, PageQuery, Timestamp } from '../common';
import { WalletProof } from '../stepUp';
import { OPERATOR_ROLES } from '../rules/operators';

export const OperatorRoleSchema = Type.Union(OPERATOR_ROLES.map((role) => Type.Literal(role)));

/** Why an operator did something: shown in the audit log (1–200 characters). */
export const Reason = Type.String({ minLength: 1, maxLength: 200 });

/** A body carrying the fresh wallet signature of a money-affecting action (OPERATOR_STEP_UP_ACTIONS). */
export const ProofBody = Type.Object({ proof: WalletProof });
export const ProofReasonBody = Type.Object({ proof: WalletProof, reason: Reason });
export type ProofBodyType = Static<typeof ProofBody>;
export type ProofReasonBodyType = Static<typeof ProofReasonBody>;

/** A console list query: paging (`page`, `pageSize`) plus the list's own filters, all done by the server. */
export function AdminListQuery<T extends TProperties>(filters: T) {
  return Type.Object({ page: PageQuery.properties.page, pageSize: PageQuery.properties.pageSize, ...filters });
}

/** A console list page: the rows and the count of all rows matching the filters. */
export const AdminPage = <T extends import('@sinclair/typebox').TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer({ minimum: 0 }), page: Type.Integer({ minimum: 1 }), pageSize: Type.Integer({ minimum: 1 }) });

/** Who a row belongs to, as the console shows it. */
export const AdminUserSummary = Type.Object({
  id: Id,
  uid: Type.String(),
  address: EvmAddress,
  frozen: Type.Boolean(),
  createdAt: Timestamp,
});
export type AdminUserSummaryType = Static<typeof AdminUserSummary>;
