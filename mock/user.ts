/** The signed-in user, the pay password and the user's ledger entries. */
import { notify } from './_notify';
import { contract } from '../contract';
import { refusal } from './_errors';
import { byId, mockRoutes, newestFirst, paginate } from './_kit';
import { checkPayPassword, profileOf } from './_state';
import { spendProof } from './_stepUp';
import { withdrawalOfEntry, withdrawHoldOf } from './withdraw';
import { payPasswordResetStatement } from '../contract/rules/payPassword';
import { now } from './_time';

export default mockRoutes(contract.user, {
  profile: ({ user }) => profileOf(user),

  payPass: ({ user, body }) => {
    spendProof(user, user.payPassword === null ? 'payPassword.set' : 'payPassword.change', body.proof);
    if (user.payPassword !== null) {
      if (body.oldPassword === undefined) throw refusal('BUSINESS_RULE', 'payPassword.oldRequired');
      checkPayPassword(user, body.oldPassword);
      if (body.oldPassword === body.newPassword) throw refusal('BUSINESS_RULE', 'payPassword.sameAsOld');
    }
    notify(user, user.payPassword === null ? 'payPassword.set' : 'payPassword.changed', {});
    user.payPassword = body.newPassword;
    user.payPasswordChangedAt = now();
    return { hasPayPassword: true };
  },

  // server/payPassword/reset.ts
  payPassReset: ({ user, body }) => {
    if (user.payPassword === null) throw refusal('PAY_PASSWORD_REQUIRED', 'payPassword.notSet');
    spendProof(user, 'payPassword.reset', body.proof, { statement: payPasswordResetStatement(user.address), mismatch: 'stepUp.wrongPurpose' });
    user.payPassword = body.newPassword;
    user.payPasswordChangedAt = now();
    user.payPasswordResetAt = now();
    user.payPasswordGuard = { failures: 0, lockedUntil: 0 };
    const withdrawHeldUntil = withdrawHoldOf(user)!;
    notify(user, 'payPassword.reset', { withdrawHeldUntil });
    return { hasPayPassword: true, withdrawHeldUntil };
  },

  walletDetails: ({ user, query }) => {
    const entries = newestFirst(user.entries).filter((e) => {
      const day = e.createdAt.slice(0, 10);
      return (!query.type || e.type === query.type)
        && (!query.currency || e.currency === query.currency)
        && (!query.from || day >= query.from)
        && (!query.to || day <= query.to);
    });
    // an entry of a withdrawal names it, as the server's do (server/accountHistory/walletDetails.ts)
    return paginate(entries.map((e) => {
      const withdrawal = withdrawalOfEntry(user, e);
      return withdrawal ? { ...e, withdrawal } : e;
    }), query, byId);
  },
});
