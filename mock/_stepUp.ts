/**
 * Step-up in the mocks: a purpose-bound, single-use challenge, and the check of the wallet proof
 * (signed by the user, for that challenge). The real rules (origin, statement, expiry, in the
 * change's transaction) are the server's: server/auth/stepUp.ts.
 */
import type { StepUpPurposeType, WalletProofType } from '../contract/stepUp';
import type { MessageKey } from '../contract/messages/zh-TW';
import { sameStatement } from '../contract/rules/walletStatements';
import { MockError } from './_errors';
import { parseSiwe, siweSigner } from './_siwe';
import { randomToken, state, type MockUser } from './_state';

const TTL_MS = 5 * 60 * 1000;
const STATEMENTS: Record<StepUpPurposeType, string> = {
  'payPassword.set': 'Set pay password for PowerFi',
  'payPassword.change': 'Change pay password for PowerFi',
  'payPassword.reset': 'Reset pay password for PowerFi',
  withdraw: 'Withdraw from PowerFi',
  'withdrawAddress.add': 'Add a withdrawal address to PowerFi',
};

export function issueChallenge(user: MockUser, purpose: StepUpPurposeType): { nonce: string; expires: number; statement: string } {
  const nonce = randomToken(8);
  const expires = Date.now() + TTL_MS;
  state.challenges.set(nonce, { uid: user.uid, purpose, expires });
  return { nonce, expires, statement: STATEMENTS[purpose] };
}

/** Refuses (403) unless `proof` is the user's wallet signing an unused challenge of `purpose`; spends it. */
export function spendProof(
  user: MockUser,
  purpose: StepUpPurposeType,
  proof: WalletProofType | undefined,
  /** the statement required (e.g. one naming a withdrawal; an address in it by value) and the refusal when it differs */
  exact?: { statement: string; mismatch: MessageKey },
): void {
  if (!proof) throw new MockError('STEP_UP_REQUIRED', `stepUp.required.${purpose}`);
  const message = parseSiwe(proof.message);
  let signer: string;
  try {
    signer = siweSigner(message, proof.message, proof.signature);
  } catch {
    throw new MockError('STEP_UP_INVALID', 'SIWE_SIGNATURE_INVALID');
  }
  if (signer !== user.address) throw new MockError('STEP_UP_INVALID', 'stepUp.wrongWallet');
  if (exact && !sameStatement(message.statement ?? '', exact.statement)) throw new MockError('STEP_UP_INVALID', exact.mismatch);
  const challenge = state.challenges.get(message.nonce);
  if (!challenge || challenge.uid !== user.uid || challenge.purpose !== purpose || challenge.expires < Date.now()) {
    throw new MockError('STEP_UP_INVALID', 'stepUp.challengeInvalid');
  }
  state.challenges.delete(message.nonce);
}
