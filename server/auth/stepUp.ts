/**
 * Step-up: fresh proof of wallet ownership for security-sensitive changes (setting or changing the
 * pay password; later withdrawal addresses and withdrawals). A session token alone cannot make such
 * a change: a stolen token, or one a phishing relay obtained, lacks the wallet's key.
 *
 * 1. The signed-in caller asks for a challenge for one purpose: a nonce stored in the database
 *    (every server process sees it) with the user, the purpose and a short expiry.
 * 2. The wallet signs a SIWE message for a configured origin with that nonce and the purpose's
 *    statement, e.g. "Set pay password for PowerFi" (the text the user reads in the wallet).
 * 3. `checkStepUp` verifies what needs no write — the sign-in rules (origin, chain, times,
 *    signature), signed by the session's own address, the purpose's statement (word for word, but
 *    an address it names is compared by value: contract/rules/walletStatements.ts), the nonce being
 *    this user's unused, unexpired challenge for this purpose — and returns `consume`, which the
 *    caller runs inside the transaction of the change: single use, and a change that fails
 *    leaves the proof unspent.
 *
 * Every refusal is 403 (STEP_UP_REQUIRED / STEP_UP_INVALID), never 401: the session is fine, and
 * a 401 would sign the user out.
 */
import type { StepUpPurposeType, WalletProofType } from '../../contract/stepUp';
import { sameStatement } from '../../contract/rules/walletStatements';
import type { ExpressionBuilder } from 'kysely';
import type { ServerConfig } from '../config';
import type { Database, Db } from '../db';
import { ApiError } from '../http/errors';
import type { MessageKey } from '../i18n';
import { randomNonce } from './nonces';
import { verifySiwe } from './siwe';

/** How long a challenge, and the message signed for it, stay valid. */
export const STEP_UP_TTL_MS = 5 * 60 * 1000;

/** The SIWE statement of each purpose (SIWE statements are ASCII). */
export const STEP_UP_STATEMENTS: Record<StepUpPurposeType, string> = {
  'payPassword.set': 'Set pay password for PowerFi',
  'payPassword.change': 'Change pay password for PowerFi',
  // the generic text; the statement checked names the user's address (contract/rules/payPassword.ts)
  'payPassword.reset': 'Reset pay password for PowerFi',
  // the generic text; the statement checked names the exact withdrawal or address (contract/rules/withdraw.ts)
  withdraw: 'Withdraw from PowerFi',
  'withdrawAddress.add': 'Add a withdrawal address to PowerFi',
};

export interface IssuedChallenge {
  nonce: string;
  expiresAt: number;
  statement: string;
}

export async function issueStepUpChallenge(db: Db, userId: bigint, purpose: StepUpPurposeType, now: number): Promise<IssuedChallenge> {
  const nonce = randomNonce();
  const expiresAt = now + STEP_UP_TTL_MS;
  // expired challenges are worthless: clear them as new ones are handed out
  await db.deleteFrom('step_up_challenges').where('expires_at', '<', BigInt(now)).execute();
  await db
    .insertInto('step_up_challenges')
    .values({ nonce, user_id: userId, purpose, created_at: BigInt(now), expires_at: BigInt(expiresAt), used_at: null })
    .execute();
  return { nonce, expiresAt, statement: STEP_UP_STATEMENTS[purpose] };
}

export interface StepUpRequest {
  userId: bigint;
  purpose: StepUpPurposeType;
  proof: WalletProofType | undefined;
  now: number;
  /** the exact statement the wallet must have signed (default: the purpose's), e.g. one naming a withdrawal */
  statement?: string;
  /** the refusal when the statement differs (default stepUp.wrongPurpose) */
  statementMismatch?: MessageKey;
}

/** Spends the proof; run it in the transaction of the change it authorises. */
export type ConsumeStepUp = (trx: Db) => Promise<void>;

function invalid(messageKey: MessageKey): ApiError {
  return new ApiError('STEP_UP_INVALID', { messageKey });
}

/** The sign-in rules, refused as STEP_UP_INVALID with the rule's own message. */
function verifyMessage(proof: WalletProofType, config: ServerConfig, now: number) {
  try {
    return verifySiwe(proof.message, proof.signature, {
      origins: config.publicOrigins,
      chainIds: config.siweChainIds,
      now,
      maxAgeMs: STEP_UP_TTL_MS,
      skewMs: config.siweClockSkewMs,
    });
  } catch (error) {
    // sign-in's "older than 10 minutes" would misstate the step-up limit
    if (error instanceof ApiError) throw invalid(error.options.messageKey === 'auth.issuedAtTooOld' ? 'SIWE_EXPIRED' : error.options.messageKey ?? (error.code as MessageKey));
    throw error;
  }
}

/** The challenge `nonce` of this user and purpose, unused and unexpired. */
function liveChallenge(nonce: string, userId: bigint, purpose: StepUpPurposeType, now: number) {
  return (eb: ExpressionBuilder<Database, 'step_up_challenges'>) =>
    eb.and([eb('nonce', '=', nonce), eb('user_id', '=', userId), eb('purpose', '=', purpose), eb('used_at', 'is', null), eb('expires_at', '>', BigInt(now))]);
}

/**
 * Verifies a fresh wallet proof of `purpose` by the session's user; throws 403 STEP_UP_REQUIRED
 * (none sent) or STEP_UP_INVALID (with the failed rule), else returns its `consume`.
 */
export async function checkStepUp(db: Db, config: ServerConfig, request: StepUpRequest): Promise<ConsumeStepUp> {
  const { userId, purpose, proof, now, statement = STEP_UP_STATEMENTS[purpose] } = request;
  if (!proof) throw new ApiError('STEP_UP_REQUIRED', { messageKey: `stepUp.required.${purpose}` });
  const verified = verifyMessage(proof, config, now);
  const user = await db.selectFrom('users').select('address').where('id', '=', userId).executeTakeFirst();
  if (!user || user.address !== verified.address) throw invalid('stepUp.wrongWallet');
  if (!sameStatement(verified.statement ?? '', statement)) throw invalid(request.statementMismatch ?? 'stepUp.wrongPurpose');
  // checked before the change's slow work (e.g. checking the old password), spent inside its transaction
  const live = liveChallenge(verified.nonce, userId, purpose, now);
  if (!(await db.selectFrom('step_up_challenges').select('nonce').where(live).executeTakeFirst())) throw invalid('stepUp.challengeInvalid');
  return async (trx) => {
    const spent = await trx.updateTable('step_up_challenges').set({ used_at: BigInt(now) }).where(live).executeTakeFirst();
    if (spent.numUpdatedRows !== 1n) throw invalid('stepUp.challengeInvalid');
  };
}
