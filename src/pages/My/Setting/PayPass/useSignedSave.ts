/**
 * Saving a pay password after a wallet signature, as the setting and the reset pages both do:
 * the wallet signs (`saving` is 'signing'), the server is asked ('saving'), the user is marked as
 * having one, the form is cleared, and the page goes back to `?redirect=` when it names a path
 * inside the app (else to `fallback`, when given). A refused signature is kept for
 * WalletProofError; the server's refusal was already shown by the request layer.
 */
import type { FormInstance } from 'antd';
import { history, useModel } from '@umijs/max';
import { useState } from 'react';
import type { WalletProofType } from '../../../../../contract/stepUp';
import { message } from '@/components/Feedback/notifier';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { withCurrentUser } from '@/initialState';
import { updateStoredUser } from '@/session';
import type { WalletError } from '@/wallet/errors';

export function useSignedSave(form: FormInstance) {
  const user = useCurrentUser();
  const { setInitialState } = useModel('@@initialState');
  const [saving, setSaving] = useState<false | 'signing' | 'saving'>(false);
  const [walletError, setWalletError] = useState<WalletError | null>(null);

  /** `prove` asks the wallet; `send` sends the proof and answers the success text. */
  const save = async (prove: () => Promise<WalletProofType>, send: (proof: WalletProofType) => Promise<string>, fallback?: string) => {
    if (!user) return;
    setWalletError(null);
    setSaving('signing');
    try {
      let proof;
      try {
        proof = await prove();
      } catch (error) {
        setWalletError(error as WalletError);
        return;
      }
      setSaving('saving');
      const done = await send(proof);
      const updated = { ...user, hasPayPassword: true };
      updateStoredUser(updated);
      await setInitialState(withCurrentUser(updated));
      message.success(done);
      form.resetFields();
      // back to the money move that sent the user here (only paths inside the app)
      const back = new URLSearchParams(window.location.search).get('redirect');
      if (back?.startsWith('/') && !back.startsWith('//')) history.push(back);
      else if (fallback) history.push(fallback);
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return { user, saving, walletError, save };
}
