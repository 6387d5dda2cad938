/**
 * The operator console's own calls for `max dev` (contract/admin/core.ts): operator sign-in (any
 * signature of a message carrying an issued nonce and the console's statement; an address that is
 * not an operator yet joins as an admin, so every page can be seen), the operator and the role's
 * permissions, sessions, step-up challenges (the proof is only checked for its nonce, action and
 * statement), operators (each change a pending approval a second admin confirms), approvals and
 * the audit log, which every action here writes to.
 */
import { getAddress } from 'ethers';
import { adminCoreEndpoints, type ApprovalViewType, type AuditEntryViewType, type OperatorSessionViewType, type OperatorViewType } from '../contract/admin/core';
import type { WalletProofType } from '../contract/stepUp';
import {
  FOUR_EYES_PERMISSION,
  OPERATOR_SIGN_IN_STATEMENT,
  ROLE_PERMISSIONS,
  operatorActionStatement,
  roleCan,
  type OperatorPermission,
  type OperatorRole,
  type OperatorStepUpAction,
} from '../contract/rules/operators';
import { MockError, refusal } from './_errors';
import { mockRoutes, paginate } from './_kit';
import { parseSiwe } from './_siwe';
import { nextId, randomToken } from './_state';
import { now, timestamp } from './_time';

const NONCE_TTL_MS = 5 * 60 * 1000;
/** Ethereum, BNB Smart Chain, Polygon, Arbitrum One */
const CHAIN_IDS = [1, 56, 137, 42161];

interface OperatorSession {
  id: string;
  operatorId: string;
  createdAt: string;
  lastUsedAt: string;
}

const operators: OperatorViewType[] = [];
const sessions = new Map<string, OperatorSession>();
const nonces = new Map<string, number>();
const challenges = new Map<string, { operatorId: string; action: OperatorStepUpAction; target: string; expires: number }>();
const approvals: ApprovalViewType[] = [];
const audit: AuditEntryViewType[] = [];

/** Demo operators, the same addresses the money mocks name as reviewers. */
const SEED: Array<[string, OperatorRole]> = [
  ['0x90F79bf6EB2c4f870365E785982E1f101E93b906', 'reviewer'],
  ['0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', 'finance'],
  ['0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc', 'reviewer'],
  ['0x976EA74026E726554dB657fA54763abd0C3a0aa9', 'admin'],
];

function seed(): void {
  if (operators.length) return;
  for (const [address, role] of SEED) addOperator(address, role, 'cli:setup');
}

function addOperator(address: string, role: OperatorRole, addedBy: string): OperatorViewType {
  const operator: OperatorViewType = { id: nextId(), address: getAddress(address), role, enabled: true, addedBy, createdAt: timestamp() };
  operators.push(operator);
  return operator;
}

function operatorById(id: string): OperatorViewType {
  seed();
  const found = operators.find((operator) => operator.id === id);
  if (!found) throw refusal('NOT_FOUND', 'admin.operator.notFound');
  return found;
}

/** The operator of a console token, who must hold `permission`; a refusal like the server's otherwise. */
export function mockOperatorOf(token: string | null, permission: OperatorPermission | 'signedIn' = 'signedIn'): OperatorViewType {
  seed();
  const session = token ? sessions.get(token) : undefined;
  const operator = session && operators.find((candidate) => candidate.id === session.operatorId && candidate.enabled);
  if (!session || !operator) throw new MockError('UNAUTHORIZED');
  session.lastUsedAt = timestamp();
  if (permission !== 'signedIn' && !roleCan(operator.role, permission)) throw refusal('FORBIDDEN', 'admin.forbidden');
  return operator;
}

function record(operator: OperatorViewType, action: string, target: string, reason: string, before: unknown = null, after: unknown = null): void {
  audit.push({
    id: nextId(), source: 'console', actor: operator.address, role: operator.role, action, target, before, after, reason,
    requestId: `mock-${randomToken(6)}`, createdAt: timestamp(),
  });
}

/** Refuses unless `proof` carries an unused challenge of this operator for `action` on `target`, with its statement; spends it. */
function spendProof(operator: OperatorViewType, action: OperatorStepUpAction, target: string, proof: WalletProofType): void {
  const message = parseSiwe(proof.message);
  const challenge = challenges.get(message.nonce);
  if (!challenge || challenge.operatorId !== operator.id || challenge.expires < now()) throw refusal('STEP_UP_INVALID', 'admin.stepUp.challengeInvalid');
  if (challenge.action !== action || challenge.target !== target || message.statement !== operatorActionStatement(action, target)) {
    throw refusal('STEP_UP_INVALID', 'admin.stepUp.wrongAction');
  }
  if (getAddress(message.address) !== operator.address) throw refusal('STEP_UP_INVALID', 'admin.stepUp.wrongWallet');
  challenges.delete(message.nonce);
}

function requestApproval(operator: OperatorViewType, action: 'operator.add' | 'operator.update', target: string, payload: Record<string, unknown>, reason: string) {
  if (approvals.some((approval) => approval.action === action && approval.target === target && approval.status === 'pending')) {
    throw refusal('CONFLICT', 'admin.approval.alreadyPending');
  }
  const approval: ApprovalViewType = {
    id: nextId(), action, target, payload, status: 'pending', requestedBy: operator.address, reason, requestedAt: timestamp(), decidedBy: null, decidedAt: null,
  };
  approvals.push(approval);
  record(operator, `${action}.request`, target, reason, null, payload);
  return { approval };
}

function approvalById(id: string): ApprovalViewType {
  const found = approvals.find((approval) => approval.id === id);
  if (!found) throw refusal('NOT_FOUND', 'admin.approval.notFound');
  return found;
}

/** What a confirmed operator change does. */
function carryOut(approval: ApprovalViewType, by: OperatorViewType): void {
  const payload = approval.payload as { address?: string; role?: OperatorRole; enabled?: boolean };
  if (approval.action === 'operator.add') {
    if (operators.some((operator) => operator.address === getAddress(payload.address!))) throw refusal('CONFLICT', 'admin.operator.exists');
    addOperator(payload.address!, payload.role!, by.address);
    return;
  }
  const operator = operatorById(approval.target.replace(/^operator:/, ''));
  if (payload.role !== undefined) operator.role = payload.role;
  if (payload.enabled !== undefined) operator.enabled = payload.enabled;
}

export default mockRoutes(adminCoreEndpoints, {
  nonce: () => {
    const nonce = randomToken(8);
    const expires = now() + NONCE_TTL_MS;
    nonces.set(nonce, expires);
    return { nonce, expiresAt: new Date(expires).toISOString(), chainIds: CHAIN_IDS, statement: OPERATOR_SIGN_IN_STATEMENT };
  },

  signIn: ({ body }) => {
    seed();
    const message = parseSiwe(body.message);
    const expiry = nonces.get(message.nonce);
    if (!expiry || expiry < now()) throw new MockError('SIWE_NONCE_INVALID');
    if (message.statement !== OPERATOR_SIGN_IN_STATEMENT) throw refusal('SIWE_INVALID', 'admin.signIn.wrongStatement');
    nonces.delete(message.nonce);
    const address = getAddress(message.address);
    const operator = operators.find((candidate) => candidate.address === address) ?? addOperator(address, 'admin', 'cli:max-dev');
    if (!operator.enabled) throw refusal('FORBIDDEN', 'admin.signIn.notOperator');
    const token = randomToken();
    sessions.set(token, { id: randomToken(12), operatorId: operator.id, createdAt: timestamp(), lastUsedAt: timestamp() });
    record(operator, 'operator.signIn', `operator:${operator.id}`, '');
    return { token, expiresAt: timestamp(), me: { operator, permissions: [...ROLE_PERMISSIONS[operator.role]] } };
  },

  signOut: ({ token }) => {
    mockOperatorOf(token);
    sessions.delete(token!);
    return null;
  },

  me: ({ token }) => {
    const operator = mockOperatorOf(token);
    return { operator, permissions: [...ROLE_PERMISSIONS[operator.role]] };
  },

  sessions: ({ token }) => {
    const operator = mockOperatorOf(token);
    const everyone = roleCan(operator.role, 'operators.manage');
    return [...sessions.entries()]
      .filter(([, session]) => everyone || session.operatorId === operator.id)
      .map(([sessionToken, session]): OperatorSessionViewType => {
        const owner = operatorById(session.operatorId);
        return {
          id: session.id, operatorId: owner.id, address: owner.address, role: owner.role, userAgent: 'max dev (mock)', ip: '127.0.0.1',
          createdAt: session.createdAt, lastUsedAt: session.lastUsedAt, current: sessionToken === token,
        };
      });
  },

  revokeSession: ({ token, body }) => {
    const operator = mockOperatorOf(token);
    const found = [...sessions.entries()].find(([, session]) => session.id === body.id);
    if (!found || (found[1].operatorId !== operator.id && !roleCan(operator.role, 'operators.manage'))) throw refusal('NOT_FOUND', 'admin.session.notFound');
    sessions.delete(found[0]);
    record(operator, 'operator.session.revoke', `operator:${found[1].operatorId}`, '');
    return null;
  },

  stepUpChallenge: ({ token, body }) => {
    const operator = mockOperatorOf(token);
    const nonce = randomToken(8);
    const expires = now() + NONCE_TTL_MS;
    challenges.set(nonce, { operatorId: operator.id, action: body.action, target: body.target, expires });
    return { nonce, expiresAt: new Date(expires).toISOString(), chainIds: CHAIN_IDS, statement: operatorActionStatement(body.action, body.target) };
  },

  operators: ({ token }) => {
    mockOperatorOf(token, 'operators.manage');
    return [...operators];
  },

  addOperator: ({ token, body }) => {
    const operator = mockOperatorOf(token, 'operators.manage');
    const address = getAddress(body.address);
    if (operators.some((candidate) => candidate.address === address)) throw refusal('CONFLICT', 'admin.operator.exists');
    return requestApproval(operator, 'operator.add', `address:${address}`, { address, role: body.role }, body.reason);
  },

  updateOperator: ({ token, params, body }) => {
    const operator = mockOperatorOf(token, 'operators.manage');
    const target = operatorById(params.id);
    if (body.role === undefined && body.enabled === undefined) throw refusal('BUSINESS_RULE', 'admin.operator.noChange');
    const payload = { ...(body.role === undefined ? {} : { role: body.role }), ...(body.enabled === undefined ? {} : { enabled: body.enabled }) };
    return requestApproval(operator, 'operator.update', `operator:${target.id}`, payload, body.reason);
  },

  approvals: ({ token, query }) => {
    mockOperatorOf(token, 'console.read');
    const rows = [...approvals]
      .reverse()
      .filter((approval) => (!query.status || approval.status === query.status) && (!query.action || approval.action === query.action));
    const page = paginate(rows, query);
    return { list: page.list, total: rows.length, page: page.page, pageSize: page.pageSize };
  },

  confirmApproval: ({ token, params, body }) => {
    const operator = mockOperatorOf(token);
    const approval = approvalById(params.id);
    if (!roleCan(operator.role, FOUR_EYES_PERMISSION[approval.action])) throw refusal('FORBIDDEN', 'admin.forbidden');
    if (approval.status !== 'pending') throw refusal('CONFLICT', 'admin.approval.notPending');
    if (approval.requestedBy === operator.address) throw refusal('FORBIDDEN', 'admin.approval.sameOperator');
    spendProof(operator, 'approval.confirm', approval.id, body.proof);
    carryOut(approval, operator);
    Object.assign(approval, { status: 'done', decidedBy: operator.address, decidedAt: timestamp() });
    record(operator, `${approval.action}.confirm`, approval.target, approval.reason, null, approval.payload);
    return { approval };
  },

  cancelApproval: ({ token, params, body }) => {
    const operator = mockOperatorOf(token);
    const approval = approvalById(params.id);
    const mayDecide = approval.requestedBy === operator.address || roleCan(operator.role, FOUR_EYES_PERMISSION[approval.action]);
    if (!mayDecide) throw refusal('FORBIDDEN', 'admin.forbidden');
    if (approval.status !== 'pending') throw refusal('CONFLICT', 'admin.approval.notPending');
    Object.assign(approval, { status: 'cancelled', decidedBy: operator.address, decidedAt: timestamp() });
    record(operator, `${approval.action}.cancel`, approval.target, body.reason);
    return { approval };
  },

  audit: ({ token, query }) => {
    mockOperatorOf(token, 'audit.read');
    const from = query.from ? Date.parse(query.from) : undefined;
    const to = query.to ? Date.parse(query.to) : undefined;
    const at = (entry: AuditEntryViewType) => Date.parse(entry.createdAt.replace(' ', 'T'));
    const rows = [...audit].reverse().filter(
      (entry) =>
        (!query.actor || entry.actor.toLowerCase() === query.actor.toLowerCase()) &&
        (!query.action || entry.action === query.action || entry.action.startsWith(`${query.action}.`)) &&
        (!query.target || entry.target === query.target) &&
        (from === undefined || at(entry) >= from) &&
        (to === undefined || at(entry) <= to),
    );
    const page = paginate(rows, query);
    return { list: page.list, total: rows.length, page: page.page, pageSize: page.pageSize };
  },
});
