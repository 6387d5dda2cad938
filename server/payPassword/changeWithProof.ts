/**
 * Setting the first pay password, or changing it with the current one: either needs a fresh
 * wallet signature for its purpose (auth/stepUp.ts), not only the session token.
 */
import type { PayPassBodyType } from '../../contract/user';
import { checkStepUp } from '../auth/stepUp';
import type { ServerConfig } from '../config';
import type { Db } from '../db';
import { hasPayPassword, setPayPassword } from './payPassword';
import type { PayPasswordKeys } from './pepper';

export async function changePayPassword(db: Db, config: ServerConfig, keys: PayPasswordKeys, userId: bigint, body: PayPassBodyType, now: number): Promise<void> {
  const { proof, ...passwords } = body;
  const purpose = (await hasPayPassword(db, userId)) ? 'payPassword.change' : 'payPassword.set';
  const consumeProof = await checkStepUp(db, config, { userId, purpose, proof, now });
  await setPayPassword(db, keys, userId, passwords, now, consumeProof);
}
