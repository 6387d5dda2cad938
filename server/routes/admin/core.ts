/** The console's own calls (contract/admin/core.ts): sign-in, sessions, step-up, operators, approvals, audit. */
import type { FastifyInstance } from 'fastify';
import { contract } from '../../../contract';
import { OPERATOR_SIGN_IN_STATEMENT, ROLE_PERMISSIONS, type ApprovalStatus, type FourEyesAction, type OperatorRole } from '../../../contract/rules/operators';
import type { AppContext } from '../../context';
import { issueNonce } from '../../auth/nonces';
import { route } from '../../http/route';
import { ApiError } from '../../http/errors';
import { actorOf, operatorOf } from '../../operators/authenticate';
import { endOperatorSession, listOperatorSessions, revokeOperatorSessionAs } from '../../operators/sessions';
import { signInOperator } from '../../operators/signIn';
import { checkOperatorStepUp, issueOperatorChallenge } from '../../operators/stepUp';
import { askToAddOperator, askToUpdateOperator, describeOperator, listOperators, operatorById, type OperatorRow } from '../../operators/operators';
import { approvalById, cancelApproval, listApprovals, withAddresses, type ApprovalRow } from '../../operators/approvals';
import { APPROVAL_EXECUTORS } from '../../operators/approvalExecutors';
import { listAudit } from '../../operators/auditQuery';
import type { OperatorAct } from '../../operators/actor';

export default async function adminCoreRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, clock, time } = ctx;

  const operatorView = (row: OperatorRow) => {
    const view = describeOperator(row);
    return { ...view, role: view.role as OperatorRole, createdAt: time.timestamp(view.createdAt) };
  };
  const me = (row: OperatorRow) => ({ operator: operatorView(row), permissions: [...ROLE_PERMISSIONS[row.role as OperatorRole]] });

  const approvalViews = async (rows: ApprovalRow[]) => (await withAddresses(db, rows)).map(approvalView);
  const approvalView = (row: Awaited<ReturnType<typeof withAddresses>>[number]) => ({
    id: String(row.id),
    action: row.action as FourEyesAction,
    target: row.target,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    status: row.status as ApprovalStatus,
    requestedBy: row.requestedByAddress,
    reason: row.reason,
    requestedAt: time.timestamp(row.requested_at),
    decidedBy: row.decidedByAddress,
    decidedAt: row.decided_at === null ? null : time.timestamp(row.decided_at),
  });
  const oneApproval = async (row: ApprovalRow) => (await approvalViews([row]))[0];

  route(app, contract.admin.nonce, async () => {
    const { nonce, expiresAt } = await issueNonce(db, clock.now(), config.nonceTtlMs);
    return { nonce, expiresAt: new Date(expiresAt).toISOString(), chainIds: config.siweChainIds, statement: OPERATOR_SIGN_IN_STATEMENT };
  }, { rateLimit: 'auth' });

  route(app, contract.admin.signIn, async (request) => {
    const signedIn = await signInOperator(db, config, request.body, clock.now(), { userAgent: request.headers['user-agent'] ?? '', ip: request.ip });
    request.log.info({ operator: signedIn.operator.address, role: signedIn.operator.role }, 'operator signed in');
    return { token: signedIn.token, expiresAt: time.timestamp(signedIn.expiresAt), me: me(signedIn.operator) };
  }, { rateLimit: 'auth' });

  route(app, contract.admin.signOut, async (request) => {
    await endOperatorSession(db, operatorOf(request).sessionId, clock.now());
    return null;
  });

  route(app, contract.admin.me, async (request) => me(await operatorById(db, operatorOf(request).operatorId)));

  route(app, contract.admin.sessions, async (request) => {
    const operator = operatorOf(request);
    const sessions = await listOperatorSessions(db, operator.role === 'admin' ? null : operator.operatorId, clock.now(), ctx.sessionTouches.operators);
    return sessions.map((s) => ({
      id: s.publicId, operatorId: String(s.operatorId), address: s.address, role: s.role as OperatorRole, userAgent: s.userAgent, ip: s.ip,
      createdAt: time.timestamp(s.createdAt), lastUsedAt: time.timestamp(s.lastUsedAt), current: s.id === operator.sessionId,
    }));
  });

  route(app, contract.admin.revokeSession, async (request) => {
    if (!(await revokeOperatorSessionAs(db, request.body.id, { actor: actorOf(request), now: clock.now(), reason: '' }))) {
      throw new ApiError('NOT_FOUND', { messageKey: 'admin.session.notFound' });
    }
    return null;
  });

  route(app, contract.admin.stepUpChallenge, async (request) => {
    const challenge = await issueOperatorChallenge(db, operatorOf(request).operatorId, request.body.action, request.body.target, clock.now());
    return { nonce: challenge.nonce, expiresAt: new Date(challenge.expiresAt).toISOString(), chainIds: config.siweChainIds, statement: challenge.statement };
  }, { rateLimit: 'auth' });

  route(app, contract.admin.operators, async () => (await listOperators(db)).map(operatorView));

  const act = (request: Parameters<typeof actorOf>[0], reason: string, stepUp?: OperatorAct['stepUp']): OperatorAct => ({ actor: actorOf(request), now: clock.now(), reason, ...(stepUp ? { stepUp } : {}) });

  route(app, contract.admin.addOperator, async (request) => {
    const { address, role, reason } = request.body;
    return { approval: await oneApproval(await askToAddOperator(db, { address, role }, act(request, reason))) };
  });

  route(app, contract.admin.updateOperator, async (request) => {
    const { role, enabled, reason } = request.body;
    return { approval: await oneApproval(await askToUpdateOperator(db, BigInt(request.params.id), { role, enabled }, act(request, reason))) };
  });

  route(app, contract.admin.approvals, async (request) => {
    const page = await listApprovals(db, request.query);
    return { ...page, list: page.list.map(approvalView) };
  });

  route(app, contract.admin.confirmApproval, async (request) => {
    const approval = await approvalById(db, BigInt(request.params.id));
    const now = clock.now();
    const stepUp = await checkOperatorStepUp(db, config, { operator: operatorOf(request), action: 'approval.confirm', target: String(approval.id), proof: request.body.proof, now });
    await APPROVAL_EXECUTORS[approval.action as FourEyesAction](db, approval, { actor: actorOf(request), now, reason: approval.reason, stepUp });
    return { approval: await oneApproval(await approvalById(db, approval.id)) };
  });

  route(app, contract.admin.cancelApproval, async (request) => {
    const approval = await approvalById(db, BigInt(request.params.id));
    await cancelApproval(db, approval, act(request, request.body.reason));
    return { approval: await oneApproval(await approvalById(db, approval.id)) };
  });

  route(app, contract.admin.audit, async (request) => {
    const { list, total, page, pageSize } = await listAudit(db, request.query);
    return {
      list: list.map((row) => ({
        id: String(row.id), source: row.source as 'console' | 'cli', actor: row.actor, role: row.role, action: row.action, target: row.target,
        before: row.before_json === null ? null : JSON.parse(row.before_json), after: row.after_json === null ? null : JSON.parse(row.after_json),
        reason: row.reason, requestId: row.request_id, createdAt: time.timestamp(row.created_at),
      })),
      total, page, pageSize,
    };
  });
}
