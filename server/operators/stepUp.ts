/**
 * An operator's step-up: a fresh wallet signature whose statement names one action on one target
 * ("Approve withdrawal 12 in the PowerFi operator console"), over a single-use nonce bound to the
 * operator, the action and the target. As users' (server/auth/stepUp.ts): checked before the work,
 * spent inside the action's transaction (`OperatorAct.stepUp`), refused with 403, never 401.
 */
import { operatorActionStatement, type OperatorStepUpAction } from '../../contract/rules/operators';
import type { WalletProofType } from '../../contract/stepUp';
import type { ExpressionBuilder } from 'kysely';
import type { ServerConfig } from '../config';
import type { Database, Db } from '../db';
import { ApiError } from '../http/errors';
import type { MessageKey } from '../i18n';
import { randomNonce } from '../auth/nonces';
import { STEP_UP_TTL_MS, type ConsumeStepUp } from '../auth/stepUp';
import { verifySiwe } from '../auth/siwe';
import { sameStatement } from '../../contract/rules/walletStatements';
import type { OperatorSessionInfo } from './sessions';

export async function issueOperatorChallenge(db: Db, operatorId: bigint, action: OperatorStepUpAction, target: string, now: number) {
  const nonce = randomNonce();
  const expiresAt = now + STEP_UP_TTL_MS;
  await db.deleteFrom('operator_challenges').where('expires_at', '<', BigInt(now)).execute();
  await db
    .insertInto('operator_challenges')
    .values({ nonce, operator_id: operatorId, action, target, created_at: BigInt(now), expires_at: BigInt(expiresAt), used_at: null })
    .execute();
  return { nonce, expiresAt, statement: operatorActionStatement(action, target) };
}

function invalid(messageKey: MessageKey): ApiError {
  return new ApiError('STEP_UP_INVALID', { messageKey });
}

function live(nonce: string, operatorId: bigint, action: string, target: string, now: number) {
  return (eb: ExpressionBuilder<Database, 'operator_challenges'>) =>
    eb.and([
      eb('nonce', '=', nonce), eb('operator_id', '=', operatorId), eb('action', '=', action), eb('target', '=', target),
      eb('used_at', 'is', null), eb('expires_at', '>', BigInt(now)),
    ]);
}

export interface OperatorStepUpRequest {
  operator: OperatorSessionInfo;
  action: OperatorStepUpAction;
  /** what the action acts on, as the challenge named it (e.g. the withdrawal id) */
  target: string;
  proof: WalletProofType | undefined;
  now: number;
}

/** Verifies the proof (403 STEP_UP_REQUIRED / STEP_UP_INVALID) and returns what spends it. */
export async function checkOperatorStepUp(db: Db, config: ServerConfig, request: OperatorStepUpRequest): Promise<ConsumeStepUp> {
  const { operator, action, target, proof, now } = request;
  if (!proof) throw new ApiError('STEP_UP_REQUIRED', { messageKey: 'admin.stepUp.required' });
  let verified;
  try {
    verified = verifySiwe(proof.message, proof.signature, {
      origins: config.publicOrigins, chainIds: config.siweChainIds, now, maxAgeMs: STEP_UP_TTL_MS, skewMs: config.siweClockSkewMs,
    });
  } catch (error) {
    if (error instanceof ApiError) throw invalid(error.options.messageKey === 'auth.issuedAtTooOld' ? 'SIWE_EXPIRED' : error.options.messageKey ?? (error.code as MessageKey));
    throw error;
  }
  if (verified.address !== operator.address) throw invalid('admin.stepUp.wrongWallet');
  if (!sameStatement(verified.statement ?? '', operatorActionStatement(action, target))) throw invalid('admin.stepUp.wrongAction');
  const challenge = live(verified.nonce, operator.operatorId, action, target, now);
  if (!(await db.selectFrom('operator_challenges').select('nonce').where(challenge).executeTakeFirst())) throw invalid('admin.stepUp.challengeInvalid');
  return async (trx) => {
    const spent = await trx.updateTable('operator_challenges').set({ used_at: BigInt(now) }).where(challenge).executeTakeFirst();
    if (spent.numUpdatedRows !== 1n) throw invalid('admin.stepUp.challengeInvalid');
  };
}
