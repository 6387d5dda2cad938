/**
 * The console's own calls: operator sign-in and sessions, step-up challenges, operators (admin),
 * second approvals (four eyes) and the audit log.
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from '../endpoint';
import { Empty, EvmAddress, Id, IdParams, Timestamp } from '../common';
import { NonceResponse, SignInBody } from '../auth';

import { APPROVAL_STATUSES, AUDIT_SOURCES, FOUR_EYES_ACTIONS, OPERATOR_PERMISSIONS, OPERATOR_STEP_UP_ACTION_NAMES } from '../rules/operators';
import { AdminListQuery, AdminPage, OperatorRoleSchema, ProofBody, Reason } from './common';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

export const OperatorView = Type.Object({
  id: Id,
  address: EvmAddress,
  role: OperatorRoleSchema,
  enabled: Type.Boolean(),
  /** the operator address, or `cli:<name>`, that added this one */
  addedBy: Type.String(),
  createdAt: Timestamp,
});
export type OperatorViewType = Static<typeof OperatorView>;

/** The signed-in operator and what the role allows (the console's access map). */
export const OperatorMe = Type.Object({
  operator: OperatorView,
  permissions: Type.Array(literals(OPERATOR_PERMISSIONS)),
});
export type OperatorMeType = Static<typeof OperatorMe>;

export const OperatorSignInBody = Type.Object({ message: SignInBody.properties.message, signature: SignInBody.properties.signature });
export const OperatorSignInResponse = Type.Object({ token: Type.String(), expiresAt: Timestamp, me: OperatorMe });
export type OperatorSignInResponseType = Static<typeof OperatorSignInResponse>;

export const OperatorSessionView = Type.Object({
  id: Type.String(),
  operatorId: Id,
  address: EvmAddress,
  role: OperatorRoleSchema,
  userAgent: Type.String(),
  ip: Type.String(),
  createdAt: Timestamp,
  lastUsedAt: Timestamp,
  current: Type.Boolean(),
});
export type OperatorSessionViewType = Static<typeof OperatorSessionView>;

export const OperatorStepUpBody = Type.Object({
  action: literals(OPERATOR_STEP_UP_ACTION_NAMES),
  /** what it acts on, e.g. a withdrawal id ("12"), an approval id, a transaction hash */
  target: Type.String({ pattern: '^[A-Za-z0-9:._-]{1,100}$' }),
});
export type OperatorStepUpBodyType = Static<typeof OperatorStepUpBody>;

export const OperatorAddBody = Type.Object({ address: EvmAddress, role: OperatorRoleSchema, reason: Reason });
export type OperatorAddBodyType = Static<typeof OperatorAddBody>;
export const OperatorUpdateBody = Type.Object({
  role: Type.Optional(OperatorRoleSchema),
  enabled: Type.Optional(Type.Boolean()),
  reason: Reason,
});
export type OperatorUpdateBodyType = Static<typeof OperatorUpdateBody>;

export const ApprovalView = Type.Object({
  id: Id,
  action: literals(FOUR_EYES_ACTIONS),
  target: Type.String(),
  /** what will be done, e.g. { "address": "0x…", "role": "reviewer" } */
  payload: Type.Record(Type.String(), Type.Unknown()),
  status: literals(APPROVAL_STATUSES),
  requestedBy: EvmAddress,
  reason: Type.String(),
  requestedAt: Timestamp,
  decidedBy: Type.Union([EvmAddress, Type.Null()]),
  decidedAt: Type.Union([Timestamp, Type.Null()]),
});
export type ApprovalViewType = Static<typeof ApprovalView>;

/** What asking for a four-eyes action answers: it waits for a second operator. */
export const ApprovalRequested = Type.Object({ approval: ApprovalView });

export const ApprovalsQuery = AdminListQuery({ status: Type.Optional(literals(APPROVAL_STATUSES)), action: Type.Optional(literals(FOUR_EYES_ACTIONS)) });
export type ApprovalsQueryType = Static<typeof ApprovalsQuery>;

export const ApprovalCancelBody = Type.Object({ reason: Reason });

export const AuditEntryView = Type.Object({
  id: Id,
  source: literals(AUDIT_SOURCES),
  actor: Type.String(),
  role: Type.String(),
  action: Type.String(),
  target: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  reason: Type.String(),
  requestId: Type.String(),
  createdAt: Timestamp,
});
export type AuditEntryViewType = Static<typeof AuditEntryView>;

export const AuditQuery = AdminListQuery({
  /** an operator address or command-line name, exact */
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** an action, or its first part: 'withdraw' finds 'withdraw.approve' and 'withdraw.reject' */
  action: Type.Optional(Type.String({ pattern: '^[a-zA-Z.]{1,48}$' })),
  /** a target, exact, e.g. 'withdrawal:12' */
  target: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** from and to: ISO dates or instants, to inclusive */
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
});
export type AuditQueryType = Static<typeof AuditQuery>;

export const adminCoreEndpoints = {
  nonce: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/auth/nonce', auth: false,
    summary: 'Issue a one-time SIWE nonce for an operator sign-in', response: NonceResponse,
  }),
  signIn: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/auth/sign-in', auth: false,
    summary: 'Sign in an enabled operator with a signed SIWE message (the console statement)', body: OperatorSignInBody, response: OperatorSignInResponse,
  }),
  signOut: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/auth/sign-out', auth: false, operator: 'signedIn',
    summary: 'End the current operator session', response: Empty,
  }),
  me: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/me', auth: false, operator: 'signedIn',
    summary: 'The signed-in operator and the permissions of the role', response: OperatorMe,
  }),
  sessions: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/sessions', auth: false, operator: 'signedIn',
    summary: 'Live operator sessions: every operator\'s for an admin, else the caller\'s own', response: Type.Array(OperatorSessionView),
  }),
  revokeSession: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/sessions/revoke', auth: false, operator: 'signedIn',
    summary: 'End an operator session (an admin any, others their own)', body: Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }) }), response: Empty,
  }),
  stepUpChallenge: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/step-up/challenge', auth: false, operator: 'signedIn',
    summary: 'Issue a one-time nonce for a fresh wallet signature naming one action on one target', body: OperatorStepUpBody, response: NonceResponse,
  }),
  operators: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/operators', auth: false, operator: 'operators.manage',
    summary: 'Every operator', response: Type.Array(OperatorView),
  }),
  addOperator: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/operators', auth: false, operator: 'operators.manage',
    summary: 'Ask to add an operator: carried out when a second admin confirms', body: OperatorAddBody, response: ApprovalRequested,
  }),
  updateOperator: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/operators/:id', auth: false, operator: 'operators.manage',
    summary: 'Ask to change an operator\'s role or enable / disable them: carried out when a second admin confirms',
    params: IdParams, body: OperatorUpdateBody, response: ApprovalRequested,
  }),
  approvals: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/approvals', auth: false, operator: 'console.read',
    summary: 'Actions waiting for (or given) a second operator\'s confirmation', query: ApprovalsQuery, response: AdminPage(ApprovalView),
  }),
  confirmApproval: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/approvals/:id/confirm', auth: false, operator: 'signedIn',
    summary: 'Confirm another operator\'s action (same permission, a different operator, a fresh signature): it is carried out',
    params: IdParams, body: ProofBody, response: Type.Object({ approval: ApprovalView }),
  }),
  cancelApproval: defineEndpoint({
    method: 'POST', prefix: 'admin', path: '/approvals/:id/cancel', auth: false, operator: 'signedIn',
    summary: 'Withdraw or turn down a waiting action (the asker, or an operator allowed to confirm it)',
    params: IdParams, body: ApprovalCancelBody, response: Type.Object({ approval: ApprovalView }),
  }),
  audit: defineEndpoint({
    method: 'GET', prefix: 'admin', path: '/audit', auth: false, operator: 'audit.read',
    summary: 'The audit log, newest first, filtered by operator, action, target and time', query: AuditQuery, response: AdminPage(AuditEntryView),
  }),
};

