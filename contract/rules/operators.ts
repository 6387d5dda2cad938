/**
 * Operators of the console (/admin): roles, what each may do, which actions need a second
 * operator (four eyes) and which a fresh wallet signature naming the action (step-up). Pure: the
 * server enforces it, the console hides what a role may not do, the tests walk the whole matrix.
 */

export const OPERATOR_ROLES = ['support', 'reviewer', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/**
 * What an operator endpoint needs. `console.read` is every role's: the dashboard and the read-only
 * pages (users, balances, ledger, sessions, orders, withdrawals, deposits, prices).
 */
export const OPERATOR_PERMISSIONS = [
  'console.read',
  'withdrawals.review',
  'deposits.review',
  'mall.fulfil',
  'users.protect',
  'deposits.credit',
  'prices.halt',
  'reconcile.run',
  'operators.manage',
  'features.manage',
  'audit.read',
] as const;
export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[number];

/**
 * support: reads users, orders, sessions. reviewer: withdrawal and deposit review, mall shipping
 * and refunds, freezing accounts and ending a user's sessions. finance: credits by hand, price
 * halts, reconciliation, the audit log. admin: operators, feature flags, the audit log. Nobody
 * holds every power: an admin cannot move money, a reviewer cannot add operators.
 */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly OperatorPermission[]>> = {
  support: ['console.read'],
  reviewer: ['console.read', 'withdrawals.review', 'deposits.review', 'mall.fulfil', 'users.protect'],
  finance: ['console.read', 'deposits.credit', 'prices.halt', 'reconcile.run', 'audit.read'],
  admin: ['console.read', 'operators.manage', 'features.manage', 'audit.read'],
};

export function roleCan(role: string, permission: OperatorPermission): boolean {
  return isOperatorRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** An operator session ends after this long without a request. */
export const OPERATOR_IDLE_TIMEOUT_MS = 15 * 60 * 1000;
/** …and this long after sign-in, however busy. */
export const OPERATOR_SESSION_MAX_MS = 12 * 3600 * 1000;

/** The SIWE statement of an operator's sign-in (never a user's: a user sign-in message opens no console). */
export const OPERATOR_SIGN_IN_STATEMENT = 'Sign in to the PowerFi operator console';

/**
 * Actions that move or release money, or change who may: each needs a fresh wallet signature whose
 * statement names the action and its target (`operatorActionStatement`), single use.
 */
export const OPERATOR_STEP_UP_ACTIONS = {
  'withdraw.approve': 'Approve withdrawal',
  'withdraw.reject': 'Reject withdrawal',
  'deposit.approve': 'Approve deposit',
  'deposit.reject': 'Reject deposit',
  'deposit.credit': 'Credit deposit by hand',
  'mall.refund': 'Refund mall order',
  'approval.confirm': 'Confirm approval',
} as const;
export type OperatorStepUpAction = keyof typeof OPERATOR_STEP_UP_ACTIONS;
export const OPERATOR_STEP_UP_ACTION_NAMES = Object.keys(OPERATOR_STEP_UP_ACTIONS) as OperatorStepUpAction[];

/** The words the wallet shows, e.g. "Approve withdrawal 12 in the PowerFi operator console" (SIWE statements are ASCII). */
export function operatorActionStatement(action: OperatorStepUpAction, target: string): string {
  return `${OPERATOR_STEP_UP_ACTIONS[action]} ${target} in the PowerFi operator console`;
}

/** Actions carried out only when a second, different operator confirms them (four eyes). */
export const FOUR_EYES_ACTIONS = ['withdraw.approve', 'deposit.credit', 'operator.add', 'operator.update'] as const;
export type FourEyesAction = (typeof FOUR_EYES_ACTIONS)[number];

/** Who may confirm a four-eyes action: an operator holding the same permission as the one who asked. */
export const FOUR_EYES_PERMISSION: Readonly<Record<FourEyesAction, OperatorPermission>> = {
  'withdraw.approve': 'withdrawals.review',
  'deposit.credit': 'deposits.credit',
  'operator.add': 'operators.manage',
  'operator.update': 'operators.manage',
};

export const APPROVAL_STATUSES = ['pending', 'done', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const AUDIT_SOURCES = ['console', 'cli'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];
