/**
 * Add a withdrawal address: a label and the address of the chosen network (typed, pasted with
 * the paste button, or scanned from a QR code where the browser can). The wallet that signed in signs a statement naming the address
 * (contract/rules/withdraw.ts `withdrawAddressStatement`), which makes it usable at once; without
 * a wallet signature (declined, no wallet) it can still be saved, and is usable after the delay
 * the server names (addressDelayHours). What was pasted is checksummed (EIP-55) before the wallet
 * signs it and before it is sent, so an all-lowercase address from an exchange signs the form the
 * server names; mixed case that fails the checksum is refused as typed.
 */
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { getAddress, isAddress } from 'ethers';
import { withdrawAddressStatement } from '../../../../contract/rules/withdraw';
import type { WithdrawAddressType } from '../../../../contract/withdraw';
import BottomSheet from '@/components/BottomSheet';
import ScanAddressButton from '@/components/ScanAddress';
import { message } from '@/components/Feedback/notifier';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { withdrawApi } from '@/services';
import { WalletError } from '@/wallet/errors';
import { proveWallet } from '@/wallet/stepUp';
import WalletProofError from '../components/WalletProofError';

interface Props {
  open: boolean;
  network: string;
  delayHours: number;
  onClose: () => void;
  onAdded: (address: WithdrawAddressType) => void;
}

export default function AddAddressSheet({ open, network, delayHours, onClose, onAdded }: Props) {
  const t = useT();
  const user = useCurrentUser();
  const [form] = Form.useForm<{ label: string; address: string }>();
  const [busy, setBusy] = useState<'signing' | 'saving'>();
  const [walletError, setWalletError] = useState<WalletError>();

  const save = async ({ label, address: typed }: { label: string; address: string }, signed: boolean) => {
    setWalletError(undefined);
    // the validator let through only a valid address: lower, upper or correct mixed case
    const address = getAddress(typed.trim());
    let proof;
    if (signed) {
      setBusy('signing');
      try {
        proof = await proveWallet('withdrawAddress.add', user!.address, withdrawAddressStatement({ network, address }));
      } catch (error) {
        setBusy(undefined);
        if (error instanceof WalletError) return setWalletError(error);
        throw error;
      }
    }
    setBusy('saving');
    try {
      const added = await withdrawApi.addressAdd({ label: label.trim(), network, address, ...(proof ? { proof } : {}) });
      message.success(added.usable ? t('withdraw.addressAdded') : t('withdraw.addressAddedLater', { time: added.usableFrom }));
      form.resetFields();
      onAdded(added);
      onClose();
    } finally {
      setBusy(undefined);
    }
  };

  const fill = (address: string) => {
    form.setFieldValue('address', address);
    void form.validateFields(['address']).catch(() => undefined);
  };

  // wallet browsers may refuse the clipboard: then the user types or long-presses to paste
  const paste = async () => {
    try {
      const text = (await navigator.clipboard.readText()).trim();
      if (!text) throw new Error('empty clipboard');
      fill(text);
    } catch {
      message.warning(t('withdraw.pasteFailed'));
    }
  };

  const submit = (signed: boolean) => () => void form.validateFields().then((values) => save(values, signed), () => undefined);

  return (
    <BottomSheet open={open} title={t('withdraw.addAddressTitle', { network })} onClose={onClose} destroyOnClose>
      {walletError && user && <WalletProofError error={walletError} address={user.address} action="withdraw" />}
      <Form form={form} layout="vertical" requiredMark={false} style={{ marginTop: 8 }}>
        <Form.Item name="label" label={t('withdraw.addressLabel')} rules={[{ required: true, whitespace: true, max: 32, message: t('withdraw.addressLabelRule') }]}>
          <Input maxLength={32} autoComplete="off" placeholder={t('withdraw.addressLabelPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('withdraw.addressField', { network })}
          rules={[{ validator: async (_, value: string | undefined) => {
            if (!value || !isAddress(value.trim())) throw new Error(t('withdraw.addressInvalid', { network }));
          } }]}
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
            suffix={
              <>
                <Button type="link" size="small" onClick={() => void paste()} style={{ paddingInline: 4 }} data-testid="withdraw-address-paste">
                  {t('withdraw.paste')}
                </Button>
                <ScanAddressButton onAddress={fill} testId="withdraw-address-scan" />
              </>
            }
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('withdraw.addressSignHint', { hours: delayHours })}
        </Typography.Paragraph>
        <Button type="primary" block size="large" loading={busy === 'signing'} disabled={!!busy} onClick={submit(true)} data-testid="withdraw-address-sign">
          {t(busy === 'signing' ? 'walletProof.signing' : 'withdraw.addressSignAndSave')}
        </Button>
        <Button type="link" block style={{ marginTop: 8, height: 44 }} loading={busy === 'saving'} disabled={!!busy} onClick={submit(false)}>
          {t('withdraw.addressSaveUnsigned', { hours: delayHours })}
        </Button>
      </Form>
    </BottomSheet>
  );
}
