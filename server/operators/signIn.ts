/**
 * An operator's sign-in: a SIWE message for a configured origin whose statement is the console's
 * own (a user's sign-in message opens nothing here), signed by an enabled operator's wallet, over
 * one of the server's unused nonces; nonce spent and session opened in one transaction.
 */
import { OPERATOR_SIGN_IN_STATEMENT } from '../../contract/rules/operators';
import type { ServerConfig } from '../config';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { consumeNonce } from '../auth/nonces';
import type { SessionDevice } from '../auth/sessionCore';
import { verifySiwe } from '../auth/siwe';
import { createOperatorSession } from './sessions';
import type { OperatorRow } from './operators';

export async function signInOperator(
  db: Db,
  config: ServerConfig,
  body: { message: string; signature: string },
  now: number,
  device: SessionDevice,
): Promise<{ token: string; expiresAt: number; operator: OperatorRow }> {
  const verified = verifySiwe(body.message, body.signature, {
    origins: config.publicOrigins, chainIds: config.siweChainIds, now, maxAgeMs: config.siweMaxAgeMs, skewMs: config.siweClockSkewMs,
  });
  if (verified.statement !== OPERATOR_SIGN_IN_STATEMENT) throw new ApiError('SIWE_INVALID', { messageKey: 'admin.signIn.wrongStatement' });
  return db.transaction().execute(async (trx) => {
    if (!(await consumeNonce(trx, verified.nonce, now))) throw new ApiError('SIWE_NONCE_INVALID');
    const operator = await trx.selectFrom('operators').selectAll().where('address', '=', verified.address).where('enabled', '=', 1n).executeTakeFirst();
    if (!operator) throw new ApiError('FORBIDDEN', { messageKey: 'admin.signIn.notOperator' });
    const session = await createOperatorSession(trx, operator.id, now, device);
    return { ...session, operator };
  });
}
