/**
 * Step-up: a fresh wallet signature (a SIWE message with a purpose-bound, single-use nonce) that
 * security-sensitive changes need besides the session token (docs/security.md).
 */
import { Type, type Static } from '@sinclair/typebox';
import { MultilineText } from './common';

/**
 * What a fresh wallet signature may authorise; each has its own statement the wallet
 * shows, and a proof for one purpose never serves another.
 */
export const STEP_UP_PURPOSES = ['payPassword.set', 'payPassword.change', 'payPassword.reset', 'withdraw', 'withdrawAddress.add'] as const;
export const StepUpPurpose = Type.Union(STEP_UP_PURPOSES.map((p) => Type.Literal(p)));
export type StepUpPurposeType = Static<typeof StepUpPurpose>;

export const StepUpChallengeBody = Type.Object({ purpose: StepUpPurpose });
export type StepUpChallengeBodyType = Static<typeof StepUpChallengeBody>;

/** A fresh wallet signature: the signed SIWE message (nonce of a step-up challenge) and its signature. */
export const WalletProof = Type.Object({
  /** the EIP-4361 text: lines, so line feeds are allowed in it */
  message: MultilineText({ minLength: 1, maxLength: 4096 }),
  signature: Type.String({ pattern: '^0x[0-9a-fA-F]{130}$' }),
});
export type WalletProofType = Static<typeof WalletProof>;

